import assert from "node:assert/strict";
import { InMemoryTransport } from "./_mcp_sdk.ts";
import { mcpClientAdapter, type McpTransportFactory } from "./mcp_client.ts";
import { answerInitialize, type FakeRequest } from "./testdata/answer_initialize.ts";

type Answer = { result: unknown } | { error: { code: number; message: string } } | "hang" | "close";

/** A raw MCP server on an in-memory pair: answers initialize, then `answer(method, params)`. */
function rawServer(answer: (method: string, params: Record<string, unknown>) => Answer) {
  let connections = 0;
  const factory: McpTransportFactory = async () => {
    connections++;
    const [client, server] = InMemoryTransport.createLinkedPair();
    server.onmessage = (message) => {
      const m = message as FakeRequest;
      if (m.id === undefined || !m.method) return;
      if (answerInitialize(server, m, "raw")) return;
      const a = answer(m.method, m.params ?? {});
      if (a === "hang") return;
      if (a === "close") {
        void server.close();
        return;
      }
      void server.send({ jsonrpc: "2.0", id: m.id, ...a } as never);
    };
    await server.start();
    return { transport: client, stderr: () => "raw stderr" };
  };
  return { factory, connections: () => connections };
}

const call = (name: string) => ({ operation: "call_tool", input: { name, arguments: {} } });

Deno.test("call_tool returns the raw result as sent: nothing judged, nothing defaulted", async () => {
  const raw = { content: "not a list", structuredContent: [1], isError: "yes", extra: { a: 1 } };
  const { factory } = rawServer(() => ({ result: raw }));
  const adapter = mcpClientAdapter(factory);
  const info = await adapter.start();
  assert.deepEqual(info, {
    name: "raw",
    version: "0.0.1",
    capabilities: ["tools"],
    protocol: "mcp",
  });
  assert.deepEqual(await adapter.run(call("x")), { kind: "result", value: raw });
  await adapter.close();
});

Deno.test("a JSON-RPC error is raised (the server's answer), with its code", async () => {
  const { factory } = rawServer(() => ({ error: { code: -32602, message: "Unknown tool" } }));
  const adapter = mcpClientAdapter(factory);
  await adapter.start();
  const reply = await adapter.run(call("nope"));
  assert.equal(reply.kind, "raised");
  assert.equal((reply as { type: string }).type, "McpError(-32602)");
  await adapter.close();
});

Deno.test("a call that never answers is errored after the call timeout; the connection stays (replaceHung off)", async () => {
  const { factory, connections } = rawServer((_m, p) =>
    p.name === "slow" ? "hang" : { result: { content: [] } }
  );
  const adapter = mcpClientAdapter(factory, { callTimeoutMs: 150 });
  await adapter.start();
  const reply = await adapter.run(call("slow"));
  assert.equal(reply.kind, "errored");
  assert.match((reply as { message: string }).message, /timed out after 150 ms/);
  assert.deepEqual(await adapter.run(call("fast")), { kind: "result", value: { content: [] } });
  assert.equal(connections(), 1);
  await adapter.close();
});

Deno.test("replaceHung: a call that never answers is errored after the call timeout; the next call gets a fresh server, at most maxRestarts times", async () => {
  const { factory, connections } = rawServer((_m, p) =>
    p.name === "slow" ? "hang" : { result: { content: [] } }
  );
  const adapter = mcpClientAdapter(factory, {
    callTimeoutMs: 150,
    maxRestarts: 1,
    replaceHung: true,
  });
  await adapter.start();
  const reply = await adapter.run(call("slow"));
  assert.equal(reply.kind, "errored");
  assert.match((reply as { message: string }).message, /timed out after 150 ms/);
  assert.deepEqual(await adapter.run(call("fast")), { kind: "result", value: { content: [] } });
  // The stuck server was left for a fresh one (it may still be busy with the stuck call).
  assert.equal(connections(), 2);
  assert.equal((await adapter.run(call("slow"))).kind, "errored");
  const last = await adapter.run(call("fast"));
  assert.equal(last.kind, "errored");
  assert.match((last as { message: string }).message, /the server hung; 1 restarts already used/);
  assert.equal(connections(), 2);
  await adapter.close();
});

Deno.test("a closed connection is errored with stderr; the next call reconnects, at most maxRestarts times", async () => {
  const { factory, connections } = rawServer((_m, p) =>
    p.name === "crash" ? "close" : { result: { content: [] } }
  );
  const adapter = mcpClientAdapter(factory, { maxRestarts: 1 });
  await adapter.start();
  const first = await adapter.run(call("crash"));
  assert.equal(first.kind, "errored");
  assert.match((first as { message: string }).message, /closed the connection/);
  assert.equal((first as { stderr?: string }).stderr, "raw stderr");
  assert.equal((await adapter.run(call("ok"))).kind, "result");
  assert.equal(connections(), 2);
  assert.equal((await adapter.run(call("crash"))).kind, "errored");
  const last = await adapter.run(call("ok"));
  assert.equal(last.kind, "errored");
  assert.match((last as { message: string }).message, /1 restarts already used/);
  assert.equal(connections(), 2);
  await adapter.close();
});

Deno.test("an aborted call is errored at once", async () => {
  const { factory } = rawServer(() => "hang");
  const adapter = mcpClientAdapter(factory, { callTimeoutMs: 60_000 });
  await adapter.start();
  const abort = new AbortController();
  const pending = adapter.run(call("x"), { signal: abort.signal });
  abort.abort(new Error("case timed out"));
  const reply = await pending;
  assert.equal(reply.kind, "errored");
  assert.match((reply as { message: string }).message, /aborted: case timed out/);
  await adapter.close();
});

Deno.test("list_tools joins pages; workspace and unknown operations", async () => {
  const { factory } = rawServer((method, p) => {
    assert.equal(method, "tools/list");
    return p.cursor === "2"
      ? { result: { tools: [{ name: "b" }] } }
      : { result: { tools: [{ name: "a" }], nextCursor: "2" } };
  });
  const adapter = mcpClientAdapter(factory, { workspace: () => ({ path: "/w", root: null }) });
  await adapter.start();
  assert.deepEqual(await adapter.run({ operation: "list_tools", input: {} }), {
    kind: "result",
    value: { tools: [{ name: "a" }, { name: "b" }] },
  });
  assert.deepEqual(await adapter.run({ operation: "workspace", input: {} }), {
    kind: "result",
    value: { path: "/w", root: null },
  });
  assert.equal((await adapter.run({ operation: "nope", input: {} })).kind, "errored");
  await adapter.close();
  await adapter.close();
});

Deno.test("a server that never answers initialize fails start within the init timeout", async () => {
  const factory: McpTransportFactory = async () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    await server.start();
    return { transport: client };
  };
  const adapter = mcpClientAdapter(factory, { initTimeoutMs: 100 });
  await assert.rejects(adapter.start(), /MCP initialization failed/);
  await adapter.close();
});
