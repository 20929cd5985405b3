import type { Adapter } from "../core/types.ts";
import { trackTempDir } from "./_process_groups.ts";
import { mcpClientAdapter, type McpWorkspace } from "./mcp_client.ts";
import { mcpHttpConnection } from "./mcp_http_transport.ts";

/** Options of {@linkcode mcpHttpAdapter}. */
export interface McpHttpAdapterOptions {
  /**
   * HTTP headers sent with every request (an `Authorization` header, say).
   *
   * @default {}
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * A folder the server can read, where the kit lays out scenario files.
   *
   * @default a temp folder the adapter creates (and removes at close)
   */
  workspace?: string;
  /**
   * The server's root (NETDRYRUN_MCP_ROOT, say): a folder inside `workspace`.
   *
   * @default undefined (the server has no root the kit knows)
   */
  root?: string;
  /**
   * Milliseconds the initialization may take.
   *
   * @default 15000
   */
  initTimeoutMs?: number;
  /**
   * Milliseconds one request may take.
   *
   * @default 10000
   */
  callTimeoutMs?: number;
  /**
   * The implementation's version for the report when the server's `serverInfo.version` is
   * empty (the version you pinned, say); a version the server reports wins.
   *
   * @default undefined
   */
  declaredVersion?: string;
  /**
   * Per tool name, milliseconds its `tools/call` may take instead of `callTimeoutMs`.
   *
   * @default {}
   */
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  /**
   * Largest HTTP response body read, in bytes.
   *
   * @default 8388608 (8 MiB)
   */
  maxResponseBytes?: number;
}

/**
 * An MCP adapter for a server already running behind a Streamable HTTP URL, through the
 * SDK's `StreamableHTTPClientTransport`. Response bodies are capped; a server that stops
 * answering is `errored` after the call timeout.
 *
 * @example Talk to the reference server over HTTP
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpHttpAdapter } from "./mcp_http.ts";
 * import { serveNetdryrunHttp } from "../../conformance/netdryrun_mcp/reference_server/http.ts";
 *
 * const server = serveNetdryrunHttp({ port: 0 });
 * const adapter = mcpHttpAdapter(server.url);
 * await adapter.start();
 * assert.equal((await adapter.run({ operation: "list_tools", input: {} })).kind, "result");
 * await adapter.close();
 * await server.shutdown();
 * ```
 *
 * @param url The MCP endpoint, for example `http://127.0.0.1:8787/mcp`.
 * @param options Headers, workspace, root, timeouts, size cap.
 * @returns The adapter (kind `mcp-http`).
 * @throws {Error} When `url` is not an http(s) URL or `root` is not inside `workspace`.
 */
export function mcpHttpAdapter(url: string, options: McpHttpAdapterOptions = {}): Adapter {
  let endpoint: URL;
  try {
    endpoint = new URL(url);
  } catch {
    throw new Error(`The server URL "${url}" is not a URL`);
  }
  if (endpoint.protocol !== "http:" && endpoint.protocol !== "https:") {
    throw new Error(`The server URL "${url}" is not http or https`);
  }
  if (
    options.root &&
    (!options.workspace || !options.root.startsWith(options.workspace.replace(/\/$/, "") + "/"))
  ) {
    throw new Error(
      `The root "${options.root}" is not inside the workspace "${options.workspace ?? ""}"`,
    );
  }
  let created: string | undefined;
  return mcpClientAdapter(() =>
    mcpHttpConnection(endpoint, {
      headers: options.headers,
      maxResponseBytes: options.maxResponseBytes,
    }), {
    kind: "mcp-http",
    initTimeoutMs: options.initTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    declaredVersion: options.declaredVersion,
    toolTimeoutsMs: options.toolTimeoutsMs,
    maxRestarts: 1,
    async workspace(): Promise<McpWorkspace> {
      if (options.workspace) {
        await Deno.mkdir(options.workspace, { recursive: true });
        if (options.root) await Deno.mkdir(options.root, { recursive: true });
        return { path: options.workspace, root: options.root ?? null };
      }
      created = await Deno.makeTempDir({ prefix: "netconform-mcp-" });
      trackTempDir(created, true);
      return { path: created, root: null };
    },
    async onClose() {
      if (created) {
        await Deno.remove(created, { recursive: true }).catch(() => {});
        trackTempDir(created, false);
      }
    },
  });
}
