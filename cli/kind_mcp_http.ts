import { resolve } from "node:path";
import { mcpHttpAdapter } from "../src/adapters/mcp_http.ts";
import { mcpHttpCommandAdapter } from "../src/adapters/mcp_http_command.ts";
import type { AdapterKind } from "./_adapter_kind.ts";
import { processProperties, resolveArgv } from "./_process_section.ts";
import { DECLARED_VERSION } from "./_mcp_kind_schema.ts";

/** The `adapter:` section of a `kind: mcp-http` target, as validated. */
export interface McpHttpSection {
  /** Always `mcp-http`. */
  kind: "mcp-http";
  /** The MCP endpoint (absent when `command` prints it). */
  url?: string;
  /** How to start the server; absent when it already runs. */
  command?: {
    argv: string[];
    cwd?: string;
    env?: Record<string, string>;
    inherit_env?: boolean;
    ready_line?: string;
    root_env?: string;
    max_restarts?: number;
  };
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** Folder the server can read, relative to the config file's folder. */
  workspace?: string;
  /** The server's root, inside the workspace. */
  root?: string;
  /** Timeouts in milliseconds. */
  timeouts?: { init_ms?: number; call_ms?: number };
  /** The version to report when the server's is empty. */
  version?: string;
  /** Largest response body, in bytes. */
  max_response_bytes?: number;
}

const SCHEMA = {
  type: "object",
  description:
    "Talks MCP over Streamable HTTP to a server at a URL (already running, or started by command), through the official TypeScript SDK; see docs/mcp.md.",
  required: ["kind"],
  anyOf: [{ required: ["url"] }, { required: ["command"] }],
  additionalProperties: false,
  properties: {
    kind: { const: "mcp-http" },
    url: {
      description: "The MCP endpoint, for example http://127.0.0.1:8787/mcp.",
      type: "string",
      pattern: "^https?://",
    },
    command: {
      description:
        "Start the server (stopped at the end) in a workspace the kit makes and removes; its first stdout line gives the URL. With command, workspace and root are not used: root_env names the variable that receives the root.",
      type: "object",
      required: ["argv"],
      additionalProperties: false,
      properties: {
        ...processProperties("server"),
        ready_line: {
          description:
            "A regular expression matched against the server's first stdout line; its first group is the MCP endpoint. Default: ^listening (https?://\\S+)$",
          type: "string",
          minLength: 1,
        },
        root_env: {
          description:
            "Name of the variable that receives the server's root, a folder inside the workspace (NETDRYRUN_MCP_ROOT, say). Without it, root-dependent cases are skipped.",
          type: "string",
          pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
        },
        max_restarts: {
          description:
            "Restarts (each a fresh server process, on its own URL) after the server died before every later case is errored. Default 3.",
          type: "integer",
          minimum: 0,
          maximum: 1000,
        },
      },
    },
    headers: {
      description: "HTTP headers sent with every request (Authorization, say).",
      type: "object",
      additionalProperties: { type: "string" },
    },
    workspace: {
      description:
        "A folder the server can read where the kit lays scenario files out, relative to the config file's folder. Default: a temp folder (works for a server on this machine).",
      type: "string",
      minLength: 1,
    },
    root: {
      description:
        "The server's root (NETDRYRUN_MCP_ROOT), a folder inside workspace, relative to the config file's folder. Without it, root-dependent cases are skipped.",
      type: "string",
      minLength: 1,
    },
    version: DECLARED_VERSION,
    timeouts: {
      type: "object",
      additionalProperties: false,
      properties: {
        init_ms: {
          description: "Connect and initialize, in milliseconds. Default 15000.",
          type: "integer",
          minimum: 1,
          maximum: 600000,
        },
        call_ms: {
          description: "One request, in milliseconds; past it the case is errored. Default 10000.",
          type: "integer",
          minimum: 1,
          maximum: 3600000,
        },
      },
    },
    max_response_bytes: {
      description: "Largest HTTP response body read, in bytes. Default 8388608.",
      type: "integer",
      minimum: 1024,
      maximum: 1073741824,
    },
  },
};

/**
 * The `kind: mcp-http` adapter kind for config files: its section's JSON Schema and the
 * wiring to {@linkcode mcpHttpAdapter}. `workspace` and `root` resolve against the config
 * file's folder.
 *
 * @example Make an adapter for a server on a loopback port
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpHttpAdapterKind } from "./kind_mcp_http.ts";
 *
 * const adapter = mcpHttpAdapterKind.create(
 *   { kind: "mcp-http", url: "http://127.0.0.1:8787/mcp" },
 *   { configDir: "/tmp" },
 * );
 * assert.equal(adapter.kind, "mcp-http");
 * await adapter.close();
 * ```
 */
export const mcpHttpAdapterKind: AdapterKind = {
  kind: "mcp-http",
  description:
    "an MCP server behind a Streamable HTTP URL, already running or started by command (official MCP SDK client)",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as McpHttpSection;
    if (s.command) {
      const c = s.command;
      return mcpHttpCommandAdapter(resolveArgv(c.argv, context.configDir), {
        cwd: resolve(context.configDir, c.cwd ?? "."),
        ...(c.env ? { env: c.env } : {}),
        inheritEnv: c.inherit_env ?? false,
        ...(c.ready_line ? { readyLine: new RegExp(c.ready_line) } : {}),
        ...(c.root_env ? { rootEnv: c.root_env } : {}),
        maxRestarts: c.max_restarts,
        headers: s.headers,
        initTimeoutMs: s.timeouts?.init_ms,
        callTimeoutMs: s.timeouts?.call_ms,
        maxResponseBytes: s.max_response_bytes,
        declaredVersion: s.version,
        toolTimeoutsMs: context.toolTimeoutsMs,
      });
    }
    return mcpHttpAdapter(s.url!, {
      headers: s.headers,
      ...(s.workspace ? { workspace: resolve(context.configDir, s.workspace) } : {}),
      ...(s.root ? { root: resolve(context.configDir, s.root) } : {}),
      initTimeoutMs: s.timeouts?.init_ms,
      callTimeoutMs: s.timeouts?.call_ms,
      declaredVersion: s.version,
      toolTimeoutsMs: context.toolTimeoutsMs,
      maxResponseBytes: s.max_response_bytes,
    });
  },
};
