/**
 * The adapter kinds a config file can name (`adapter: {kind: ...}`). The core never imports
 * an adapter; the CLI wires each kind's config section to its implementation here.
 *
 * @module
 */
import type { Adapter } from "../core/types.ts";
import { subprocessAdapterKind } from "./kind_subprocess.ts";
import { mcpStdioAdapterKind } from "./kind_mcp_stdio.ts";
import { mcpHttpAdapterKind } from "./kind_mcp_http.ts";
import { httpAdapterKind } from "./kind_http.ts";
import { httpAgentAdapterKind } from "./kind_http_agent.ts";

/** What a config file's adapter section turns into. */
export interface AdapterKind {
  /** The `kind` value, for example `subprocess`. */
  kind: string;
  /** One line for `--help`. */
  description: string;
  /**
   * JSON Schema (draft 2020-12) of the adapter section, `kind` included; the config loader
   * validates the section against it and reports errors with line and column.
   */
  schema: Record<string, unknown>;
  /**
   * Make an adapter from a validated section.
   *
   * @param section The adapter section, as validated.
   * @param context `configDir`: the config file's folder, against which relative paths
   * resolve; `profile`: the id of the profile the adapter is made for.
   */
  create(
    section: Record<string, unknown>,
    context: { configDir: string; profile?: string },
  ): Adapter;
}

/** Every adapter kind, in help order. */
export const adapterKinds: readonly AdapterKind[] = [
  subprocessAdapterKind,
  mcpStdioAdapterKind,
  mcpHttpAdapterKind,
  httpAdapterKind,
  httpAgentAdapterKind,
];
