import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Request, SuiteReport } from "../../src/core/types.ts";
import { normalizeToolResponse } from "./reference.ts";
import { normalizerSuite } from "./suite.ts";
import { normalizerTargets } from "./targets.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
const RUNS = 40;
console.log(`normalizer suite_test seed: ${seed} (set CONFORM_SEED to vary)`);

const fired = (report: SuiteReport) =>
  [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))].sort();

Deno.test(`the TypeScript reference normalizer conforms (seed ${seed})`, async () => {
  const target = normalizerTargets.find((t) => t.name === "normalizer-reference")!;
  const report = await runSuite(normalizerSuite, target.create(normalizerSuite.profile.id), {
    target: target.name,
    seed,
    runs: RUNS,
  });
  const bad = report.cases.filter((c) => c.outcome !== "passed" || c.findings.length > 0);
  assert.deepEqual(bad, []);
  assert.equal(report.verdict, "conformant");
  // Fixture inputs, the fixed nasty inputs and the generated ones all ran.
  assert.ok(report.cases.some((c) => c.id.startsWith("fixture:")));
  assert.ok(report.cases.some((c) => c.id === "nasty:brackets-100k"));
  assert.equal(report.cases.filter((c) => c.id.startsWith("generated-")).length, RUNS);
  // Every rule was exercised by some case.
  assert.deepEqual(report.rules.filter((r) => r.cases === 0).map((r) => r.id), []);
});

for (const target of normalizerTargets.filter((t) => t.mutant)) {
  Deno.test(`mutant ${target.name} is caught by exactly ${target.mutant!.breaks.join(", ")}`, async () => {
    const report = await runSuite(normalizerSuite, target.create(normalizerSuite.profile.id), {
      target: target.name,
      seed,
      runs: RUNS,
    });
    assert.equal(
      report.counts.errored,
      0,
      JSON.stringify(report.cases.find((c) => c.outcome === "errored")),
    );
    assert.deepEqual(fired(report), [...target.mutant!.breaks].sort());
    const should = target.mutant!.breaks.every((id) =>
      report.rules.find((r) => r.id === id)?.level === "SHOULD"
    );
    assert.equal(report.verdict, should ? "conformant-with-warnings" : "not-conformant");
  });
}

Deno.test("a raised exception is a NORM-TOTAL finding that carries the input", async () => {
  const adapter = inProcessAdapter((request: Request) => {
    const { raw, tool_name } = request.input as { raw: unknown; tool_name: string };
    if (raw === null) throw new TypeError("Cannot read properties of null (reading 'nodes')");
    return normalizeToolResponse(raw, tool_name);
  });
  const report = await runSuite(normalizerSuite, adapter, {
    target: "raises-on-null",
    seed,
    runs: 0,
    options: { nasty: false },
  });
  const failing = report.cases.filter((c) => c.outcome === "failed");
  assert.ok(failing.length > 0);
  for (const c of failing) {
    assert.deepEqual(c.findings.map((f) => [f.ruleId, f.instancePath]), [[
      "NORM-TOTAL",
      "/output/raised",
    ]]);
    assert.deepEqual((c.findings[0].params?.input as { raw: unknown }).raw, null);
    assert.equal(c.findings[0].params?.type, "TypeError");
  }
});

Deno.test("a target's volatile option leaves its own stamps out of the comparisons", async () => {
  let n = 0;
  const stamping = () =>
    inProcessAdapter((request: Request) => {
      const { raw, tool_name } = request.input as { raw: unknown; tool_name: string };
      const out = normalizeToolResponse(raw, tool_name);
      out.metadata = {
        ...out.metadata,
        timestamp: new Date(1e12 + n).toISOString(),
        request_id: `r${n++}`,
      };
      return out;
    });
  const run = (options: Record<string, unknown>) =>
    runSuite(normalizerSuite, stamping(), {
      target: "stamping",
      seed,
      runs: 10,
      options: { nasty: false, ...options },
    });
  const without = await run({});
  // Added metadata is allowed by the fixpoint; a changing stamp breaks idempotence.
  assert.deepEqual(fired(without), ["NORM-IDEMPOTENT"]);
  const withVolatile = await run({ volatile: ["/metadata/request_id"] });
  assert.equal(withVolatile.verdict, "conformant");
});

Deno.test("cases are deterministic for a seed", async () => {
  const a = await normalizerSuite.cases({ seed, runs: 20, options: { nasty: false } });
  const b = await normalizerSuite.cases({ seed, runs: 20, options: { nasty: false } });
  assert.deepEqual(a, b);
  const c = await normalizerSuite.cases({ seed: seed + 1, runs: 20, options: { nasty: false } });
  assert.notDeepEqual(a, c);
});
