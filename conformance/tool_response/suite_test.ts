import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { toolResponseSuite } from "./suite.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";
import { type DeviceCommandCall, produceToolResponse } from "./producer.ts";

Deno.test("tool-response suite: a target's own invocations are the cases, each response checked", async () => {
  const calls: unknown[] = [];
  // A small tool server: two tools, one of them returning a legacy shape.
  const adapter = inProcessAdapter((request) => {
    calls.push(request);
    const { name } = request.input as { name: string };
    if (name === "list_nodes") {
      return {
        success: true,
        total: 1,
        successful: 1,
        failed: 0,
        data: [{ id: "n1", name: "R1", status: "success", result: "started" }],
      };
    }
    return [{ device_name: "R1", status: "success", output: "ok" }];
  });
  const report = await runSuite(toolResponseSuite, adapter, {
    target: "my-tools",
    seed: 1,
    options: {
      invocations: [
        { name: "list_nodes", arguments: { project_id: "p" } },
        { name: "legacy_tool", arguments: {}, description: "a tool not migrated yet" },
      ],
    },
  });
  assert.deepEqual(calls, [
    { operation: "call_tool", input: { name: "list_nodes", arguments: { project_id: "p" } } },
    { operation: "call_tool", input: { name: "legacy_tool", arguments: {} } },
  ]);
  assert.deepEqual(report.cases.map((c) => [c.id, c.outcome]), [
    ["invocation-0", "passed"],
    ["invocation-1", "failed"],
  ]);
  assert.equal(report.cases[1].description, "a tool not migrated yet");
  assert.deepEqual([...new Set(findingsOf(report.cases[1]).map((f) => f.ruleId))], ["TR-SCHEMA"]);
});

Deno.test("tool-response suite: generated scenarios cover failures, bad projects and empty commands", async () => {
  const cases = await toolResponseSuite.cases({ seed: 4, runs: 200, options: {} });
  const descriptions = cases.map((c) => c.description);
  assert.equal(cases.length, 200);
  assert.ok(descriptions.some((d) => d.includes("bad project id")));
  assert.ok(descriptions.some((d) => d.includes("no commands")));
  assert.ok(descriptions.some((d) => /[1-9] failing/.test(d)));
  assert.ok(descriptions.some((d) => d.startsWith("0 devices")));
});

Deno.test("tool-response suite: a generated case's title agrees with the reference's response (failing devices, unknown names)", () => {
  const { cases } = toolResponseSuite.caseStream!({ seed: 20261130, runs: 300, options: {} }) as {
    cases: Iterable<{ description: string; input: unknown }>;
  };
  let unknown = 0;
  for (const c of cases) {
    const call = c.input as DeviceCommandCall;
    const response = produceToolResponse(call);
    const match = /^(\d+) devices?, (\d+) failing/.exec(c.description);
    assert.ok(match, c.description);
    assert.equal(Number(match[1]), call.arguments.device_names.length, c.description);
    if (/bad project id|no commands/.test(c.description)) continue;
    // The reference fails exactly the devices the title counts as failing.
    assert.equal(Number(match[2]), response.failed, `${c.description}: ${response.failed} failed`);
    if (/unknown/.test(c.description)) unknown++;
  }
  assert.ok(unknown > 0, "some titles name an unknown device");
});
