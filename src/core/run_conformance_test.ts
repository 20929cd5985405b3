import assert from "node:assert/strict";
import { runConformance, worstVerdict } from "./run_conformance.ts";
import { fakeAdapter, fakeSuite } from "./testdata/fake_suite.ts";

Deno.test("run conformance: one suite run per target and suite, the worst verdict overall", async () => {
  const suites: string[] = [];
  const cases: string[] = [];
  const report = await runConformance([
    {
      name: "good",
      suites: [{ suite: fakeSuite(["clean", "warn"]) }],
      create: () => fakeAdapter(),
    },
    {
      name: "bad",
      suites: [{ suite: fakeSuite(["fail"]) }, { suite: fakeSuite(["crash"]) }],
      create: () => fakeAdapter(),
    },
  ], {
    seed: 9,
    runs: 1,
    timestamp: "2026-01-01T00:00:00.000Z",
    onSuite: (s) => suites.push(`${s.target}:${s.verdict}`),
    onCase: (target, profile, c) => cases.push(`${target}/${profile}/${c.id}:${c.outcome}`),
  });
  assert.deepEqual(suites, [
    "good:conformant-with-warnings",
    "bad:not-conformant",
    "bad:incomplete",
  ]);
  assert.equal(report.verdict, "not-conformant");
  assert.equal(report.timestamp, "2026-01-01T00:00:00.000Z");
  assert.equal(report.seed, 9);
  assert.ok(report.suites.every((s) => s.seed === 9 && s.runs === 1));
  assert.deepEqual(cases.slice(0, 3), [
    "good/fake/v1/script-clean:passed",
    "good/fake/v1/script-warn:passed",
    "good/fake/v1/generated-0:passed",
  ]);
  assert.equal(cases.length, 7);
});

Deno.test("run conformance: an adapter that cannot be made is an incomplete suite run", async () => {
  const report = await runConformance([{
    name: "unmakeable",
    suites: [{ suite: fakeSuite(["clean"]) }],
    create: () => {
      throw new Error('unknown adapter kind "carrier-pigeon"');
    },
  }], { seed: 1, runs: 2 });
  assert.equal(report.verdict, "incomplete");
  const [s] = report.suites;
  assert.equal(s.adapter, "unknown");
  assert.equal(
    s.startError,
    'The adapter could not be made: unknown adapter kind "carrier-pigeon"',
  );
  assert.deepEqual(s.rules.map((r) => [r.id, r.cases, r.failures]), [
    ["FAKE-MUST", 0, 0],
    ["FAKE-SHOULD", 0, 0],
    ["FAKE-UNUSED", 0, 0],
  ]);
  assert.equal(s.runs, 2);
});

Deno.test("run conformance: the worst verdict orders not-conformant over incomplete", () => {
  assert.equal(worstVerdict([]), "conformant");
  assert.equal(
    worstVerdict(["conformant-with-warnings", "conformant"]),
    "conformant-with-warnings",
  );
  assert.equal(worstVerdict(["not-conformant", "incomplete"]), "not-conformant");
  assert.equal(worstVerdict(["incomplete", "conformant-with-warnings"]), "incomplete");
});
