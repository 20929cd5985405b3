import assert from "node:assert/strict";
import { transcriptFromExchange } from "./_http_transcript.ts";
import type { ChatExchange } from "./agent_http_adapter.ts";
import type { RecordedModelCall } from "./model_server.ts";
import { checkChatLimits } from "./profile.ts";
import type { Script } from "./types.ts";

const echo = (id: string) => ({ id, name: "echo" as const, args: { text: `out ${id}` } });
const SCRIPT: Script = {
  turns: [{ tool_calls: [echo("a")] }, { tool_calls: [echo("b"), echo("c")] }],
};
const T = "tok1";
const w = (id: string) => `call_${T}_${id}`;

function call(answered: number, results: [string, string][]): RecordedModelCall {
  return {
    stream: false,
    tools: ["echo", "fail"],
    message_count: 1 + results.length,
    tool_results: results.map(([id, content]) => ({ tool_call_id: w(id), content })),
    asked: [],
    answered: SCRIPT.turns[answered] ?? { final: "(script exhausted)" },
  };
}

function exchange(calls: RecordedModelCall[], events: unknown[] = [], status = 200): ChatExchange {
  return {
    body: { message: "hi" },
    token: T,
    response: status === 200
      ? {
        status,
        content_type: "text/event-stream",
        events: events.map((e) => ({ data: JSON.stringify(e) })),
      }
      : { status, content_type: "application/json", body: '{"detail":"boom"}' },
    model_calls: calls,
  };
}

Deno.test("http transcript: executed calls from the model's tool results, refusals by their text", () => {
  const t = transcriptFromExchange(
    SCRIPT,
    { message: "hi", max_tool_calls: 2 },
    exchange([
      call(0, []),
      call(1, [["a", "out a"]]),
      call(2, [["a", "out a"], ["b", "Tool call limit reached (2 calls). ..."], ["c", "limit"]]),
    ]),
  );
  assert.deepEqual(t.tool_calls, [{ id: "a", name: "echo" }]);
  assert.deepEqual(t.tool_messages.map((m) => [m.tool_call_id, m.limited]), [
    ["a", false],
    ["b", true],
    ["c", true],
  ]);
  assert.equal(t.model_calls, 3);
  assert.equal(t.ended, "final");
});

Deno.test("http transcript: tools run after the last model call show through the stream (CL-ITER-LAST)", () => {
  const request = { message: "hi", max_iterations: 2 };
  const ex = exchange([call(0, []), call(1, [["a", "out a"]])], [
    { type: "tool", tool_call_id: w("a"), content: "out a" },
    { type: "tool", tool_call_id: w("b"), content: "out b" },
    { type: "tool", tool_call_id: w("c"), content: "out c" },
  ]);
  const t = transcriptFromExchange(SCRIPT, request, ex);
  assert.deepEqual(t.tool_calls.map((c) => c.id), ["a", "b", "c"]);
  assert.equal(t.ended, "iteration_limit");
  const rules = checkChatLimits({
    kind: "agent",
    script: SCRIPT,
    requests: [request],
    transcripts: [t],
  })
    .map((f) => f.ruleId);
  assert.deepEqual(rules, ["CL-ITER-LAST"]);
});

Deno.test("http transcript: a non-2xx answer or an error event ends the request in error", () => {
  const failed = transcriptFromExchange(SCRIPT, { message: "hi" }, exchange([], [], 500));
  assert.equal(failed.ended, "error");
  assert.match(failed.error ?? "", /^HTTP 500/);
  const event = transcriptFromExchange(
    SCRIPT,
    { message: "hi" },
    exchange([call(0, [])], [{ type: "error", message: "tool crashed" }]),
  );
  assert.deepEqual([event.ended, event.error], ["error", "tool crashed"]);
});

Deno.test("http transcript: an agent that trims its history keeps its earlier tool messages", () => {
  const t = transcriptFromExchange(
    SCRIPT,
    { message: "hi" },
    exchange([
      call(0, []),
      call(1, [["a", "out a"]]),
      // The third call was sent only the latest results, and one of them twice.
      call(2, [["b", "out b"], ["c", "out c"], ["c", "out c"]]),
    ]),
  );
  assert.deepEqual(t.tool_messages.map((m) => m.tool_call_id), ["a", "b", "c", "c"]);
  assert.deepEqual(t.tool_calls.map((c) => c.id), ["a", "b", "c"]);
});
