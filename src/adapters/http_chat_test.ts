import assert from "node:assert/strict";
import { SseParser } from "./_sse_parser.ts";
import { httpChatAdapter } from "./http_chat.ts";

function parse(...chunks: string[]) {
  const parser = new SseParser({ maxEvents: 100, maxUnparsed: 10 });
  for (const c of chunks) parser.feed(c);
  parser.end();
  return { events: parser.events, unparsed: parser.unparsed, overflow: parser.overflow };
}

Deno.test("SSE parser: CRLF, LF and CR line ends, split across chunks", () => {
  assert.deepEqual(parse("data: 1\r", "\n\r\ndata: 2\n\ndata: 3\r\r").events, [{ data: "1" }, {
    data: "2",
  }, { data: "3" }]);
});

Deno.test("SSE parser: multi-line data, event names, comments, id and retry", () => {
  const { events, unparsed } = parse(
    ': keep-alive\nevent: tool\nid: 7\nretry: 100\ndata: {"a":\ndata:1}\n\n',
  );
  assert.deepEqual(events, [{ event: "tool", data: '{"a":\n1}' }]);
  assert.deepEqual(unparsed, []);
});

Deno.test("SSE parser: non-field lines and an unterminated last event are reported, not dropped silently", () => {
  const { events, unparsed } = parse('{"type":"content"}\n\ndata: {"type":"done"}');
  assert.deepEqual(events, []);
  assert.deepEqual(unparsed, [
    '{"type":"content"}',
    '(event not terminated by a blank line) data: {"type":"done"}',
  ]);
});

Deno.test("SSE parser: bounded events and unparsed lines", () => {
  const parser = new SseParser({ maxEvents: 2, maxUnparsed: 1 });
  parser.feed("data: 1\n\ndata: 2\n\ndata: 3\n\nx\ny\n");
  assert.equal(parser.events.length, 2);
  assert.equal(parser.unparsed.length, 1);
  assert.equal(parser.overflow, true);
});

function serve(handler: (req: Request) => Response | Promise<Response>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  return { base: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}

Deno.test("http chat adapter: posts the body to the path with the bearer token, returns status and JSON body", async () => {
  let seen: { url: string; auth: string | null; body: string } | undefined;
  const server = serve(async (req) => {
    seen = {
      url: new URL(req.url).pathname,
      auth: req.headers.get("authorization"),
      body: await req.text(),
    };
    return new Response('{"detail":[{"loc":["body","max_iterations"]}]}', {
      status: 422,
      headers: { "content-type": "application/json" },
    });
  });
  Deno.env.set("NETCONFORM_TEST_CHAT_TOKEN", "s3cret");
  const adapter = httpChatAdapter({
    baseUrl: server.base + "/",
    tokenEnv: "NETCONFORM_TEST_CHAT_TOKEN",
    projectId: "p 1",
  });
  try {
    await adapter.start();
    const reply = await adapter.run({
      operation: "chat",
      input: { body: { message: "m", max_iterations: 0 } },
    });
    assert.deepEqual(reply, {
      kind: "result",
      value: {
        status: 422,
        content_type: "application/json",
        body: '{"detail":[{"loc":["body","max_iterations"]}]}',
      },
    });
    assert.deepEqual(seen, {
      url: "/v3/projects/p%201/chat/stream",
      auth: "Bearer s3cret",
      body: '{"message":"m","max_iterations":0}',
    });
  } finally {
    Deno.env.delete("NETCONFORM_TEST_CHAT_TOKEN");
    await adapter.close();
    await server.close();
  }
});

Deno.test("http chat adapter: a missing token variable fails start; other operations are skipped", async () => {
  const adapter = httpChatAdapter({
    baseUrl: "http://127.0.0.1:9",
    tokenEnv: "NETCONFORM_TEST_UNSET_TOKEN",
  });
  await assert.rejects(adapter.start(), /"NETCONFORM_TEST_UNSET_TOKEN".*not set/);
  await assert.rejects(httpChatAdapter({ baseUrl: "not a url" }).start(), /is not a URL/);
  const reply = await adapter.run({ operation: "run_agent", input: {} });
  assert.equal(reply.kind, "skipped");
});

Deno.test("http chat adapter: a refused connection is a harness fault (errored)", async () => {
  const server = serve(() => new Response("x"));
  const base = server.base;
  await server.close();
  const adapter = httpChatAdapter({ baseUrl: base });
  await adapter.start();
  const reply = await adapter.run({ operation: "chat", input: { body: {} } });
  assert.equal(reply.kind, "errored");
  await adapter.close();
});

Deno.test("http chat adapter: a stream over max_bytes is cut and reported truncated", async () => {
  const server = serve(() => {
    const line = new TextEncoder().encode(
      'data: {"type":"content","content":"' + "x".repeat(100) + '"}\n\n',
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ > 10_000) controller.close();
        else controller.enqueue(line);
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  const adapter = httpChatAdapter({ baseUrl: server.base, maxBytes: 4096 });
  try {
    const reply = await adapter.run({ operation: "chat", input: { body: {} } });
    assert.equal(reply.kind, "result");
    const value = (reply as { value: { truncated?: boolean; events: unknown[] } }).value;
    assert.equal(value.truncated, true);
    assert.ok(value.events.length > 0 && value.events.length < 40, `${value.events.length} events`);
  } finally {
    await adapter.close();
    await server.close();
  }
});

Deno.test("http chat adapter: a stream that never ends is cut at the timeout with what was seen", async () => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const server = serve(() => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"type":"thinking"}\n\n'));
        timer = setTimeout(() => controller.close(), 5000);
      },
      cancel() {
        clearTimeout(timer);
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  });
  const adapter = httpChatAdapter({ baseUrl: server.base, timeoutMs: 200 });
  try {
    const reply = await adapter.run({ operation: "chat", input: { body: {} } });
    assert.deepEqual(reply, {
      kind: "result",
      value: {
        status: 200,
        content_type: "text/event-stream",
        events: [{ data: '{"type":"thinking"}' }],
        truncated: true,
      },
    });
  } finally {
    clearTimeout(timer);
    await adapter.close();
    await server.close();
  }
});

Deno.test("http chat adapter: no response headers within the timeout is errored", async () => {
  let release: () => void = () => {};
  const server = serve(() =>
    new Promise<Response>((resolve) => (release = () => resolve(new Response("late"))))
  );
  const adapter = httpChatAdapter({ baseUrl: server.base, timeoutMs: 100 });
  try {
    const reply = await adapter.run({ operation: "chat", input: { body: {} } });
    assert.equal(reply.kind, "errored");
    assert.match((reply as { message: string }).message, /no response within 100 ms/);
  } finally {
    release();
    await adapter.close();
    await server.close();
  }
});
