import assert from "node:assert/strict";
import { GNS3_EVENTS, readStream } from "./_http_events.ts";

const data = (...events: unknown[]) => events.map((e) => JSON.stringify(e));
const local = (id: string) => id.replace(/^call_t_/, "");

Deno.test("GNS3 events: tool_start and tool_end without ids are matched within the announced batch", () => {
  const r = readStream(
    data(
      { type: "tool_call", tool_call_id: "call_t_a", tool_name: "echo" },
      { type: "tool_end", tool_name: "echo", tool_output: "Tool call limit reached (1 calls)." },
      { type: "tool_call", tool_call_id: "call_t_b", tool_name: "echo" },
      { type: "tool_start", tool_name: "echo" },
      { type: "tool_end", tool_name: "echo", tool_output: "out b" },
      { type: "content", content: "Iteration limit reached" },
      { type: "done" },
    ),
    [["a"], ["b"]],
    local,
  );
  assert.deepEqual(r.messages, [
    { tool_call_id: "a", content: "Tool call limit reached (1 calls)." },
    { tool_call_id: "b", content: "out b" },
  ]);
  assert.deepEqual([...r.started ?? []], ["b"]);
  assert.deepEqual(r.texts, ["Iteration limit reached"]);
  assert.equal(r.error, undefined);
});

Deno.test("GNS3 events: an error event ends the run; cut JSON is left to the SSE rules", () => {
  const r = readStream(
    ['{"type": "content", "cont', ...data({ type: "error", error: "boom" })],
    [],
    local,
  );
  assert.equal(r.error, "boom");
  assert.equal(r.started, undefined);
});

Deno.test("event mapping: another shape is read through the suite option's names", () => {
  const mapping = {
    ...GNS3_EVENTS,
    type: "event",
    tool_start: ["call_started"],
    tool_message: ["call_result"],
    tool_output: ["result"],
    tool_call_id: "call_id",
    error: ["failure"],
  };
  const r = readStream(
    data(
      { event: "call_started", call_id: "call_t_x" },
      { event: "call_result", call_id: "call_t_x", result: "out x" },
      { event: "failure", message: "late" },
    ),
    [["x"]],
    local,
    mapping,
  );
  assert.deepEqual(r.messages, [{ tool_call_id: "x", content: "out x" }]);
  assert.deepEqual([...r.started ?? []], ["x"]);
  assert.equal(r.error, "late");
  // The same events under the default names are not tool events.
  const plain = readStream(data({ event: "call_result", call_id: "call_t_x", result: "out" }), [[
    "x",
  ]], local);
  assert.deepEqual(plain.messages, []);
});
