// Test helper: the initialize answer of the fake MCP servers in the client adapter's tests.
import type { InMemoryTransport } from "../_mcp_sdk.ts";

/** A JSON-RPC request as the fake servers read it. */
export interface FakeRequest {
  /** Request id (absent in a notification). */
  id?: number;
  /** Method name. */
  method?: string;
  /** Parameters. */
  params?: Record<string, unknown>;
}

/**
 * Answers `m` when it is `initialize` (echoing the client's protocol version, tools capability,
 * server `name`).
 *
 * @param server The server's end of an in-memory pair.
 * @param m The request read.
 * @param name The server's name.
 * @returns Whether `m` was `initialize` (and is answered).
 */
export function answerInitialize(server: InMemoryTransport, m: FakeRequest, name: string): boolean {
  if (m.method !== "initialize" || m.id === undefined) return false;
  void server.send({
    jsonrpc: "2.0",
    id: m.id,
    result: {
      protocolVersion: m.params?.protocolVersion,
      capabilities: { tools: {} },
      serverInfo: { name, version: "0.0.1" },
    },
  });
  return true;
}
