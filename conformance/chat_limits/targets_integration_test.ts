import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { chatLimitsSuite } from "./suite.ts";
import { chatLimitsTargets } from "./targets.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
console.log(`chat_limits targets_test seed: ${seed} (set CONFORM_SEED to vary)`);

// The GNS3 Copilot stack's targets (a Python environment) have their own test, one process for
// all of them: gns3_copilot_agent_integration_test.ts.
// The LangGraph.js agents (a Node process over HTTP, seconds a case) run here under
// CONFORM_LONG=1: by default their golden reports (cli/report_golden_chat_limits_integration_test.ts) pin the
// rules each fails, at the default seed.
const LONG = Deno.env.get("CONFORM_LONG") === "1";
for (const target of chatLimitsTargets.filter((t) => t.pythonEnv === undefined)) {
  const breaks = target.mutant?.breaks;
  const title = breaks
    ? `${target.name} is caught by ${breaks.join(", ")} (seed ${seed})`
    : `${target.name} conforms (seed ${seed})`;
  const overHttpAgent = target.suites[0].options?.surface === "http-agent";
  Deno.test({ name: title, ignore: overHttpAgent && !LONG }, async () => {
    // An agent process over HTTP costs about 3 s for a request of 100 model calls (more under
    // load): its boundary cases only, which catch each of its mutants; the golden reports pin
    // its generated cases.
    const options = target.suites[0].options ?? {};
    const overHttp = options.surface === "http-agent";
    const runs = overHttp ? 0 : 40;
    const report = await runSuite(chatLimitsSuite, target.create(chatLimitsSuite.profile.id), {
      target: target.name,
      seed,
      runs,
      options,
      ...(target.caseTimeoutMs ? { caseTimeoutMs: target.caseTimeoutMs } : {}),
    });
    assert.equal(report.startError, undefined);
    assert.equal(
      report.counts.errored,
      0,
      JSON.stringify(report.cases.find((c) => c.outcome === "errored")),
    );
    assert.ok(report.cases.length >= runs);
    const fired = report.rules.filter((r) => r.failures > 0).map((r) => r.id);
    if (!breaks) {
      assert.equal(
        report.verdict,
        "conformant",
        JSON.stringify(report.cases.find((c) => c.outcome !== "passed" || c.findings.length)),
      );
      return;
    }
    for (const id of breaks) assert.ok(fired.includes(id), `${id} not among ${fired.join(", ")}`);
    if (overHttp) {
      // Over HTTP too, each LangGraph.js mutant fails with its rules and no other.
      assert.deepEqual([...fired].sort(), [...breaks].sort());
    }
    const mustBroken = breaks.some((id) =>
      chatLimitsSuite.profile.rules.find((r) => r.id === id)!.level === "MUST"
    );
    assert.equal(report.verdict, mustBroken ? "not-conformant" : "conformant-with-warnings");
    // Each failing case names the right rule at a JSON Pointer into the observation.
    for (const c of report.cases.filter((c) => c.outcome === "failed")) {
      for (const f of c.findings) assert.match(f.instancePath, /^(\/[^/]*)*$/);
    }
  });
}

Deno.test("the design's edge cases catch each agent mutant on a named boundary case", async () => {
  const expected: Record<string, [string, string[]]> = {
    "chat-limits-mutant-iteration-off-by-one": ["boundary-iterations-1", [
      "CL-ITER-LAST",
      "CL-ITER-MAX",
    ]],
    "chat-limits-mutant-ignores-default": ["boundary-defaults", ["CL-ITER-LAST", "CL-ITER-MAX"]],
    "chat-limits-mutant-tool-off-by-one": ["boundary-design-3-of-5", ["CL-TOOL-MAX"]],
    "chat-limits-mutant-counts-batches": ["boundary-batches-of-10", ["CL-TOOL-MAX"]],
    "chat-limits-mutant-unanswered": ["boundary-design-2-batch-3", ["CL-TOOL-ANSWERED"]],
    "chat-limits-mutant-carries-count": ["boundary-per-request", ["CL-PER-REQUEST"]],
    "chat-limits-mutant-partial-batch": ["boundary-design-2-batch-3", ["CL-TOOL-WHOLE-BATCH"]],
    "chat-limits-mutant-crashes-on-tool-error": ["boundary-tool-error", ["CL-TOOL-ERROR"]],
    "chat-limits-mutant-reworded": ["boundary-tool-calls-1", ["CL-LIMIT-WORDING"]],
  };
  for (const [name, [caseId, ruleIds]] of Object.entries(expected)) {
    const target = chatLimitsTargets.find((t) => t.name === name)!;
    const report = await runSuite(chatLimitsSuite, target.create(chatLimitsSuite.profile.id), {
      target: name,
      seed,
      runs: 0,
      caseIds: [caseId],
    });
    assert.equal(report.cases.length, 1, `${name}: case ${caseId}`);
    assert.deepEqual(
      [...new Set(findingsOf(report.cases[0]).map((f) => f.ruleId))].sort(),
      ruleIds,
      name,
    );
  }
});
