/**
 * The adapter kinds a config file can name (`adapter: {kind: ...}`). The core never imports
 * an adapter; the CLI wires each kind's config section to its implementation here.
 *
 * @module
 */
import type { AdapterKind } from "./_adapter_kind.ts";
import { subprocessAdapterKind } from "./kind_subprocess.ts";
import { mcpStdioAdapterKind } from "./kind_mcp_stdio.ts";
import { mcpHttpAdapterKind } from "./kind_mcp_http.ts";
import { httpAdapterKind } from "./kind_http.ts";
import { httpAgentAdapterKind } from "./kind_http_agent.ts";
import { gns3LabAdapterKind } from "./kind_gns3_lab.ts";

export type { AdapterKind } from "./_adapter_kind.ts";

/** Every adapter kind, in help order. */
export const adapterKinds: readonly AdapterKind[] = [
  subprocessAdapterKind,
  mcpStdioAdapterKind,
  mcpHttpAdapterKind,
  httpAdapterKind,
  httpAgentAdapterKind,
  gns3LabAdapterKind,
];
