import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { buildNetdryrunResult } from "./reference.ts";
import { NETDRYRUN_BUILD_RESULT_OPERATION, netdryrunSuite } from "./suite.ts";
import { netdryrunTargets } from "./targets.ts";
import type { NetdryrunModel } from "./types.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
console.log(`netdryrun suite_test seed: ${seed}`);

Deno.test("cases are deterministic for a seed and cover every tool", async () => {
  const a = await netdryrunSuite.cases({ seed, runs: 60, options: {} });
  const b = await netdryrunSuite.cases({ seed, runs: 60, options: {} });
  assert.deepEqual(a, b);
  const tools = new Set(a.map((c) => (c.input as { tool: string }).tool));
  assert.deepEqual([...tools].sort(), [
    "check_types",
    "dry_run",
    "record_baseline",
    "run_checks",
    "validate",
  ]);
});

Deno.test("the reference builder conforms", async () => {
  const reference = netdryrunTargets.find((t) => !t.mutant)!;
  const report = await runSuite(netdryrunSuite, reference.create(netdryrunSuite.profile.id), {
    target: reference.name,
    seed,
    runs: 150,
  });
  assert.equal(
    report.verdict,
    "conformant",
    JSON.stringify(report.cases.find((c) => c.outcome !== "passed")),
  );
  // The 150 draws, then one guaranteed case per declared class they missed.
  assert.ok(report.cases.length >= 150, `${report.cases.length} cases`);
  assert.equal(report.counts.passed, report.cases.length);
});

for (const target of netdryrunTargets.filter((t) => t.mutant)) {
  Deno.test(`mutant ${target.name} is caught by exactly the rules it breaks`, async () => {
    const report = await runSuite(netdryrunSuite, target.create(netdryrunSuite.profile.id), {
      target: target.name,
      seed,
      runs: 150,
    });
    assert.equal(report.verdict, "not-conformant");
    const fired = [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))]
      .sort();
    assert.ok(
      fired.length > 0 && fired.every((id) => target.mutant!.breaks.includes(id)),
      `fired ${fired}`,
    );
    assert.ok(fired.includes(target.mutant!.breaks[0]), `fired ${fired}`);
  });
}

Deno.test("a builder that raises is an NDR-SCHEMA finding, not a harness fault", async () => {
  const adapter = inProcessAdapter((request) => {
    const model = (request.input as { model: NetdryrunModel }).model;
    if (model.kind === "check_types") throw new TypeError("'NoneType' object is not subscriptable");
    return buildNetdryrunResult(model);
  });
  const report = await runSuite(netdryrunSuite, adapter, { target: "raiser", seed, runs: 60 });
  const failed = report.cases.filter((c) => c.outcome === "failed");
  assert.ok(failed.length > 0);
  for (const c of failed) {
    assert.deepEqual(c.findings.map((f) => [f.ruleId, f.keyword]), [["NDR-SCHEMA", "raised"]]);
  }
  assert.equal(report.counts.errored, 0);
});

Deno.test("readEvidence reads the evidence file (bounded) and judges it", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/report.json`;
    await Deno.writeTextFile(path, JSON.stringify({ schema: "netdryrun.report/v0" }));
    const adapter = inProcessAdapter((request) => {
      const model = (request.input as { model: NetdryrunModel }).model;
      return buildNetdryrunResult(model.kind === "run" ? { ...model, evidenceFile: path } : model);
    });
    const [withRead, without] = [
      await runSuite(netdryrunSuite, adapter, {
        target: "r",
        seed,
        runs: 30,
        options: { readEvidence: true },
      }),
      await runSuite(netdryrunSuite, adapter, { target: "r", seed, runs: 30 }),
    ];
    const fired = withRead.cases.flatMap((c) => findingsOf(c).map((f) => `${f.ruleId}:${f.level}`));
    assert.ok(fired.length > 0 && fired.every((x) => x === "NDR-EVIDENCE-FILE:SHOULD"), `${fired}`);
    assert.equal(withRead.verdict, "conformant-with-warnings");
    assert.equal(without.verdict, "conformant");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an unknown operation is the target's failure", async () => {
  const adapter = netdryrunTargets[0].create(netdryrunSuite.profile.id);
  await adapter.start();
  const reply = await adapter.run({ operation: "other", input: {} });
  assert.equal(reply.kind, "raised");
  assert.equal(typeof NETDRYRUN_BUILD_RESULT_OPERATION, "string");
  await adapter.close();
});
