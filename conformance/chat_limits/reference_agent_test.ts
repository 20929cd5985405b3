import assert from "node:assert/strict";
import { iterationNotice, limitMessage } from "./_limits.ts";
import { referenceChatAgent } from "./reference_agent.ts";
import type { ScriptToolCall, ScriptTurn } from "./types.ts";

const echo = (id: string): ScriptToolCall => ({ id, name: "echo", args: { text: `out ${id}` } });
const singles = (n: number): ScriptTurn[] =>
  Array.from({ length: n }, (_, i) => ({ tool_calls: [echo(`c${i + 1}`)] }));

Deno.test("reference agent: max_iterations 1 gives one model call and no tool execution", () => {
  const [t] = referenceChatAgent({
    script: { turns: [{ tool_calls: [echo("a")] }, { final: "done" }] },
    requests: [{ message: "hi", max_iterations: 1 }],
  }).transcripts;
  assert.deepEqual(t, {
    model_calls: 1,
    tool_calls: [],
    tool_messages: [],
    ended: "iteration_limit",
    notice: iterationNotice(1),
  });
});

Deno.test("reference agent: max_tool_calls 3 and five calls run three, refuse two with the design's notice", () => {
  const [t] = referenceChatAgent({
    script: { turns: [...singles(5), { final: "done" }] },
    requests: [{ message: "hi", max_tool_calls: 3 }],
  }).transcripts;
  assert.deepEqual(t.tool_calls.map((c) => c.id), ["c1", "c2", "c3"]);
  assert.deepEqual(t.tool_messages.slice(3), [
    { tool_call_id: "c4", content: limitMessage(3, 3), limited: true },
    { tool_call_id: "c5", content: limitMessage(3, 3), limited: true },
  ]);
  assert.equal(
    limitMessage(3, 3),
    "Tool call limit reached (3 calls). Please simplify your request or break it into smaller steps. Current tool call count: 3/3.",
  );
  assert.equal(t.model_calls, 6);
  assert.equal(t.ended, "final");
});

Deno.test("reference agent: a batch passing the limit is refused whole, each call answered once", () => {
  const [t] = referenceChatAgent({
    script: { turns: [{ tool_calls: [echo("a"), echo("b"), echo("c")] }, { final: "done" }] },
    requests: [{ message: "hi", max_tool_calls: 2 }],
  }).transcripts;
  assert.deepEqual(t.tool_calls, []);
  assert.deepEqual(t.tool_messages.map((m) => [m.tool_call_id, m.limited]), [["a", true], [
    "b",
    true,
  ], ["c", true]]);
});

Deno.test("reference agent: defaults 20 iterations and no tool limit when the fields are absent or null", () => {
  for (
    const request of [{ message: "hi" }, {
      message: "hi",
      max_iterations: null,
      max_tool_calls: null,
    }]
  ) {
    const [t] =
      referenceChatAgent({ script: { turns: singles(30) }, requests: [request] }).transcripts;
    assert.equal(t.model_calls, 20);
    assert.equal(t.tool_calls.length, 19);
    assert.equal(t.ended, "iteration_limit");
  }
});

Deno.test("reference agent: each request of a session counts from zero", () => {
  const { transcripts } = referenceChatAgent({
    script: { turns: [...singles(3), { final: "done" }] },
    requests: [1, 2].map((i) => ({ message: `t${i}`, session_id: "s", max_tool_calls: 2 })),
  });
  assert.deepEqual(transcripts.map((t) => t.tool_calls.length), [2, 2]);
});

Deno.test("reference agent: a tool error becomes a tool message and the loop goes on", () => {
  const [t] = referenceChatAgent({
    script: {
      turns: [
        { tool_calls: [{ id: "x", name: "fail", args: { message: "Connection refused" } }] },
        { final: "down" },
      ],
    },
    requests: [{ message: "hi" }],
  }).transcripts;
  assert.deepEqual(t.tool_messages, [{
    tool_call_id: "x",
    content: "Error: Connection refused",
    limited: false,
  }]);
  assert.equal(t.final, "down");
});

Deno.test("reference agent: malformed input raises a TypeError", () => {
  assert.throws(() => referenceChatAgent({} as never), TypeError);
});
