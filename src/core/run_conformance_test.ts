import assert from "node:assert/strict";
import { runConformance, worstVerdict } from "./run_conformance.ts";
import { fakeAdapter, fakeSuite } from "./testdata/fake_suite.ts";
import type { Adapter } from "./types.ts";
import type { ConformanceTarget } from "./run_conformance.ts";

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

/** A fake adapter whose calls take `ms`, counting the suite runs open at once. */
function slowAdapter(ms: number, open: { now: number; max: number }): Adapter {
  const inner = fakeAdapter();
  return {
    ...inner,
    async start(call) {
      open.max = Math.max(open.max, ++open.now);
      return await inner.start(call);
    },
    async run(request, call) {
      await new Promise((r) => setTimeout(r, ms));
      return await inner.run(request, call);
    },
    async close() {
      open.now--;
      await inner.close();
    },
  };
}

Deno.test("run conformance: suite runs at once give the report and the callbacks of a run one after the other", async () => {
  const run = async (suiteConcurrency: number | undefined) => {
    const open = { now: 0, max: 0 };
    const targets: ConformanceTarget[] = [
      // The first suite is the slowest: the others finish first when they overlap.
      {
        name: "slow",
        suites: [{ suite: fakeSuite(["clean", "warn"]) }],
        create: () => slowAdapter(20, open),
      },
      {
        name: "fast",
        suites: [{ suite: fakeSuite(["fail"]) }, { suite: fakeSuite(["clean", "crash"]) }],
        create: () => slowAdapter(0, open),
      },
      {
        name: "bad",
        suites: [{ suite: fakeSuite(["clean"]) }],
        create: () => {
          throw new Error("no adapter");
        },
      },
    ];
    const events: string[] = [];
    const report = await runConformance(targets, {
      seed: 3,
      runs: 2,
      timestamp: "2026-01-01T00:00:00.000Z",
      ...(suiteConcurrency === undefined ? {} : { suiteConcurrency }),
      onStart: (t, p, total) => events.push(`start ${t} ${p} ${total}`),
      onCase: (t, _p, c) => events.push(`case ${t} ${c.id} ${c.outcome}`),
      onSuite: (s) => events.push(`suite ${s.target} ${s.verdict}`),
    });
    return { report, events, maxOpen: open.max };
  };
  const serial = await run(undefined);
  const overlapping = await run(4);
  assert.equal(serial.maxOpen, 1);
  assert.equal(overlapping.maxOpen, 3);
  assert.deepEqual(overlapping.report, serial.report);
  assert.deepEqual(overlapping.events, serial.events);
  // Each suite's events come together, in target order.
  assert.deepEqual(serial.events.filter((e) => e.startsWith("suite")), [
    "suite slow conformant-with-warnings",
    "suite fast not-conformant",
    "suite fast incomplete",
    "suite bad incomplete",
  ]);
  assert.equal(serial.events[0], "start slow fake/v1 4");
  assert.ok(
    serial.events.indexOf("suite slow conformant-with-warnings") <
      serial.events.indexOf("start fast fake/v1 3"),
  );
  // Two at once: still every suite runs, in order.
  const two = await run(2);
  assert.equal(two.maxOpen, 2);
  assert.deepEqual(two.events, serial.events);
});

Deno.test("run conformance: an early target's suite runs go alongside the others, which go one at a time", async () => {
  const run = async (suiteConcurrency: number) => {
    const open = { now: 0, max: 0 };
    const others = { now: 0, max: 0 };
    const started: string[] = [];
    const tracked = (name: string, ms: number, counters: { now: number; max: number }[]) => {
      const inner = slowAdapter(ms, open);
      return {
        ...inner,
        async start(call?: Parameters<Adapter["start"]>[0]) {
          started.push(name);
          for (const c of counters.slice(1)) c.max = Math.max(c.max, ++c.now);
          return await inner.start(call);
        },
        async close() {
          for (const c of counters.slice(1)) c.now--;
          await inner.close();
        },
      };
    };
    const targets: ConformanceTarget[] = [
      {
        name: "a",
        suites: [{ suite: fakeSuite(["clean"]) }],
        create: () => tracked("a", 5, [open, others]),
      },
      {
        name: "b",
        suites: [{ suite: fakeSuite(["warn"]) }],
        create: () => tracked("b", 5, [open, others]),
      },
      {
        name: "agent",
        startEarly: true,
        suites: [{ suite: fakeSuite(["clean", "fail"]) }],
        create: () => tracked("agent", 30, [open]),
      },
    ];
    const events: string[] = [];
    const report = await runConformance(targets, {
      seed: 5,
      runs: 2,
      timestamp: "2026-01-01T00:00:00.000Z",
      suiteConcurrency,
      onCase: (t, _p, c) => events.push(`case ${t} ${c.id}`),
      onSuite: (s) => events.push(`suite ${s.target}`),
    });
    return { report, events, started, maxOpen: open.max, maxOthers: others.max };
  };
  const serial = await run(1);
  assert.deepEqual(serial.started, ["a", "b", "agent"]);
  const early = await run(2);
  // The early target starts first and runs alongside; the others never overlap each other.
  assert.deepEqual(early.started, ["agent", "a", "b"]);
  assert.equal(early.maxOpen, 2);
  assert.equal(early.maxOthers, 1);
  assert.deepEqual(early.report, serial.report);
  assert.deepEqual(early.events, serial.events);
  assert.deepEqual(early.report.suites.map((s) => s.target), ["a", "b", "agent"]);
});

Deno.test("run conformance: a target's own runs count applies when the run sets none", async () => {
  const target = (name: string, runs?: number): ConformanceTarget => ({
    name,
    runs,
    suites: [{ suite: fakeSuite([]) }],
    create: () => fakeAdapter(),
  });
  const generated = (r: { suites: { cases: { id: string }[] }[] }, i: number) =>
    r.suites[i].cases.filter((c) => c.id.startsWith("generated-")).length;
  const own = await runConformance([target("few", 3), target("default")], { seed: 1 });
  assert.deepEqual(own.suites.map((s) => s.runs), [3, 100]);
  assert.equal(generated(own, 0), 3);
  assert.equal(generated(own, 1), 100);
  // The run's --runs wins over the target's.
  const given = await runConformance([target("few", 3)], { seed: 1, runs: 5 });
  assert.equal(given.suites[0].runs, 5);
  assert.equal(generated(given, 0), 5);
});
