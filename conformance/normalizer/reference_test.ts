import assert from "node:assert/strict";
import { normalizeToolResponse } from "./reference.ts";

const meta = (tool_name: string) => ({ tool_name });

Deno.test("normalizeToolResponse() maps the device-command list, statuses and texts", () => {
  const out = normalizeToolResponse([
    { device_name: "R1", status: "success", output: " ok \n" },
    { device_name: "R2", status: "partial_success", output: "half", config_commands: ["x"] },
    { device_name: "R3", status: "success", output: "", error: "denied" },
  ], "cmd");
  assert.deepEqual(out, {
    success: true,
    total: 3,
    successful: 1,
    failed: 2,
    data: [
      { id: "R1", name: "R1", status: "success", result: " ok \n" },
      {
        id: "R2",
        name: "R2",
        status: "failed",
        result: "half",
        error: "Status partial_success reported without an error message",
      },
      { id: "R3", name: "R3", status: "failed", result: "", error: "denied" },
    ],
    metadata: meta("cmd"),
  });
});

Deno.test("normalizeToolResponse() reads node dicts, node creation and templates", () => {
  const nodes = normalizeToolResponse({
    project_id: "p",
    total_nodes: 9,
    nodes: [{ node_id: "n1", name: "PC1", status: "started" }, {
      node_id: "n2",
      name: "SW1",
      status: "error",
      error: "no image",
    }],
  }, "start");
  assert.deepEqual(
    nodes.data.map((i) => [i.id, i.name, i.status, i.error]),
    [["n1", "PC1", "success", undefined], ["n2", "SW1", "failed", "no image"]],
  );
  assert.equal(nodes.total, 2, "legacy totals are recounted");
  assert.equal(nodes.data[0].result, '{"node_id":"n1","name":"PC1","status":"started"}');
  const created = normalizeToolResponse({
    created_nodes: [{ node_id: 7, name: "R7" }],
    total_nodes: 1,
  }, "c");
  assert.deepEqual(created.data, [{
    id: "7",
    name: "R7",
    status: "success",
    result: '{"node_id":7,"name":"R7"}',
  }]);
  const templates = normalizeToolResponse({ templates: [{ template_id: "t", name: "VPCS" }] }, "t");
  assert.deepEqual(templates.data.map((i) => [i.id, i.name]), [["t", "VPCS"]]);
});

Deno.test("normalizeToolResponse() decodes JSON text and Python literals the same way", () => {
  const value = [{ device_name: "R1", status: "failed", error: "timeout", output: "" }];
  const fromValue = normalizeToolResponse(value, "t");
  assert.deepEqual(normalizeToolResponse(JSON.stringify(value), "t"), fromValue);
  assert.deepEqual(
    normalizeToolResponse(
      "({'device_name': 'R1', 'status': 'failed', 'error': 'timeout', 'output': ''},)",
      "t",
    ),
    fromValue,
  );
  // A failed single item is a complete failure: a global error says so.
  assert.equal(fromValue.success, false);
  assert.equal(fromValue.error, "The only item failed: R1: timeout");
});

Deno.test("normalizeToolResponse() makes global errors of the error-only shapes", () => {
  const expected = {
    success: false,
    total: 0,
    successful: 0,
    failed: 0,
    data: [],
    error: "Invalid project_id format",
    metadata: meta("t"),
  };
  assert.deepEqual(normalizeToolResponse({ error: "Invalid project_id format" }, "t"), expected);
  assert.deepEqual(normalizeToolResponse([{ error: "Invalid project_id format" }], "t"), expected);
  assert.deepEqual(
    normalizeToolResponse('{"error": "Invalid project_id format", "success": false}', "t"),
    expected,
  );
  // An item that carries more than the error is an item, not a global error.
  assert.equal(normalizeToolResponse([{ error: "x", device_name: "R1" }], "t").total, 1);
});

Deno.test("normalizeToolResponse() keeps plain text and handles empties", () => {
  const text = "R1# show version\nCisco IOS";
  assert.deepEqual(normalizeToolResponse(text, "show").data, [
    { id: "output", name: "show", status: "success", result: text },
  ]);
  for (const empty of [null, "", " \n\t", [], {}]) {
    const out = normalizeToolResponse(empty, "t");
    assert.deepEqual(
      [out.success, out.total, out.error],
      [true, 0, undefined],
      JSON.stringify(empty),
    );
  }
  assert.deepEqual(normalizeToolResponse(3, "t").data[0].result, "3");
});

Deno.test("normalizeToolResponse() returns a conforming input unchanged but for tool_name", () => {
  const input = {
    success: true,
    total: 1,
    successful: 1,
    failed: 0,
    data: [{ id: "a", name: "A", status: "success", result: "r", extra: [1] }],
    metadata: { tool_name: "old", execution_time: 1 },
    x_top: true,
  };
  const out = normalizeToolResponse(structuredClone(input), "new");
  assert.deepEqual(out, { ...input, metadata: { tool_name: "new", execution_time: 1 } });
});

Deno.test("normalizeToolResponse() never throws on nasty inputs", () => {
  const proto = JSON.parse('{"__proto__": {"polluted": 1}, "device_name": "R1", "output": "x"}');
  const out = normalizeToolResponse(proto, "t");
  assert.equal(out.data[0].name, "R1");
  assert.equal(({} as Record<string, unknown>).polluted, undefined);
  for (
    const raw of [
      "[".repeat(100_000),
      "x".repeat(2_000_000),
      "{'a': " + "9".repeat(5000) + "}",
      "\ud800\u0000",
      "{'output': b'\\xff', 's': {1, 'a', None, (2,)}, 'c': 1j}",
      Infinity,
      -0,
    ]
  ) {
    const r = normalizeToolResponse(raw, "t");
    assert.equal(typeof r.success, "boolean");
  }
});
