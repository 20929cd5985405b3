import { resolve } from "node:path";
import { processProperties, resolveArgv } from "./_process_section.ts";
import { mcpStdioAdapter } from "../src/adapters/mcp_stdio.ts";
import type { AdapterKind } from "./_adapter_kind.ts";
import { DECLARED_VERSION } from "./_mcp_kind_schema.ts";

/** The `adapter:` section of a `kind: mcp-stdio` target, as validated. */
export interface McpStdioSection {
  /** Always `mcp-stdio`. */
  kind: "mcp-stdio";
  /** Program and arguments of the MCP server. */
  argv: string[];
  /** Working directory, relative to the config file's folder. */
  cwd?: string;
  /** Variables set for the server, on top of the passed ones. */
  env?: Record<string, string>;
  /** Pass the kit's whole environment. */
  inherit_env?: boolean;
  /** Variable that receives the server's root inside the kit's workspace. */
  root_env?: string;
  /** Timeouts in milliseconds. */
  timeouts?: { init_ms?: number; call_ms?: number };
  /** The version to report when the server's is empty. */
  version?: string;
  /** Restarts allowed after crashes. */
  max_restarts?: number;
  /** Largest message accepted from the server, in bytes. */
  max_message_bytes?: number;
}

const SCHEMA = {
  type: "object",
  description:
    "Starts an MCP server as a child process and talks MCP over its stdio through the official TypeScript SDK; see docs/mcp.md.",
  required: ["kind", "argv"],
  additionalProperties: false,
  properties: {
    kind: { const: "mcp-stdio" },
    ...processProperties("server"),
    root_env: {
      description:
        "Name of a variable that receives the server's root: <workspace>/root, in the temp workspace the kit lays scenario files out in (NETDRYRUN_MCP_ROOT for a Netdryrun server). Without it, root-dependent cases are skipped.",
      type: "string",
      pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
    },
    version: DECLARED_VERSION,
    timeouts: {
      type: "object",
      additionalProperties: false,
      properties: {
        init_ms: {
          description: "Spawn to initialized MCP session, in milliseconds. Default 15000.",
          type: "integer",
          minimum: 1,
          maximum: 600000,
        },
        call_ms: {
          description:
            "One request (tools/list, tools/call), in milliseconds; past it the case is errored. Default 10000. Keep it below the target's case timeout.",
          type: "integer",
          minimum: 1,
          maximum: 3600000,
        },
      },
    },
    max_restarts: {
      description:
        "Restarts after the server closed the connection (a crash, a closed stdout) or hung (a call or case timeout) before every later case is errored. Default 3.",
      type: "integer",
      minimum: 0,
      maximum: 1000,
    },
    max_message_bytes: {
      description: "Largest message accepted from the server's stdout, in bytes. Default 8388608.",
      type: "integer",
      minimum: 1024,
      maximum: 1073741824,
    },
  },
};

/**
 * The `kind: mcp-stdio` adapter kind for config files: its section's JSON Schema and the
 * wiring to {@linkcode mcpStdioAdapter}. Relative paths resolve against the config file's
 * folder, which is also the default working directory.
 *
 * @example Make an adapter for the reference server
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpStdioAdapterKind } from "./kind_mcp_stdio.ts";
 *
 * const adapter = mcpStdioAdapterKind.create({
 *   kind: "mcp-stdio",
 *   argv: [Deno.execPath(), "run", "-A", "conformance/netdryrun_mcp/reference_server/main.ts", "--stdio"],
 *   root_env: "NETDRYRUN_MCP_ROOT",
 * }, { configDir: new URL("..", import.meta.url).pathname });
 * const info = await adapter.start();
 * assert.equal(info.name, "netdryrun-reference");
 * await adapter.close();
 * ```
 */
export const mcpStdioAdapterKind: AdapterKind = {
  kind: "mcp-stdio",
  description: "an MCP server started from an argv, over stdio (official MCP SDK client)",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as McpStdioSection;
    return mcpStdioAdapter(resolveArgv(s.argv, context.configDir), {
      cwd: resolve(context.configDir, s.cwd ?? "."),
      env: s.env,
      inheritEnv: s.inherit_env ?? false,
      rootEnv: s.root_env,
      initTimeoutMs: s.timeouts?.init_ms,
      callTimeoutMs: s.timeouts?.call_ms,
      declaredVersion: s.version,
      toolTimeoutsMs: context.toolTimeoutsMs,
      maxRestarts: s.max_restarts,
      maxMessageBytes: s.max_message_bytes,
    });
  },
};
