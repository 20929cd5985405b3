import assert from "node:assert/strict";
import { startReferenceChatServer } from "./reference_server.ts";

const PATH = "/v3/projects/p-1/chat/stream";

async function post(base: string, body: unknown, init: RequestInit = {}) {
  const response = await fetch(base + PATH, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer t0k" },
    body: typeof body === "string" ? body : JSON.stringify(body),
    ...init,
  });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    text: await response.text(),
  };
}

Deno.test("reference server: FastAPI-style 422 naming the field, for each kind of bad value", async () => {
  const server = startReferenceChatServer({ token: "t0k" });
  try {
    const cases: [unknown, string, string][] = [
      [{ message: "m", max_iterations: 101 }, "max_iterations", "less_than_equal"],
      [{ message: "m", max_tool_calls: 0 }, "max_tool_calls", "greater_than_equal"],
      [{ message: "m", max_tool_calls: "10" }, "max_tool_calls", "type_error"],
      [{ message: "m", max_iterations: 2.5 }, "max_iterations", "type_error"],
      [{ max_iterations: 5 }, "message", "missing"],
    ];
    for (const [body, field, type] of cases) {
      const r = await post(server.baseUrl, body);
      assert.equal(r.status, 422, JSON.stringify(body));
      assert.equal(r.type, "application/json");
      const detail = JSON.parse(r.text).detail;
      assert.deepEqual(
        detail.map((d: { loc: string[] }) => d.loc),
        [["body", field]],
        JSON.stringify(body),
      );
      assert.equal(detail[0].type, type);
    }
    const bad = await post(server.baseUrl, "{not json");
    assert.equal(bad.status, 422);
    assert.equal(JSON.parse(bad.text).detail[0].type, "json_invalid");
  } finally {
    await server.close();
  }
});

Deno.test("reference server: authentication, routing and body bounds", async () => {
  const server = startReferenceChatServer({ token: "t0k", maxBodyBytes: 1024 });
  try {
    assert.equal((await post(server.baseUrl, { message: "m" }, { headers: {} })).status, 401);
    assert.equal(
      (await post(server.baseUrl, { message: "m" }, { headers: { authorization: "Bearer nope" } }))
        .status,
      401,
    );
    const wrongPath = await fetch(server.baseUrl + "/v3/chat", { method: "POST", body: "{}" });
    assert.equal(wrongPath.status, 404);
    await wrongPath.body?.cancel();
    const get = await fetch(server.baseUrl + PATH, { headers: { authorization: "Bearer t0k" } });
    assert.equal(get.status, 405);
    await get.body?.cancel();
    assert.equal((await post(server.baseUrl, { message: "x".repeat(2000) })).status, 413);
  } finally {
    await server.close();
  }
});

Deno.test("reference server: streams data: <json> events of the reference agent under the request's limits", async () => {
  const echo = (id: string) => ({
    tool_calls: [{ id, name: "echo" as const, args: { text: id } }],
  });
  const server = startReferenceChatServer({
    token: "t0k",
    script: { turns: [echo("a"), echo("b"), { final: "ok" }] },
  });
  try {
    const r = await post(server.baseUrl, { message: "m", max_tool_calls: 1, session_id: "s" });
    assert.equal(r.status, 200);
    assert.equal(r.type, "text/event-stream; charset=utf-8");
    const blocks = r.text.split("\r\n\r\n").filter((b) => b !== "");
    const events = blocks.map((b) => {
      assert.match(b, /^data: /);
      return JSON.parse(b.slice("data: ".length));
    });
    assert.deepEqual(events.map((e) => e.type), [
      "tool_call",
      "tool_result",
      "tool_result",
      "content",
      "done",
    ]);
    assert.equal(events[2].limited, true);
    assert.match(events[2].content, /Current tool call count: 1\/1\./);
    assert.deepEqual(events.at(-1), {
      type: "done",
      session_id: "s",
      model_calls: 3,
      tool_calls: 1,
      ended: "final",
    });
  } finally {
    await server.close();
  }
});

Deno.test("reference server flaws: ignoreLimits accepts 0, malformedEvent streams cut JSON", async () => {
  const lax = startReferenceChatServer({ flaws: { ignoreLimits: true } });
  const broken = startReferenceChatServer({ flaws: { malformedEvent: true } });
  try {
    assert.equal((await post(lax.baseUrl, { message: "m", max_iterations: 0 })).status, 200);
    const r = await post(broken.baseUrl, { message: "m" });
    const data = r.text.split("\r\n\r\n").filter((b) => b).map((b) => b.slice("data: ".length));
    assert.ok(data.some((d) => {
      try {
        JSON.parse(d);
        return false;
      } catch {
        return true;
      }
    }));
  } finally {
    await lax.close();
    await broken.close();
  }
});
