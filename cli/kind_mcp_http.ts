import { resolve } from "node:path";
import { mcpHttpAdapter } from "../src/adapters/mcp_http.ts";
import type { AdapterKind } from "./_adapter_kind.ts";

/** The `adapter:` section of a `kind: mcp-http` target, as validated. */
export interface McpHttpSection {
  /** Always `mcp-http`. */
  kind: "mcp-http";
  /** The MCP endpoint. */
  url: string;
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
    "Talks MCP over Streamable HTTP to a server already running at a URL, through the official TypeScript SDK; see docs/mcp.md.",
  required: ["kind", "url"],
  additionalProperties: false,
  properties: {
    kind: { const: "mcp-http" },
    url: {
      description: "The MCP endpoint, for example http://127.0.0.1:8787/mcp.",
      type: "string",
      pattern: "^https?://",
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
    version: {
      description:
        "The implementation's version for the report when the server's serverInfo.version is empty (the version you pinned); a version the server reports wins, and the report says where it came from.",
      type: "string",
      minLength: 1,
      maxLength: 100,
    },
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
    "an MCP server already running behind a Streamable HTTP URL (official MCP SDK client)",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as McpHttpSection;
    return mcpHttpAdapter(s.url, {
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
