import assert from "node:assert/strict";
import { inProcessAdapter } from "../adapters/in_process.ts";
import { runSuite } from "./run_suite.ts";
import type { Suite } from "./types.ts";

const rule = {
  id: "R",
  level: "MUST" as const,
  statement: "s",
  cite: { spec: "x.md", section: "y" },
};
const suite: Suite = {
  profile: {
    id: "fake/v1",
    title: "fake",
    rules: [rule, { ...rule, id: "S" }],
    schemas: {},
    check: () => [],
    valid: () => {
      throw new Error("unused");
    },
    mutations: [],
    fixtures: new URL("file:///nonexistent/"),
  },
  classes: [{ id: "small", description: "small" }, { id: "big", description: "big" }],
  cases: () => [
    { id: "a", description: "a", input: 1, classes: ["small"] },
    { id: "b", description: "b", input: 2, classes: ["small"] },
  ],
  async evaluate(c, invoke) {
    const reply = await invoke({ operation: "echo", input: c.input });
    const value = reply.kind === "result" ? reply.value : undefined;
    return {
      findings: value === 2
        ? [{ ruleId: "R", level: "MUST", instancePath: "", message: "two" }]
        : [],
      checked: ["R"],
      unchecked: [{ ruleId: "S", reason: "not here" }],
    };
  },
};

Deno.test("runSuite reports the coverage map: class hits, rule outcomes, unchecked reasons, warnings", async () => {
  const report = await runSuite(suite, inProcessAdapter((r) => r.input), { target: "t", seed: 1 });
  assert.deepEqual(report.coverage, {
    classes: [
      { id: "small", description: "small", cases: 2 },
      { id: "big", description: "big", cases: 0 },
    ],
    rules: [
      { id: "R", applied: 2, passed: 1, failed: 1 },
      { id: "S", applied: 0, passed: 0, failed: 0, unchecked: { cases: 2, reasons: ["not here"] } },
    ],
    warnings: [
      'class "big" was never hit (big)',
      'rule "S" could not be checked on any case: not here',
    ],
  });
});

Deno.test("a run of chosen cases (a replay) has no coverage warnings", async () => {
  const report = await runSuite(suite, inProcessAdapter((r) => r.input), {
    target: "t",
    seed: 1,
    caseIds: ["a"],
  });
  assert.equal(report.coverage?.classes[0].cases, 1);
  assert.deepEqual(report.coverage?.warnings, []);
});
