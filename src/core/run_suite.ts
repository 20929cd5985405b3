import { CaseSkipped } from "./case_skipped.ts";
import { messageOf } from "./_message_of.ts";
import { CoverageCounter } from "./coverage_counter.ts";
import type {
  Adapter,
  Case,
  CaseOptions,
  CaseReport,
  Evaluation,
  Finding,
  ImplementationInfo,
  Invoke,
  Outcome,
  Reply,
  RuleReport,
  Suite,
  SuiteReport,
  Verdict,
} from "./types.ts";

/** Options of {@linkcode runSuite}. */
export interface RunSuiteOptions {
  /** Target name, as reported. */
  target: string;
  /** Seed of the generated cases. */
  seed: number;
  /**
   * How many generated cases to ask the suite for.
   *
   * @default 100
   */
  runs?: number;
  /**
   * Target-specific options (from the config file).
   *
   * @default {}
   */
  options?: Readonly<Record<string, unknown>>;
  /**
   * Folder that relative paths in `options` resolve against.
   *
   * @default undefined (the working folder)
   */
  baseDir?: string;
  /**
   * Run only the cases with these ids.
   *
   * @default undefined (all)
   */
  caseIds?: readonly string[];
  /**
   * Milliseconds one case may take, adapter calls included, before it is errored.
   *
   * @default 10000
   */
  caseTimeoutMs?: number;
  /**
   * Milliseconds the adapter may take to start.
   *
   * @default 30000
   */
  startTimeoutMs?: number;
  /**
   * Cases in flight at once (adapters that pipeline benefit).
   *
   * @default 8
   */
  concurrency?: number;
  /**
   * Called after each case, in completion order (for progress output).
   *
   * @default undefined
   */
  onCase?: (report: CaseReport) => void;
}

class HarnessFault extends Error {
  constructor(message: string, readonly stderr?: string) {
    super(message);
  }
}

function emptyCounts(): Record<Outcome, number> {
  return { passed: 0, failed: 0, skipped: 0, errored: 0 };
}

function withTimeout<T>(promise: Promise<T>, ms: number, signal: AbortController, what: string) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      signal.abort(new Error(`${what} timed out after ${ms} ms`));
      reject(new HarnessFault(`${what} timed out after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The verdict of a set of cases: not conformant on a MUST finding; incomplete when a case
 * errored, when no case passed (a suite that tested nothing is never conformant), when more
 * than half the cases were skipped ({@linkcode MAX_SKIPPED_SHARE}), or when a case the
 * profile requires was skipped; with warnings on a SHOULD finding.
 *
 * @example Judge counts
 * ```ts
 * import assert from "node:assert/strict";
 * import { verdictOf } from "./run_suite.ts";
 *
 * assert.equal(verdictOf([{ outcome: "passed", findings: [] }]), "conformant");
 * assert.equal(verdictOf([{ outcome: "skipped" }]), "incomplete");
 * assert.equal(verdictOf([]), "incomplete");
 * ```
 *
 * @param cases The cases' outcomes, the findings of passed and failed ones, and whether a
 * skipped one was required.
 * @returns The verdict.
 */
export function verdictOf(
  cases: readonly (
    | { outcome: "passed" | "failed"; findings: readonly Finding[] }
    | { outcome: "skipped"; required?: boolean }
    | { outcome: "errored" }
  )[],
): Verdict {
  if (cases.some((c) => c.outcome === "failed")) return "not-conformant";
  if (cases.some((c) => c.outcome === "errored")) return "incomplete";
  const skipped = cases.filter((c) => c.outcome === "skipped");
  if (!cases.some((c) => c.outcome === "passed")) return "incomplete";
  if (skipped.length > cases.length * MAX_SKIPPED_SHARE) return "incomplete";
  if (skipped.some((c) => c.outcome === "skipped" && c.required)) return "incomplete";
  if (cases.some((c) => c.outcome === "passed" && c.findings.length > 0)) {
    return "conformant-with-warnings";
  }
  return "conformant";
}

/**
 * The largest share of skipped cases a suite may have and still be judged: above it the
 * verdict is `incomplete`, whatever the other cases showed.
 */
export const MAX_SKIPPED_SHARE = 0.5;

/**
 * Run one suite against one started-on-demand adapter and report every case.
 *
 * A case passes when it has no MUST finding; it fails on a MUST finding; it is skipped when
 * the implementation declines it; it is errored on a harness fault (crash, timeout, garbage)
 * or a bug of the suite. The adapter is started first and closed at the end; a start
 * failure is reported in `startError` with the verdict `incomplete`.
 *
 * The report is data and records no replay command: the suite's target, profile and seed
 * and a case's id are what it takes to run the case again; a front end renders them.
 *
 * @example Run the tool-response suite on its reference producer
 * ```ts
 * import assert from "node:assert/strict";
 * import { runSuite } from "./run_suite.ts";
 * import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
 * import { toolResponseTargets } from "../../conformance/tool_response/targets.ts";
 *
 * const report = await runSuite(toolResponseSuite, toolResponseTargets[0].create(toolResponseSuite.profile.id), {
 *   target: "reference",
 *   seed: 1,
 *   runs: 5,
 * });
 * assert.equal(report.verdict, "conformant");
 * ```
 *
 * @param suite The suite.
 * @param adapter The adapter of the target.
 * @param options Target name, seed, runs, timeouts.
 * @returns The suite report.
 */
export async function runSuite(
  suite: Suite,
  adapter: Adapter,
  options: RunSuiteOptions,
): Promise<SuiteReport> {
  const runs = options.runs ?? 100;
  const caseOptions: CaseOptions = {
    seed: options.seed,
    runs,
    options: options.options ?? {},
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
  };
  const base = {
    target: options.target,
    adapter: adapter.kind,
    profile: suite.profile.id,
    seed: options.seed,
    runs,
  };
  const ruleStats = new Map(suite.profile.rules.map((r) => [r.id, { cases: 0, failures: 0 }]));
  const declared = typeof suite.classes === "function"
    ? suite.classes(caseOptions)
    : suite.classes ?? [];
  const coverage = new CoverageCounter(declared, suite.profile.rules);
  const rules = (): RuleReport[] =>
    suite.profile.rules.map((r) => ({ ...r, ...ruleStats.get(r.id)! }));

  let implementation: ImplementationInfo;
  const startAbort = new AbortController();
  try {
    implementation = await withTimeout(
      adapter.start({ signal: startAbort.signal }),
      options.startTimeoutMs ?? 30_000,
      startAbort,
      "start",
    );
  } catch (error) {
    await adapter.close().catch(() => {});
    const stderr = adapter.stderr?.();
    return {
      ...base,
      rules: rules(),
      cases: [],
      counts: emptyCounts(),
      verdict: "incomplete",
      startError: `${messageOf(error)}${stderr ? `\nstderr:\n${stderr}` : ""}`,
    };
  }

  let cases: Case[];
  try {
    cases = await suite.cases(caseOptions);
  } catch (error) {
    await adapter.close().catch(() => {});
    return {
      ...base,
      implementation,
      rules: rules(),
      cases: [],
      counts: emptyCounts(),
      verdict: "incomplete",
      startError: `The suite could not make its cases: ${messageOf(error)}`,
    };
  }
  if (options.caseIds) {
    const wanted = new Set(options.caseIds);
    cases = cases.filter((c) => wanted.has(c.id));
  }

  const results: CaseReport[] = new Array(cases.length);
  const timeoutMs = options.caseTimeoutMs ?? 10_000;
  const runOne = async (c: Case): Promise<CaseReport> => {
    const abort = new AbortController();
    const invoke: Invoke = async (request) => {
      const reply: Reply = await adapter.run(request, { signal: abort.signal });
      if (reply.kind === "errored") throw new HarnessFault(reply.message, reply.stderr);
      if (reply.kind === "skipped") throw new CaseSkipped(reply.reason);
      return reply;
    };
    const head = { id: c.id, description: c.description };
    try {
      const evaluation: Evaluation = await withTimeout(
        suite.evaluate(c, invoke, caseOptions),
        timeoutMs,
        abort,
        `case "${c.id}"`,
      );
      const checked = evaluation.checked ?? suite.profile.rules.map((r) => r.id);
      const failing = new Set(evaluation.findings.map((f) => f.ruleId));
      for (const id of new Set([...checked, ...failing])) {
        const s = ruleStats.get(id);
        if (!s) continue;
        s.cases++;
        if (failing.has(id)) s.failures++;
      }
      coverage.record({
        classes: c.classes,
        checked,
        failing,
        ...(evaluation.unchecked ? { unchecked: evaluation.unchecked } : {}),
      });
      const failed = evaluation.findings.some((f) => f.level === "MUST");
      return { ...head, outcome: failed ? "failed" : "passed", findings: evaluation.findings };
    } catch (error) {
      abort.abort();
      // Only passed and failed cases have findings: a skipped case has its reason, an
      // errored one its message (and the implementation's stderr, when there is one).
      if (error instanceof CaseSkipped) {
        return {
          ...head,
          outcome: "skipped",
          reason: error.reason,
          ...(c.required ? { required: true as const } : {}),
        };
      }
      if (error instanceof HarnessFault) {
        const stderr = error.stderr ?? adapter.stderr?.();
        return {
          ...head,
          outcome: "errored",
          message: error.message,
          ...(stderr ? { stderr } : {}),
        };
      }
      return {
        ...head,
        outcome: "errored",
        message: `The suite failed on this case (a bug of the kit): ${
          error instanceof Error && error.stack ? error.stack : messageOf(error)
        }`,
      };
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const index = next++;
      results[index] = await runOne(cases[index]);
      options.onCase?.(results[index]);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(options.concurrency ?? 8, cases.length)) }, worker),
    );
  } finally {
    await adapter.close().catch(() => {});
  }
  const counts = emptyCounts();
  for (const r of results) counts[r.outcome]++;
  return {
    ...base,
    implementation,
    rules: rules(),
    cases: results,
    counts,
    verdict: verdictOf(results),
    // A run of chosen cases (a replay) is not meant to cover the classes: no warnings.
    coverage: options.caseIds ? { ...coverage.coverage(), warnings: [] } : coverage.coverage(),
  };
}
