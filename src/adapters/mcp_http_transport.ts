/**
 * One Streamable HTTP connection to an MCP server (the SDK's client transport), as the
 * `mcp-http` adapters make it: response bodies capped, no reconnection of the event stream, a
 * session the server gave an id to ended with DELETE, the `http_probe` operation answered.
 *
 * @module
 */
import { StreamableHTTPClientTransport } from "./_mcp_sdk.ts";
import type { McpConnection } from "./mcp_client_types.ts";
import { httpProbe } from "./_mcp_http_probe.ts";

/** Options of {@linkcode mcpHttpConnection}. */
export interface McpHttpConnectionOptions {
  /**
   * HTTP headers sent with every request.
   *
   * @default {}
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * Largest HTTP response body read, in bytes.
   *
   * @default 8388608 (8 MiB)
   */
  maxResponseBytes?: number;
}

function capped(response: Response, max: number): Response {
  if (!response.body) return response;
  // A declared length is enforced by fetch itself: no need to count what is under the cap.
  const declared = Number(response.headers.get("content-length") ?? NaN);
  if (Number.isInteger(declared) && declared <= max) return response;
  if (Number.isInteger(declared)) {
    response.body.cancel().catch(() => {});
    throw new Error(`response body of ${declared} bytes is over ${max} bytes`);
  }
  let seen = 0;
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) controller.error(new Error(`response body over ${max} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * A fresh connection to the MCP endpoint (not started: the client adapter starts it).
 *
 * @example A connection the client adapter would start
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpHttpConnection } from "./mcp_http_transport.ts";
 *
 * const made = mcpHttpConnection(new URL("http://127.0.0.1:8787/mcp"));
 * assert.equal(made.diagnostics?.(), 'URL "http://127.0.0.1:8787/mcp"');
 * await made.transport.close();
 * ```
 *
 * @param endpoint The MCP endpoint.
 * @param options Headers, size cap.
 * @returns The connection, for {@linkcode McpConnection}'s factory.
 */
export function mcpHttpConnection(
  endpoint: URL,
  options: McpHttpConnectionOptions = {},
): McpConnection {
  const max = options.maxResponseBytes ?? 8 * 1024 * 1024;
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { ...options.headers } },
    fetch: async (input, init) => capped(await fetch(input, init), max),
    reconnectionOptions: {
      maxReconnectionDelay: 1_000,
      initialReconnectionDelay: 100,
      reconnectionDelayGrowFactor: 2,
      maxRetries: 0,
    },
  });
  return {
    transport,
    diagnostics: () => `URL "${endpoint.href}"`,
    // A 405 is the server's "sessions are not ended by clients": the SDK takes it as done.
    terminate: () => transport.sessionId ? transport.terminateSession() : Promise.resolve(),
    // The raw requests the SDK client never makes (a foreign Origin, another version).
    probe: (input) => httpProbe(endpoint, input, { ...options.headers }),
  };
}
