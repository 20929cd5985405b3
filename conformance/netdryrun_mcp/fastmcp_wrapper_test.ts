// FastMCP wraps a tool's non-object return as structuredContent {"result": ...} when the tool
// declares an output schema (netdryrun 0.2.0's tools return JSON text, `-> str`): the kit
// judges the wrapped value, and its findings say what was read.
import assert from "node:assert/strict";
import { checkMcpObservation } from "./check.ts";
import { decodeResult, isResultWrapper } from "./_decode.ts";

const checkTypes = {
  netdryrun: "0.2.0",
  check_types: { ping: { required: ["node"], optional: [] } },
};
const setupError = { status: "error", error: "x: not found", verdict: "DO NOT APPLY THIS CHANGE" };

/** A call result as FastMCP sends a `-> str` tool's JSON text. */
function wrappedText(text: string, isError = false): Record<string, unknown> {
  return { content: [{ type: "text", text }], structuredContent: { result: text }, isError };
}

function call(tool: string, callResult: unknown, scenario?: Record<string, unknown>) {
  return {
    kind: "tool_call",
    tool,
    arguments: {},
    call_result: callResult,
    ...(scenario ? { scenario } : {}),
  };
}

Deno.test("a FastMCP-wrapped JSON text is judged as the value it holds", () => {
  const text = JSON.stringify(checkTypes, null, 2);
  assert.deepEqual(checkMcpObservation(call("check_types", wrappedText(text))), []);
  const setup = call("dry_run", wrappedText(JSON.stringify(setupError), true), {
    name: "missing",
    expect: "setup_error",
  });
  assert.deepEqual(checkMcpObservation(setup), []);
});

Deno.test("a wrapped value that breaks the contract is found at structuredContent/result", () => {
  const bad = JSON.stringify({ netdryrun: 2, check_types: {} });
  const findings = checkMcpObservation(call("check_types", wrappedText(bad)));
  assert.ok(findings.length > 0);
  for (const f of findings) {
    assert.equal(f.instancePath, "/call_result/structuredContent/result");
    assert.match(String(f.params?.read), /FastMCP wrapped as structuredContent\.result/);
  }
  assert.deepEqual(findings.map((f) => f.params?.resultPath), ["/netdryrun"]);
});

Deno.test("a wrapped object value nests the findings under structuredContent/result", () => {
  const result = {
    content: [{ type: "text", text: JSON.stringify({ ...checkTypes, netdryrun: 2 }) }],
    structuredContent: { result: { ...checkTypes, netdryrun: 2 } },
  };
  const findings = checkMcpObservation(call("check_types", result));
  assert.deepEqual(
    findings.map((f) => [f.ruleId, f.instancePath]),
    [["NDR-SCHEMA", "/call_result/structuredContent/result/netdryrun"]],
  );
});

Deno.test("a text content that differs from the wrapped text is NDM-AGREE", () => {
  const text = JSON.stringify(checkTypes);
  const result = { ...wrappedText(text), content: [{ type: "text", text: text + " " }] };
  assert.deepEqual(
    checkMcpObservation(call("check_types", result)).map((f) => [f.ruleId, f.instancePath]),
    [["NDM-AGREE", "/call_result/content/0/text"]],
  );
});

Deno.test("record_baseline's wrapped YAML text is the baseline, its wrapped JSON a tool error", () => {
  const yaml = "lab: lab.clab.yml\nchecks:\n  - {type: ping, node: r1, target: 10.0.0.1}\n";
  assert.deepEqual(decodeResult(wrappedText(yaml), "record_baseline").value, yaml);
  const error = decodeResult(wrappedText('{"error": "no lab"}', true), "record_baseline");
  assert.deepEqual(error.value, { error: "no lab" });
  assert.equal(error.wrapped, "text");
});

Deno.test("only an object whose one member is result is taken as the wrapper", () => {
  assert.equal(isResultWrapper({ result: "x" }), true);
  assert.equal(isResultWrapper({ result: "x", status: "error" }), false);
  assert.equal(isResultWrapper(["result"]), false);
  // Not a wrapper: the object itself is judged (and is not a check_types result).
  const findings = checkMcpObservation(
    call("check_types", { content: [], structuredContent: { results: "x" } }),
  );
  assert.ok(findings.some((f) => f.instancePath === "/call_result/structuredContent"));
});

Deno.test("record_baseline: an error reported as plain text is unreadable, not a YAML baseline", () => {
  // What FastMCP answers when the tool raised (netdryrun 0.2.0 without containerlab).
  const raised = {
    content: [{ type: "text", text: "Error executing tool record_baseline" }],
    isError: true,
  };
  assert.deepEqual(
    checkMcpObservation(call("record_baseline", raised)).map((f) => [f.ruleId, f.instancePath]),
    [["NDM-RESULT-READABLE", "/call_result/content/0/text"]],
  );
  // A YAML baseline flagged isError stays a baseline (the isError rule judges the flag).
  const flagged = {
    content: [{ type: "text", text: "lab: x.clab.yml\nchecks: []\n" }],
    isError: true,
  };
  assert.equal(decodeResult(flagged, "record_baseline").value, "lab: x.clab.yml\nchecks: []\n");
});
