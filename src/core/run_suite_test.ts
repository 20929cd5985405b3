import assert from "node:assert/strict";
import { runSuite } from "./run_suite.ts";
import { verdictOf } from "./verdict_of.ts";
import type { Adapter, CaseReport, Request } from "./types.ts";
import {
  fakeAdapter,
  type FakeAdapterLog,
  type FakeScript,
  fakeSuite,
} from "./testdata/fake_suite.ts";

const seed = 5;

Deno.test("run suite: every outcome, each with its own fields and nothing else", async () => {
  const log: FakeAdapterLog = { aborted: 0, closed: false };
  const seen: string[] = [];
  const report = await runSuite(fakeSuite(), fakeAdapter(log), {
    target: "t",
    seed,
    runs: 0,
    concurrency: 1,
    caseTimeoutMs: 200,
    onCase: (c) => seen.push(c.id),
  });
  const expected: CaseReport[] = [
    { id: "script-clean", description: "scripted clean", outcome: "passed", findings: [] },
    {
      id: "script-warn",
      description: "scripted warn",
      outcome: "passed",
      findings: [{
        ruleId: "FAKE-SHOULD",
        level: "SHOULD",
        instancePath: "/should",
        message: "should is set",
      }],
      // A case passed with warnings carries its evidence, as a failed one does.
      input: { operation: "fake", input: { script: "warn" } },
      output: { result: { should: true } },
    },
    {
      id: "script-fail",
      description: "scripted fail",
      outcome: "failed",
      findings: [{
        ruleId: "FAKE-MUST",
        level: "MUST",
        instancePath: "/must",
        message: "must is set",
      }],
      input: { operation: "fake", input: { script: "fail" } },
      output: { result: { must: true } },
    },
    {
      id: "script-raise",
      description: "scripted raise",
      outcome: "failed",
      findings: [{
        ruleId: "FAKE-MUST",
        level: "MUST",
        instancePath: "",
        message: "raised KeyError",
        keyword: "raised",
      }],
      input: { operation: "fake", input: { script: "raise" } },
      output: { raised: { type: "KeyError", message: "'nodes'" } },
    },
    {
      id: "script-decline",
      description: "scripted decline",
      outcome: "skipped",
      reason: "not supported here",
    },
    {
      id: "script-not-applicable",
      description: "scripted not-applicable",
      outcome: "skipped",
      reason: "the fake target has no lab",
    },
    {
      id: "script-crash",
      description: "scripted crash",
      outcome: "errored",
      message: "process crashed",
      stderr: "Segmentation fault",
      input: { operation: "fake", input: { script: "crash" } },
      output: { errored: "process crashed" },
    },
  ];
  // The bug's message carries a stack trace and the hang's the timeout: checked apart.
  assert.deepEqual(report.cases.slice(0, 7), expected);
  const [bug, hang] = report.cases.slice(7);
  assert.equal(bug.outcome, "errored");
  assert.equal(hang.outcome, "errored");
  if (bug.outcome !== "errored" || hang.outcome !== "errored") return;
  assert.deepEqual(Object.keys(bug), ["id", "description", "outcome", "message"]);
  assert.match(
    bug.message,
    /^The suite failed on this case \(a bug of the kit\): TypeError: the fake suite tripped on its own bug\n\s+at /,
  );
  // A timeout is a harness fault: it carries the adapter's stderr.
  assert.deepEqual(hang, {
    id: "script-hang",
    description: "scripted hang",
    outcome: "errored",
    message: 'case "script-hang" timed out after 200 ms',
    stderr: "last words",
    // Its call was unanswered: the implementation hung on it (its own fault).
    fault: { kind: "hung", detail: "no answer within the case timeout (200 ms)" },
    // The request went out; no reply came back.
    input: { operation: "fake", input: { script: "hang" } },
  });
  assert.equal(log.aborted, 1);
  assert.ok(log.closed, "the adapter was not closed");

  assert.deepEqual(report.counts, { passed: 2, failed: 2, skipped: 2, errored: 3 });
  assert.equal(report.verdict, "not-conformant");
  assert.deepEqual(seen, report.cases.map((c) => c.id));
  assert.deepEqual(
    [report.target, report.adapter, report.profile, report.seed, report.runs],
    ["t", "fake", "fake/v1", seed, 0],
  );
  assert.deepEqual(report.implementation, { name: "fake", version: "1.0.0" });
  // Only completed cases count for a rule; a rule no case checks stays at zero.
  assert.deepEqual(report.rules.map((r) => [r.id, r.cases, r.failures]), [
    ["FAKE-MUST", 4, 2],
    ["FAKE-SHOULD", 4, 1],
    ["FAKE-UNUSED", 0, 0],
  ]);
  // The report is data: no case carries a replay command.
  for (const c of report.cases) assert.ok(!("replay" in c), c.id);
});

Deno.test("run suite: the verdict follows the worst outcome", async () => {
  const run = async (...scripts: FakeScript[]) =>
    (await runSuite(fakeSuite(scripts), fakeAdapter(), { target: "t", seed, runs: 1 })).verdict;
  assert.equal(await run("clean"), "conformant");
  // (run adds one generated clean case.) Half skipped is still judged; more is not, and a
  // suite where nothing passed showed nothing.
  assert.equal(await run("decline"), "conformant");
  assert.equal(await run("decline", "not-applicable"), "incomplete");
  const only = async (...scripts: FakeScript[]) =>
    (await runSuite(fakeSuite(scripts), fakeAdapter(), { target: "t", seed, runs: 0 })).verdict;
  assert.equal(await only("decline"), "incomplete");
  assert.equal(await only(), "incomplete");
  assert.equal(await run("clean", "warn"), "conformant-with-warnings");
  assert.equal(await run("warn", "crash"), "incomplete");
  assert.equal(await run("crash", "fail"), "not-conformant");
  assert.equal(verdictOf([]), "incomplete");
  assert.equal(
    verdictOf([{ outcome: "skipped" }, { outcome: "passed", findings: [] }]),
    "conformant",
  );
});

Deno.test("run suite: a hanging case is errored at the timeout, not a hang", async () => {
  const log: FakeAdapterLog = { aborted: 0, closed: false };
  const started = performance.now();
  const report = await runSuite(fakeSuite(["hang", "hang", "hang"]), fakeAdapter(log), {
    target: "t",
    seed,
    runs: 0,
    caseTimeoutMs: 50,
  });
  assert.ok(performance.now() - started < 5000);
  assert.deepEqual(report.counts, { passed: 0, failed: 0, skipped: 0, errored: 3 });
  for (const c of report.cases) {
    assert.equal(c.outcome, "errored");
    if (c.outcome === "errored") assert.match(c.message, /timed out after 50 ms/);
  }
  assert.equal(log.aborted, 3);
  // Hanging on every case is the implementation's fault: it is not conformant.
  assert.equal(report.verdict, "not-conformant");
  assert.equal(report.faults?.implementation[0].cases, 3);
});

Deno.test("run suite: a start failure is reported, with stderr, and the adapter closed", async () => {
  let closed = false;
  const adapter: Adapter = {
    kind: "broken",
    start: () => Promise.reject(new Error("spawn python9: not found")),
    run: () => Promise.reject(new Error("unreachable")),
    close: () => {
      closed = true;
      return Promise.resolve();
    },
    stderr: () => "command not found",
  };
  const report = await runSuite(fakeSuite(), adapter, { target: "t", seed, runs: 3 });
  assert.equal(report.verdict, "incomplete");
  assert.equal(report.startError, "spawn python9: not found\nstderr:\ncommand not found");
  assert.deepEqual(report.cases, []);
  assert.deepEqual(report.counts, { passed: 0, failed: 0, skipped: 0, errored: 0 });
  assert.ok(closed);
});

Deno.test("run suite: a suite that cannot make its cases is incomplete, adapter closed", async () => {
  const log: FakeAdapterLog = { aborted: 0, closed: false };
  const suite = {
    ...fakeSuite(),
    cases: () => Promise.reject(new Error("no such file 'cases.yaml'")),
  };
  const report = await runSuite(suite, fakeAdapter(log), { target: "t", seed, runs: 3 });
  assert.equal(report.verdict, "incomplete");
  assert.equal(report.startError, "The suite could not make its cases: no such file 'cases.yaml'");
  assert.deepEqual(report.implementation, { name: "fake", version: "1.0.0" });
  assert.ok(log.closed);
});

Deno.test("run suite: the same seed gives the same report", async () => {
  const run = (s: number) =>
    runSuite(fakeSuite(["clean", "warn", "fail"]), fakeAdapter(), {
      target: "t",
      seed: s,
      runs: 20,
    });
  const [a, b] = [await run(77), await run(77)];
  assert.deepEqual(a, b);
  assert.equal(a.cases.length, 23);
  const c = await run(78);
  assert.notDeepEqual(a.cases.map((x) => x.description), c.cases.map((x) => x.description));
});

Deno.test("run suite: a case filter runs only the named cases", async () => {
  const report = await runSuite(fakeSuite(), fakeAdapter(), {
    target: "t",
    seed,
    runs: 10,
    caseIds: ["generated-3", "script-fail", "generated-7", "nope"],
  });
  assert.deepEqual(report.cases.map((c) => c.id), ["script-fail", "generated-3", "generated-7"]);
  assert.deepEqual(report.counts, { passed: 2, failed: 1, skipped: 0, errored: 0 });
});

Deno.test("run suite: a streamed run holds no passed case, streams every case with its position", async () => {
  const full = await runSuite(fakeSuite(), fakeAdapter({ aborted: 0, closed: false }), {
    target: "t",
    seed,
    runs: 0,
    concurrency: 4,
    caseTimeoutMs: 200,
  });
  const streamed: { index: number; report: CaseReport }[] = [];
  const lean = await runSuite(fakeSuite(), fakeAdapter({ aborted: 0, closed: false }), {
    target: "t",
    seed,
    runs: 0,
    concurrency: 4,
    caseTimeoutMs: 200,
    keepCases: { notPassed: 3 },
    onCase: (report, index) => streamed.push({ index, report }),
  });
  // Every case went to the stream once, at its position in the full report.
  const byIndex = streamed.sort((a, b) => a.index - b.index);
  assert.deepEqual(byIndex.map((s) => s.index), full.cases.map((_, i) => i));
  assert.deepEqual(byIndex.map((s) => s.report.id), full.cases.map((c) => c.id));
  // The report counts, tallies and judges every case, and holds three not-passed ones, in order.
  const { cases, ...rest } = lean;
  const { cases: all, ...whole } = full;
  assert.deepEqual(rest, whole);
  assert.equal(cases.length, 3);
  assert.ok(cases.every((c) => c.outcome !== "passed"));
  const order = all.map((c) => c.id);
  const positions = cases.map((c) => order.indexOf(c.id));
  assert.deepEqual(positions, [...positions].sort((a, b) => a - b));
});

Deno.test("run suite: the event loop turns during a run whose target settles every case in microtasks (timers fire, signals are heard)", async () => {
  let done = 0;
  let firedAt: number | undefined;
  const timer = setTimeout(() => firedAt = done, 0);
  const started = performance.now();
  const report = await runSuite(fakeSuite(["clean"]), fakeAdapter(), {
    target: "t",
    seed,
    runs: 50_000,
    onCase: () => done++,
  });
  const ms = performance.now() - started;
  clearTimeout(timer);
  assert.equal(report.counts.passed, 50_001);
  // A run this long (well over the 50 ms between turns) lets a due timer fire mid-run.
  assert.ok(ms > 60, `the run took only ${ms.toFixed(0)} ms: too short to tell`);
  assert.ok(firedAt !== undefined && firedAt < done, `the timer fired after case ${firedAt}`);
});

Deno.test("run suite: the implementation's own faults make it not conformant, named in faults", async () => {
  // Case n: 0 and 1 crash (exit 70), 2 hangs, 3 is never run (no restart left), 4 passes.
  const replies = [
    { kind: "errored", message: "exited", fault: { kind: "crashed", detail: "exit 70" } },
    { kind: "errored", message: "exited", fault: { kind: "crashed", detail: "exit 70" } },
    { kind: "errored", message: "no answer", fault: { kind: "hung", detail: "5000 ms" } },
    { kind: "errored", message: "no restart left", notRun: true },
    { kind: "result", value: {} },
  ] as const;
  const adapter: Adapter = {
    kind: "test",
    start: () => Promise.resolve({ name: "x" }),
    run: (request) => Promise.resolve(replies[(request.input as { n: number }).n]),
    close: () => Promise.resolve(),
  };
  const suite = {
    ...fakeSuite(),
    cases: () => replies.map((_, n) => ({ id: `c${n}`, description: "d", input: { n } })),
    evaluate: async (c: { input: unknown }, invoke: (r: Request) => Promise<unknown>) => {
      await invoke({ operation: "op", input: c.input });
      return { findings: [] };
    },
  };
  const report = await runSuite(suite, adapter, { target: "t", seed, runs: 0, concurrency: 1 });
  assert.equal(report.verdict, "not-conformant");
  assert.deepEqual(report.counts, { passed: 1, failed: 0, skipped: 0, errored: 4 });
  assert.deepEqual(report.faults, {
    implementation: [
      { kind: "crashed", detail: "exit 70", cases: 2 },
      { kind: "hung", detail: "5000 ms", cases: 1 },
    ],
    notRun: 1,
  });
  const errored = report.cases.filter((c) => c.outcome === "errored");
  assert.deepEqual(errored.map((c) => c.outcome === "errored" && (c.fault?.kind ?? c.notRun)), [
    "crashed",
    "crashed",
    "hung",
    true,
  ]);
  // Errored cases count in no rule, as before.
  assert.ok(report.rules.every((r) => r.cases <= 1));
  // A kit fault alone (no fault named) leaves the suite incomplete.
  assert.equal(
    verdictOf([{ outcome: "errored" }, { outcome: "passed", findings: [] }]),
    "incomplete",
  );
});
