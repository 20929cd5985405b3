/**
 * A tiny fake profile, suite and adapter for the core's own tests: each case names the
 * behaviour it scripts, so that one run covers every outcome of the runner without a real
 * profile.
 *
 * @module
 */
import fc from "fast-check";
import { CaseSkipped } from "../case_skipped.ts";
import type { Adapter, Case, Finding, Profile, Reply, Suite } from "../types.ts";

/** What a scripted case makes the adapter or the suite do. */
export type FakeScript =
  /** The adapter returns a clean value: passed with no finding. */
  | "clean"
  /** The adapter returns a value with a SHOULD violation: passed with a warning. */
  | "warn"
  /** The adapter returns a value with a MUST violation: failed. */
  | "fail"
  /** The implementation raised: the suite reports a MUST finding, so failed. */
  | "raise"
  /** The adapter answers `skipped`: skipped with the implementation's reason. */
  | "decline"
  /** The suite throws {@linkcode CaseSkipped} itself: skipped with the suite's reason. */
  | "not-applicable"
  /** The adapter answers `errored` with stderr: errored. */
  | "crash"
  /** The suite throws a plain error (a bug of the kit): errored. */
  | "bug"
  /** The adapter never answers until aborted: errored at the case timeout. */
  | "hang";

/** The fake rules: one MUST, one SHOULD, and one no case exercises. */
export const FAKE_RULES = [
  {
    id: "FAKE-MUST",
    level: "MUST",
    statement: "must is not set",
    cite: { spec: "fake.md", section: "1" },
  },
  {
    id: "FAKE-SHOULD",
    level: "SHOULD",
    statement: "should is not set",
    cite: { spec: "fake.md", section: "2" },
  },
  {
    id: "FAKE-UNUSED",
    level: "MUST",
    statement: "never checked",
    cite: { spec: "fake.md", section: "3" },
  },
] as const;

function check(value: unknown): Finding[] {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const findings: Finding[] = [];
  if (v.must === true) {
    findings.push({
      ruleId: "FAKE-MUST",
      level: "MUST",
      instancePath: "/must",
      message: "must is set",
    });
  }
  if (v.should === true) {
    findings.push({
      ruleId: "FAKE-SHOULD",
      level: "SHOULD",
      instancePath: "/should",
      message: "should is set",
    });
  }
  return findings;
}

/** The fake profile: a value fails FAKE-MUST when `must` is true, FAKE-SHOULD when `should` is. */
export const fakeProfile: Profile<Record<string, never>> = {
  id: "fake/v1",
  title: "Fake profile of the core's tests",
  rules: FAKE_RULES.map((r) => ({ ...r, cite: { ...r.cite } })),
  schemas: {},
  check,
  valid: () => fc.constant({ value: {} }),
  mutations: [],
  fixtures: new URL("./", import.meta.url),
};

/** Every script, in the order {@linkcode fakeSuite} makes its scripted cases. */
export const FAKE_SCRIPTS: readonly FakeScript[] = [
  "clean",
  "warn",
  "fail",
  "raise",
  "decline",
  "not-applicable",
  "crash",
  "bug",
  "hang",
];

/**
 * Makes a fake suite whose cases are the given scripts (ids `script-<name>`), then `runs`
 * generated clean cases (ids `generated-<i>`) whose descriptions depend on the seed.
 *
 * @param scripts The scripted cases to make, in order.
 * @returns The suite.
 */
export function fakeSuite(scripts: readonly FakeScript[] = FAKE_SCRIPTS): Suite {
  return {
    profile: fakeProfile as Profile,
    cases({ seed, runs }): Case[] {
      return [
        ...scripts.map((script) => ({
          id: `script-${script}`,
          description: `scripted ${script}`,
          input: { script },
        })),
        ...Array.from({ length: runs }, (_, i) => ({
          id: `generated-${i}`,
          description: `generated from seed ${seed} (${(seed * 31 + i * 17) % 1000})`,
          input: { script: "clean" },
        })),
      ];
    },
    async evaluate(testCase, invoke) {
      const { script } = testCase.input as { script: FakeScript };
      if (script === "not-applicable") throw new CaseSkipped("the fake target has no lab");
      if (script === "bug") throw new TypeError("the fake suite tripped on its own bug");
      const reply = await invoke({ operation: "fake", input: { script } });
      const findings: Finding[] = reply.kind === "raised"
        ? [{
          ruleId: "FAKE-MUST",
          level: "MUST",
          instancePath: "",
          message: `raised ${reply.type}`,
          keyword: "raised",
        }]
        : check(reply.value);
      return { findings, checked: ["FAKE-MUST", "FAKE-SHOULD"] };
    },
  };
}

/** What {@linkcode fakeAdapter} saw, for assertions. */
export interface FakeAdapterLog {
  /** How many requests were aborted by the runner. */
  aborted: number;
  /** Whether `close` was called. */
  closed: boolean;
}

/**
 * Makes an adapter that answers each fake request as its script says.
 *
 * @param log Where the adapter records aborts and closing.
 * @returns The adapter.
 */
export function fakeAdapter(log: FakeAdapterLog = { aborted: 0, closed: false }): Adapter {
  return {
    kind: "fake",
    start: () => Promise.resolve({ name: "fake", version: "1.0.0" }),
    run(request, options): Promise<Reply> {
      const { script } = request.input as { script: FakeScript };
      switch (script) {
        case "warn":
          return Promise.resolve({ kind: "result", value: { should: true } });
        case "fail":
          return Promise.resolve({ kind: "result", value: { must: true } });
        case "raise":
          return Promise.resolve({ kind: "raised", type: "KeyError", message: "'nodes'" });
        case "decline":
          return Promise.resolve({ kind: "skipped", reason: "not supported here" });
        case "crash":
          return Promise.resolve({
            kind: "errored",
            message: "process crashed",
            stderr: "Segmentation fault",
          });
        case "hang":
          return new Promise((resolve) => {
            options?.signal?.addEventListener("abort", () => {
              log.aborted++;
              resolve({ kind: "errored", message: "aborted" });
            });
          });
        default:
          return Promise.resolve({ kind: "result", value: {} });
      }
    },
    close() {
      log.closed = true;
      return Promise.resolve();
    },
    stderr: () => "last words",
  };
}
