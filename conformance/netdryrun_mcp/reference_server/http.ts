/**
 * Serve the reference Netdryrun MCP server over Streamable HTTP (one SDK server and transport
 * per MCP session, JSON responses), on a loopback address by default, with DNS rebinding
 * protection: a request whose Origin is not the host it was sent to, or (on a loopback
 * address) whose Host is not a loopback name, is answered 403 (the `no-origin-check` mutant
 * serves it).
 *
 * @module
 */
import {
  isInitializeRequest,
  WebStandardStreamableHTTPServerTransport,
} from "../../../src/adapters/_mcp_sdk.ts";
import { createNetdryrunServer, type NetdryrunServerOptions } from "./server.ts";
import { rebindingRefusal } from "./_rebinding.ts";

/** The `version-echo` mutant: the initialize answer names the version the client asked for. */
async function echoVersion(response: Response, body: unknown): Promise<Response> {
  const asked = (body as { params?: { protocolVersion?: unknown } }).params?.protocolVersion;
  const message = await response.json();
  if (message?.result && typeof asked === "string") message.result.protocolVersion = asked;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(message), { status: response.status, headers });
}

/** Options of {@linkcode serveNetdryrunHttp}. */
export interface ServeHttpOptions extends NetdryrunServerOptions {
  /**
   * Address to listen on.
   *
   * @default "127.0.0.1"
   */
  hostname?: string;
  /**
   * Port; 0 picks a free one.
   *
   * @default 0
   */
  port?: number;
  /**
   * Answer with JSON bodies instead of SSE streams.
   *
   * @default true
   */
  json?: boolean;
}

/** A running HTTP server. */
export interface HttpServerHandle {
  /** The MCP endpoint, for example `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** Close every MCP session, then the listener. */
  shutdown(): Promise<void>;
}

/**
 * Start the reference server over Streamable HTTP at `/mcp`.
 *
 * @example Start and stop on a free port
 * ```ts
 * import assert from "node:assert/strict";
 * import { serveNetdryrunHttp } from "./http.ts";
 *
 * const handle = serveNetdryrunHttp({ port: 0 });
 * assert.match(handle.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
 * await handle.shutdown();
 * ```
 *
 * @param options Address, port and the server's options.
 * @returns The endpoint and a shutdown function.
 */
export function serveNetdryrunHttp(options: ServeHttpOptions = {}): HttpServerHandle {
  const sessions = new Map<string, {
    transport: WebStandardStreamableHTTPServerTransport;
    close(): Promise<void>;
  }>();
  const hostname = options.hostname ?? "127.0.0.1";
  const loopbackOnly = ["127.0.0.1", "localhost", "::1"].includes(hostname);
  const handler = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname !== "/mcp") return new Response("Not found", { status: 404 });
    const refused = options.mutant === "no-origin-check"
      ? undefined
      : rebindingRefusal(request, loopbackOnly);
    if (refused) return new Response(refused, { status: 403 });
    const id = request.headers.get("mcp-session-id");
    if (id) {
      const session = sessions.get(id);
      if (!session) return new Response("Unknown session", { status: 404 });
      return await session.transport.handleRequest(request);
    }
    if (request.method !== "POST") return new Response("Session required", { status: 400 });
    let body: unknown;
    try {
      body = await request.json();
    } catch {
      return new Response("Invalid JSON", { status: 400 });
    }
    if (!isInitializeRequest(body)) return new Response("Initialize first", { status: 400 });
    const server = createNetdryrunServer(options);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      enableJsonResponse: options.json ?? true,
      onsessioninitialized: (sid) => {
        sessions.set(sid, { transport, close: () => server.close() });
      },
      onsessionclosed: (sid) => {
        sessions.delete(sid);
      },
    });
    await server.connect(transport);
    const response = await transport.handleRequest(request, { parsedBody: body });
    return options.mutant === "version-echo" ? await echoVersion(response, body) : response;
  };
  const listener = Deno.serve({
    hostname,
    port: options.port ?? 0,
    onListen: () => {},
  }, handler);
  const addr = listener.addr as Deno.NetAddr;
  const host = addr.hostname.includes(":") ? `[${addr.hostname}]` : addr.hostname;
  return {
    url: `http://${host}:${addr.port}/mcp`,
    async shutdown() {
      // Close the MCP sessions first: an open SSE stream would keep the listener from closing.
      for (const s of [...sessions.values()]) await s.close().catch(() => {});
      sessions.clear();
      await listener.shutdown();
    },
  };
}
