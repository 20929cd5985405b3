// Real servers' session and paging behaviour over Streamable HTTP, against a small SDK server:
// the kit ends its session with DELETE at close, follows tools/list pages (nextCursor), and
// stops on a cursor loop.
import assert from "node:assert/strict";
import {
  ListToolsRequestSchema,
  Server,
  WebStandardStreamableHTTPServerTransport,
} from "./_mcp_sdk.ts";
import { mcpHttpAdapter } from "./mcp_http.ts";

/** One stateful session; every request's method and session id recorded. */
function serveFake(pages: { loop: boolean }) {
  const seen: { method: string; session: string | null }[] = [];
  const server = new Server({ name: "fake-paged", version: "0.0.1" }, {
    capabilities: { tools: {} },
  });
  const tool = (name: string) => ({ name, inputSchema: { type: "object" as const } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    if (pages.loop) return { tools: [tool("again")], nextCursor: "same" };
    const cursor = request.params?.cursor;
    if (cursor === undefined) return { tools: [tool("a")], nextCursor: "p2" };
    if (cursor === "p2") return { tools: [tool("b")], nextCursor: "p3" };
    return { tools: [tool("c")] };
  });
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: () => crypto.randomUUID(),
    enableJsonResponse: true,
  });
  const connected = server.connect(transport);
  const listener = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (r) => {
    seen.push({ method: r.method, session: r.headers.get("mcp-session-id") });
    await connected;
    return await transport.handleRequest(r);
  });
  const { port } = listener.addr as Deno.NetAddr;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    seen,
    async shutdown() {
      await server.close().catch(() => {});
      await listener.shutdown();
    },
  };
}

Deno.test("Streamable HTTP: tools/list pages are joined; close ends the session with DELETE", async () => {
  const fake = serveFake({ loop: false });
  try {
    const adapter = mcpHttpAdapter(fake.url, { callTimeoutMs: 3_000 });
    await adapter.start();
    const reply = await adapter.run({ operation: "list_tools", input: {} });
    assert.equal(reply.kind, "result");
    const tools = (reply as { value: { tools: { name: string }[] } }).value.tools;
    assert.deepEqual(tools.map((t) => t.name), ["a", "b", "c"]);
    await adapter.close();
    const session = fake.seen.find((s) => s.session !== null)?.session;
    assert.ok(session, "the server gave a session id");
    assert.deepEqual(fake.seen.at(-1), { method: "DELETE", session });
  } finally {
    await fake.shutdown();
  }
});

Deno.test("Streamable HTTP: a tools/list cursor given twice is errored, not followed", async () => {
  const fake = serveFake({ loop: true });
  try {
    const adapter = mcpHttpAdapter(fake.url, { callTimeoutMs: 3_000 });
    await adapter.start();
    const reply = await adapter.run({ operation: "list_tools", input: {} });
    assert.equal(reply.kind, "errored");
    assert.match((reply as { message: string }).message, /cursor "same" twice \(a loop\)/);
    await adapter.close();
    // Two pages were asked: the first and the one that repeated the cursor.
    assert.equal(fake.seen.filter((s) => s.method === "POST").length, 4); // + init, initialized
  } finally {
    await fake.shutdown();
  }
});
