import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Request, SuiteReport } from "../../src/core/types.ts";
import { decideNetdryrunResult } from "./reference.ts";
import { netdryrunConsumerSuite } from "./suite.ts";
import { netdryrunConsumerTargets } from "./targets.ts";
import type { DecideInput } from "./types.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
const RUNS = 100;
console.log(`netdryrun_consumer suite_test seed: ${seed} (set CONFORM_SEED to vary)`);

const fired = (report: SuiteReport) =>
  [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))].sort();

const targetOf = (name: string) => netdryrunConsumerTargets.find((t) => t.name === name);

/** A run of a target with the options its suite entry gives (attempts for some). */
const run = (
  target: string,
  adapter = targetOf(target)!.create(netdryrunConsumerSuite.profile.id),
  runs = RUNS,
  shrink: false | undefined = undefined,
) =>
  runSuite(netdryrunConsumerSuite, adapter, {
    target,
    seed,
    runs,
    shrink,
    options: targetOf(target)?.suites[0].options ?? {},
  });

Deno.test(`the TypeScript reference consumer conforms and exercises every rule (seed ${seed})`, async () => {
  for (const name of ["netdryrun-consumer-reference", "netdryrun-consumer-reference-attempts"]) {
    const report = await run(name);
    const bad = report.cases.filter((c) => c.outcome !== "passed" || findingsOf(c).length > 0);
    assert.deepEqual(bad.map((c) => [c.id, findingsOf(c).slice(0, 2)]), []);
    assert.equal(report.verdict, "conformant");
    assert.ok(report.cases.some((c) => c.id.startsWith("fixture:lab_text.yaml")));
    assert.ok(report.cases.some((c) => c.id.startsWith("non-result-")));
    assert.equal(report.cases.filter((c) => c.id.startsWith("generated-")).length, RUNS);
    // Without attempts, NDC-RETRY-ONCE cannot apply: the consumer is not told the attempt.
    const idle = name.endsWith("-attempts") ? [] : ["NDC-RETRY-ONCE"];
    assert.deepEqual(report.rules.filter((r) => r.cases === 0).map((r) => r.id), idle, name);
  }
});

Deno.test("a (result) => decision consumer is certified: no attempt is sent, and retrying every inconclusive run is no finding", async () => {
  const sent: unknown[] = [];
  const adapter = inProcessAdapter((request: Request) => {
    sent.push(request.input);
    const { result } = request.input as { result: unknown };
    // Decides on the result alone; the agent around it keeps the retry count.
    const status = (result as { status?: unknown } | null)?.status;
    if (status === "inconclusive") return "retry";
    return decideNetdryrunResult(result);
  });
  const report = await run("result-only", adapter);
  assert.deepEqual(fired(report), []);
  assert.equal(report.verdict, "conformant");
  assert.ok(sent.length > RUNS);
  for (const input of sent) assert.deepEqual(Object.keys(input as object), ["result"]);
  const retry = report.coverage!.rules.find((r) => r.id === "NDC-RETRY-ONCE")!;
  assert.equal(retry.applied, 0);
  assert.match(retry.unchecked!.reasons.join(" "), /option attempts/);
  // Told the attempt (it counts its retries), the same consumer is caught at MUST.
  const counted = await runSuite(netdryrunConsumerSuite, adapter, {
    target: "result-only",
    seed,
    runs: RUNS,
    options: { attempts: true },
  });
  assert.deepEqual(fired(counted), ["NDC-RETRY-ONCE"]);
  assert.equal(counted.verdict, "not-conformant");
});

for (const target of netdryrunConsumerTargets.filter((t) => t.mutant)) {
  Deno.test(`mutant ${target.name} is caught by exactly ${target.mutant!.breaks.join(", ")}`, async () => {
    const report = await run(target.name);
    assert.equal(report.counts.errored, 0);
    assert.deepEqual(fired(report), [...target.mutant!.breaks].sort());
    const should = target.mutant!.breaks.every((id) =>
      report.rules.find((r) => r.id === id)?.level === "SHOULD"
    );
    assert.equal(report.verdict, should ? "conformant-with-warnings" : "not-conformant");
  });
}

Deno.test("the generated cases alone catch each leak (not only the fixtures)", async () => {
  for (
    const name of [
      "fail-in-detail",
      "obeys-lab-text",
      "case-insensitive",
      "verdict-only",
      "applies-unknown",
      "crashes-on-setup-error",
      "retries-forever",
    ]
  ) {
    // 300 generated cases: each leak shows in several percent of them, so that no seed misses it.
    const target = netdryrunConsumerTargets.find((t) =>
      t.name === `netdryrun-consumer-mutant-${name}`
    )!;
    // Whether a generated case fails is the question; shrinking the failures adds seconds.
    const report = await run(target.name, undefined, 300, false);
    assert.ok(
      report.cases.some((c) => c.id.startsWith("generated-") && c.outcome === "failed"),
      `${name}: no generated case failed`,
    );
  }
});

Deno.test("a consumer that throws on hostile text is an NDC-LAB-TEXT finding at the variant", async () => {
  const adapter = inProcessAdapter((request: Request) => {
    const { result, attempt } = request.input as DecideInput;
    // Only results (a status) are read; values that are not results are refused unread.
    const status = (result as { status?: unknown } | null)?.status;
    if (typeof status === "string" && JSON.stringify(result).includes("\\u001b")) {
      throw new Error("escape sequence in input");
    }
    return decideNetdryrunResult(result, attempt);
  });
  const report = await run("throws-on-escapes", adapter);
  // Escapes reach a result only through a variant: lab text (the fixtures have one), or a
  // generated verdict of hostile text.
  assert.ok(fired(report).includes("NDC-LAB-TEXT"));
  assert.deepEqual(fired(report).filter((id) => id !== "NDC-VERDICT-TEXT"), ["NDC-LAB-TEXT"]);
  for (const finding of report.cases.flatMap((c) => findingsOf(c))) {
    assert.equal(finding.instancePath, "/variant/output/raised");
    assert.match(finding.message, /raised Error: "escape sequence in input"/);
  }
});

Deno.test("cases are deterministic for a seed, and differ between seeds", async () => {
  const a = await netdryrunConsumerSuite.cases({ seed, runs: 30, options: {} });
  const b = await netdryrunConsumerSuite.cases({ seed, runs: 30, options: {} });
  assert.deepEqual(a, b);
  const c = await netdryrunConsumerSuite.cases({ seed: seed + 1, runs: 30, options: {} });
  assert.notDeepEqual(a, c);
});
