/**
 * Crash blame of the MCP client adapter: when the server dies with several calls in flight,
 * only the call that crashes it alone is errored; the others get their real answers.
 */
import assert from "node:assert/strict";
import { InMemoryTransport } from "./_mcp_sdk.ts";
import { mcpClientAdapter, type McpTransportFactory } from "./mcp_client.ts";

/** A server that answers each call after `delayMs`; a call named `crash` closes it first. */
function slowServer(delayMs: number) {
  let connections = 0;
  const received: string[] = [];
  const factory: McpTransportFactory = async () => {
    connections++;
    const [client, server] = InMemoryTransport.createLinkedPair();
    server.onmessage = (message) => {
      const m = message as { id?: number; method?: string; params?: Record<string, unknown> };
      if (m.id === undefined || !m.method) return;
      if (m.method === "initialize") {
        void server.send({
          jsonrpc: "2.0",
          id: m.id,
          result: {
            protocolVersion: m.params?.protocolVersion,
            capabilities: { tools: {} },
            serverInfo: { name: "slow", version: "0" },
          },
        });
        return;
      }
      const name = String(m.params?.name);
      received.push(name);
      setTimeout(() => {
        if (name.startsWith("crash")) void server.close();
        else {
          server.send({
            jsonrpc: "2.0",
            id: m.id!,
            result: { content: [{ type: "text", text: name }] },
          }).catch(() => {}); // the connection died meanwhile
        }
      }, name.startsWith("crash") ? delayMs / 4 : delayMs);
    };
    await server.start();
    return { transport: client };
  };
  return { factory, connections: () => connections, received };
}

const call = (name: string) => ({ operation: "call_tool", input: { name, arguments: {} } });

Deno.test("a crash with several calls in flight errors only the call that crashes alone", async () => {
  const { factory, connections } = slowServer(40);
  const adapter = mcpClientAdapter(factory, { maxRestarts: 5 });
  await adapter.start();
  const replies = await Promise.all(["a", "crash", "b", "c"].map((n) => adapter.run(call(n))));
  assert.deepEqual(replies.map((r) => r.kind), ["result", "errored", "result", "result"]);
  assert.deepEqual(
    replies.filter((r) => r.kind === "result").map((r) =>
      (r as { value: { content: { text: string }[] } }).value.content[0].text
    ),
    ["a", "b", "c"],
  );
  assert.match((replies[1] as { message: string }).message, /closed the connection/);
  // The first server died in the batch, a second one when "crash" was re-sent alone, and a
  // third one answers what came after: two restarts, not one per call in flight.
  assert.equal(connections(), 3);
  await adapter.close();
});

Deno.test("the blame is the same at any concurrency: two crashers among calls in flight", async () => {
  const names = ["a", "crash-1", "b", "crash-2", "c", "d"];
  const outcome = async (concurrency: number) => {
    const { factory } = slowServer(30);
    const adapter = mcpClientAdapter(factory, { maxRestarts: 10 });
    await adapter.start();
    const kinds: string[] = new Array(names.length);
    for (let i = 0; i < names.length; i += concurrency) {
      const batch = names.slice(i, i + concurrency);
      const replies = await Promise.all(batch.map((n) => adapter.run(call(n))));
      replies.forEach((r, j) => (kinds[i + j] = r.kind));
    }
    await adapter.close();
    return kinds;
  };
  const one = await outcome(1);
  assert.deepEqual(one, ["result", "errored", "result", "errored", "result", "result"]);
  assert.deepEqual(await outcome(6), one);
  assert.deepEqual(await outcome(3), one);
});

Deno.test("the re-run is bounded by maxRestarts: no loop when the budget is spent", async () => {
  const { factory, connections } = slowServer(20);
  const adapter = mcpClientAdapter(factory, { maxRestarts: 1 });
  await adapter.start();
  const replies = await Promise.all(["crash", "a", "b"].map((n) => adapter.run(call(n))));
  // One restart: the first call re-sent alone crashes it again; the rest find no budget.
  assert.equal(connections(), 2);
  assert.ok(replies.every((r) => r.kind === "errored" || r.kind === "result"));
  assert.ok(
    replies.some((r) => /restarts already used/.test((r as { message?: string }).message ?? "")),
  );
  await adapter.close();
});
