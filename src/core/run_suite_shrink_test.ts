import assert from "node:assert/strict";
import fc from "fast-check";
import { runSuite } from "./run_suite.ts";
import { generatedCases } from "./generated_cases.ts";
import type { Adapter, FailedCaseReport, Finding, Suite } from "./types.ts";
import { fakeProfile } from "./testdata/fake_suite.ts";

/**
 * A suite of generated lists of numbers: FAKE-MUST fires when a number is 50 or more,
 * FAKE-UNUSED (also MUST) when the list has 3 numbers or more. The target echoes the list.
 */
const listSuite: Suite = {
  profile: fakeProfile,
  cases: (options) =>
    generatedCases(fc.array(fc.nat(1000), { minLength: 1, maxLength: 12 }), options, (list) => ({
      description: `${list.length} numbers`,
      input: list,
    })),
  async evaluate(testCase, invoke) {
    const reply = await invoke({ operation: "echo", input: testCase.input });
    const list = (reply.kind === "result" ? reply.value : []) as number[];
    const findings: Finding[] = [];
    if (list.some((n) => n >= 50)) {
      findings.push({ ruleId: "FAKE-MUST", level: "MUST", instancePath: "", message: "big" });
    }
    if (list.length >= 3) {
      findings.push({ ruleId: "FAKE-UNUSED", level: "MUST", instancePath: "", message: "long" });
    }
    return { findings, subject: { data: list } };
  },
};

function echoAdapter(calls: { n: number } = { n: 0 }): Adapter {
  return {
    kind: "in-process",
    start: () => Promise.resolve({ name: "echo" }),
    run: (request) => {
      calls.n++;
      return Promise.resolve({ kind: "result", value: request.input });
    },
    close: () => Promise.resolve(),
  };
}

const failed = (cases: readonly { outcome: string }[]) =>
  cases.filter((c): c is FailedCaseReport => c.outcome === "failed");

const mustRules = (findings: readonly Finding[]) =>
  [...new Set(findings.filter((f) => f.level === "MUST").map((f) => f.ruleId))].sort();

Deno.test("shrink: a failed generated case shrinks to a minimal input failing the same MUST rules", async () => {
  const report = await runSuite(listSuite, echoAdapter(), { target: "t", seed: 3, runs: 30 });
  const cases = failed(report.cases);
  assert.ok(cases.length >= 10, `only ${cases.length} failed cases`);
  // Cases that fail both rules are the ones a shrinker on one rule turns into another bug.
  assert.ok(cases.some((c) => mustRules(c.findings).length === 2), "no case fails both rules");
  for (const c of cases) {
    const shrunk = c.shrunk!;
    assert.ok(shrunk, `${c.id} has no shrunk case`);
    const rules = mustRules(c.findings);
    assert.deepEqual(mustRules(shrunk.findings), rules, `${c.id} shrank to another bug`);
    const [original, small] = [c.input, shrunk.input] as { input: number[] }[];
    assert.ok(JSON.stringify(small.input).length <= JSON.stringify(original.input).length);
    // fast-check's shrinker reaches a small counterexample of the rules: the first number
    // that fires FAKE-MUST alone, three zeros for FAKE-UNUSED alone, and both: three numbers,
    // one of them 50.
    if (rules.length === 2) {
      assert.equal(small.input.length, 3, c.id);
      assert.deepEqual(small.input.filter((n) => n !== 0), [50], c.id);
    } else if (rules[0] === "FAKE-MUST") {
      assert.deepEqual(small.input.filter((n) => n !== 0), [50], c.id);
      assert.ok(small.input.length < 3, c.id);
    } else assert.deepEqual(small.input, [0, 0, 0], c.id);
    assert.equal(shrunk.id === c.id, shrunk.steps === 0);
    if (shrunk.steps > 0) assert.match(shrunk.id, new RegExp(`^${c.id}~shrunk-\\d+(:\\d+)*$`));
    assert.deepEqual(shrunk.output, { result: small.input });
    assert.deepEqual(shrunk.subject, { data: small.input });
    assert.ok(shrunk.tried >= shrunk.steps);
  }
});

Deno.test("shrink: a shrunk case replays from its id, and the same seed shrinks the same", async () => {
  const options = { target: "t", seed: 11, runs: 20 };
  const first = failed((await runSuite(listSuite, echoAdapter(), options)).cases);
  const again = failed((await runSuite(listSuite, echoAdapter(), options)).cases);
  assert.deepEqual(first, again);
  const shrunk = first.map((c) => c.shrunk!).filter((s) => s.steps > 0);
  assert.ok(shrunk.length > 0);
  const replayed = await runSuite(listSuite, echoAdapter(), {
    ...options,
    caseIds: shrunk.map((s) => s.id),
  });
  assert.deepEqual(replayed.cases.map((c) => c.id), shrunk.map((s) => s.id));
  replayed.cases.forEach((c, i) => {
    assert.equal(c.outcome, "failed");
    if (c.outcome !== "failed") return;
    assert.deepEqual(c.input, shrunk[i].input);
    assert.deepEqual(c.findings, shrunk[i].findings);
  });
  // A path past the candidates names no case.
  const none = await runSuite(listSuite, echoAdapter(), {
    ...options,
    caseIds: [`${shrunk[0].id}:999999`, "generated-0~shrunk-x"],
  });
  assert.deepEqual(none.cases, []);
});

Deno.test("shrink: bounded by candidates and time, and off on request", async () => {
  const calls = { n: 0 };
  const options = { target: "t", seed: 3, runs: 30, concurrency: 1 };
  const bounded = await runSuite(listSuite, echoAdapter(calls), {
    ...options,
    shrink: { maxShrinks: 2 },
  });
  const cases = failed(bounded.cases);
  for (const c of cases) assert.ok(c.shrunk!.tried <= 2, `${c.id} tried ${c.shrunk!.tried}`);
  assert.ok(cases.some((c) => c.shrunk!.stopped === "max-shrinks"));
  const tried = cases.reduce((n, c) => n + c.shrunk!.tried, 0);
  assert.equal(calls.n, 30 + tried, "one call per case and per candidate");

  const timed = failed(
    (await runSuite(listSuite, echoAdapter(), { ...options, shrink: { timeMs: 0 } })).cases,
  );
  for (const c of timed) assert.deepEqual([c.shrunk!.tried, c.shrunk!.stopped], [0, "time"]);

  const off = failed(
    (await runSuite(listSuite, echoAdapter(), { ...options, shrink: false })).cases,
  );
  assert.equal(off.length, cases.length);
  for (const c of off) assert.equal(c.shrunk, undefined);
});

Deno.test("evidence: a value over the bound is cut, with its size and an excerpt", async () => {
  const report = await runSuite(listSuite, echoAdapter(), {
    target: "t",
    seed: 3,
    runs: 30,
    maxEvidenceBytes: 20,
    shrink: false,
  });
  // The request is `{"operation":"echo","input":[…]}`: over 60 bytes, the list is over 20.
  const big = failed(report.cases).find((c) => (c.input as { bytes: number }).bytes > 60)!;
  assert.ok(big, "no case was cut");
  const cut = big.truncated!.map((side) =>
    big[side] as { truncated: true; bytes: number; excerpt: string }
  );
  for (const v of cut) {
    assert.equal(v.truncated, true);
    assert.ok(v.bytes > 20);
    assert.ok(v.excerpt.length > 0 && v.excerpt.length <= 2048);
  }
  // A subject over the bound is left out: a part of it cannot become a fixture.
  assert.equal(big.subject, undefined);
});
