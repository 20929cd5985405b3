import assert from "node:assert/strict";
import { serveNetdryrunHttp } from "../../conformance/netdryrun_mcp/reference_server/http.ts";
import { mcpHttpAdapter } from "./mcp_http.ts";

Deno.test("list and call over Streamable HTTP; a temp workspace is made and removed", async () => {
  const server = serveNetdryrunHttp({ port: 0 });
  try {
    const adapter = mcpHttpAdapter(server.url);
    await adapter.start();
    const tools = await adapter.run({ operation: "list_tools", input: {} });
    assert.equal((tools as { value: { tools: unknown[] } }).value.tools.length, 5);
    const ws = await adapter.run({ operation: "workspace", input: {} });
    const path = (ws as { value: { path: string; root: null } }).value.path;
    assert.ok(Deno.statSync(path).isDirectory);
    await adapter.close();
    await assert.rejects(Deno.stat(path), Deno.errors.NotFound);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a response over the size cap is errored, not read", async () => {
  const server = serveNetdryrunHttp({ port: 0 });
  try {
    const adapter = mcpHttpAdapter(server.url, { maxResponseBytes: 1024, callTimeoutMs: 2_000 });
    await adapter.start();
    const reply = await adapter.run({ operation: "list_tools", input: {} });
    assert.equal(reply.kind, "errored");
    await adapter.close();
  } finally {
    await server.shutdown();
  }
});

Deno.test("a URL where nothing listens fails start; bad URLs and roots are refused", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const adapter = mcpHttpAdapter(`http://127.0.0.1:${port}/mcp`, { initTimeoutMs: 2_000 });
  await assert.rejects(adapter.start(), /MCP initialization failed/);
  await adapter.close();
  assert.throws(() => mcpHttpAdapter("ftp://x/mcp"), /not http or https/);
  assert.throws(() => mcpHttpAdapter("nope"), /not a URL/);
  assert.throws(
    () => mcpHttpAdapter("http://x/mcp", { workspace: "/a", root: "/b" }),
    /not inside/,
  );
});

Deno.test("an init failure names the URL in its message", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const adapter = mcpHttpAdapter(`http://127.0.0.1:${port}/mcp`, { initTimeoutMs: 2_000 });
  await assert.rejects(
    adapter.start(),
    new RegExp(`MCP initialization failed: .*\\(URL "http://127\\.0\\.0\\.1:${port}/mcp"\\)`),
  );
  assert.equal(adapter.stderr!(), "");
  await adapter.close();
});

Deno.test("a server that is gone says so: the server went away, with the system's reason", async () => {
  const server = serveNetdryrunHttp({ port: 0 });
  const adapter = mcpHttpAdapter(server.url, { callTimeoutMs: 2_000 });
  try {
    await adapter.start();
    await server.shutdown();
    const reply = await adapter.run({ operation: "list_tools", input: {} });
    assert.equal(reply.kind, "errored");
    // The system's reason: refused on a new connection, or reset when the client's kept-alive
    // one is reused before it has read the server's close (which comes first is a race).
    assert.match(
      (reply as { message: string }).message,
      /^the server went away during tools\/list: fetch failed \(.*Connection (refused|reset by peer)/,
    );
  } finally {
    await adapter.close();
  }
});
