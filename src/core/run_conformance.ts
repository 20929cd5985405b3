import { KIT } from "../version.ts";
import { messageOf } from "./_message_of.ts";
import { InOrder } from "./_in_order.ts";
import { runSuite, type RunSuiteOptions, type ShrinkOptions } from "./run_suite.ts";
import type { Adapter, CaseReport, Report, Suite, SuiteReport, Verdict } from "./types.ts";

/** One target to certify: a name, the suites to run and a way to make its adapter. */
export interface ConformanceTarget {
  /** Target name. */
  name: string;
  /** Suites to run, each with the target's options for it. */
  suites: { suite: Suite; options?: Readonly<Record<string, unknown>> }[];
  /** Makes a fresh adapter for each suite run, given the suite's profile id. */
  create(profile: string): Adapter;
  /** Folder that relative paths in the target's options resolve against. */
  baseDir?: string;
  /** Case timeout for this target, in milliseconds. */
  caseTimeoutMs?: number;
  /** Start timeout for this target, in milliseconds. */
  startTimeoutMs?: number;
  /**
   * Generated cases per suite of this target when the run sets none
   * ({@linkcode RunConformanceOptions.runs} wins): for a target whose every case is costly
   * (an agent process making hundreds of model calls a case), whose declared classes still
   * get their guaranteed cases.
   *
   * @default undefined (the run's default, 100)
   */
  runs?: number;
  /**
   * Run this target's suite runs in lanes of their own, from the start, when suite runs
   * overlap (see {@linkcode RunConformanceOptions.suiteConcurrency}): for a target whose work is
   * done in processes of its own, which the kit mostly waits on. Its place in the report is
   * unchanged.
   *
   * @default false
   */
  startEarly?: boolean;
}

/** Options of {@linkcode runConformance}. */
export interface RunConformanceOptions {
  /** Seed of every suite run. */
  seed: number;
  /**
   * Generated cases per suite.
   *
   * @default 100
   */
  runs?: number;
  /**
   * Only these case ids.
   *
   * @default undefined (all)
   */
  caseIds?: readonly string[];
  /**
   * Case timeout when a target sets none, in milliseconds.
   *
   * @default 10000
   */
  caseTimeoutMs?: number;
  /**
   * Cases in flight at once per suite.
   *
   * @default 8
   */
  concurrency?: number;
  /**
   * Suite runs in flight at once: that many lanes, each taking suite runs one at a time in
   * target order. Above 1, the runs of {@linkcode ConformanceTarget.startEarly} targets get
   * lanes of their own (all lanes but one at most) and the others the remaining lanes, so that
   * `1 +` the number of early suite runs runs every early one from the start, alongside the
   * others one after the other. However they overlap, the report and the callbacks are those of
   * a run one after the other: suites in target order, each suite's `onStart`, `onCase` and
   * `onSuite` delivered together, after those of the suites before it. Only for targets that
   * share no state: two suite runs against one external service could disturb each other, and
   * in-process targets share the kit's one thread.
   *
   * @default 1
   */
  suiteConcurrency?: number;
  /**
   * Treat SHOULD findings as failures (see {@linkcode RunSuiteOptions.strict}).
   *
   * @default false
   */
  strict?: boolean;
  /**
   * How failed generated cases are shrunk, or `false` not to (see {@linkcode ShrinkOptions}).
   *
   * @default {} (shrink with the default bounds)
   */
  shrink?: ShrinkOptions | false;
  /**
   * Deepest nesting kept in a case's values (see {@linkcode RunSuiteOptions.maxEvidenceDepth}).
   *
   * @default 64
   */
  maxEvidenceDepth?: number;
  /**
   * Called after each suite run (for progress output).
   *
   * @default undefined
   */
  onSuite?: (report: SuiteReport) => void;
  /**
   * Called after each case, in completion order, with its position in its suite's case order
   * (see {@linkcode RunSuiteOptions.onCase}).
   *
   * @default undefined
   */
  onCase?: (target: string, profile: string, report: CaseReport, index: number) => void;
  /**
   * Which cases each suite report holds (see {@linkcode RunSuiteOptions.keepCases}): with
   * `{ notPassed: n }` the run streams its cases through `onCase` and holds no passed one.
   *
   * @default "all"
   */
  keepCases?: "all" | { notPassed: number };
  /**
   * Called when a suite's cases are made, with how many will run (for progress output).
   *
   * @default undefined
   */
  onStart?: (target: string, profile: string, total: number) => void;
  /**
   * Run only one deterministic part of every suite's cases (see `RunSuiteOptions.shard`);
   * the report records it in `shard`.
   *
   * @default undefined (every case)
   */
  shard?: { index: number; count: number };
  /**
   * The report's timestamp; the only field that differs between runs with equal seeds.
   *
   * @default the current time
   */
  timestamp?: string;
}

const ORDER: Verdict[] = ["conformant", "conformant-with-warnings", "incomplete", "not-conformant"];

/**
 * The worst of several verdicts (`not-conformant` over `incomplete` over warnings).
 *
 * @example Combine verdicts
 * ```ts
 * import assert from "node:assert/strict";
 * import { worstVerdict } from "./run_conformance.ts";
 *
 * assert.equal(worstVerdict(["conformant", "incomplete"]), "incomplete");
 * ```
 *
 * @param verdicts The verdicts.
 * @returns The worst; `conformant` for none.
 */
export function worstVerdict(verdicts: readonly Verdict[]): Verdict {
  return verdicts.reduce<Verdict>(
    (worst, v) => (ORDER.indexOf(v) > ORDER.indexOf(worst) ? v : worst),
    "conformant",
  );
}

/**
 * Run every suite of every target, one after the other (or some at once, see
 * {@linkcode RunConformanceOptions.suiteConcurrency}), and gather one report.
 *
 * Each suite runs against a fresh adapter from the target's `create`; when the adapter
 * cannot be made, that suite run is reported `incomplete` with the reason in `startError`
 * and the run goes on. The overall verdict is the worst of the suites' (see
 * {@linkcode worstVerdict}). The report is data: a case's replay command is rendered by a
 * front end from the suite's target, profile and seed and the case's id.
 *
 * @example Certify the reference producer
 * ```ts
 * import assert from "node:assert/strict";
 * import { runConformance } from "./run_conformance.ts";
 * import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
 * import { toolResponseTargets } from "../../conformance/tool_response/targets.ts";
 *
 * const report = await runConformance([{
 *   name: "reference",
 *   suites: [{ suite: toolResponseSuite }],
 *   create: toolResponseTargets[0].create,
 * }], { seed: 1, runs: 5 });
 * assert.equal(report.verdict, "conformant");
 * // One suite run per suite of each target, all at the run's seed.
 * assert.deepEqual(report.suites.map((s) => [s.target, s.profile, s.seed]), [
 *   ["reference", "gns3.tool-response/v1.0", 1],
 * ]);
 * ```
 *
 * @param targets The targets.
 * @param options Seed, runs, filters and callbacks.
 * @returns The report.
 */
export async function runConformance(
  targets: readonly ConformanceTarget[],
  options: RunConformanceOptions,
): Promise<Report> {
  const timestamp = options.timestamp ?? new Date().toISOString();
  const jobs = targets.flatMap((target) => target.suites.map((s) => ({ target, ...s })));
  const suites: SuiteReport[] = new Array(jobs.length);
  const inOrder = new InOrder(jobs.length);
  const runJob = async (index: number) => {
    const { target, suite, options: suiteOptions } = jobs[index];
    const emit = (event: () => void) => inOrder.emit(index, event);
    const runOptions: RunSuiteOptions = {
      target: target.name,
      seed: options.seed,
      runs: options.runs ?? target.runs,
      options: suiteOptions,
      baseDir: target.baseDir,
      caseIds: options.caseIds,
      caseTimeoutMs: target.caseTimeoutMs ?? options.caseTimeoutMs,
      startTimeoutMs: target.startTimeoutMs,
      concurrency: options.concurrency,
      strict: options.strict,
      shrink: options.shrink,
      maxEvidenceDepth: options.maxEvidenceDepth,
      onCase: options.onCase
        ? (c, index) => emit(() => options.onCase!(target.name, suite.profile.id, c, index))
        : undefined,
      onStart: options.onStart
        ? (total) => emit(() => options.onStart!(target.name, suite.profile.id, total))
        : undefined,
      shard: options.shard,
      keepCases: options.keepCases,
    };
    let adapter: Adapter;
    let report: SuiteReport;
    try {
      adapter = target.create(suite.profile.id);
      report = await runSuite(suite, adapter, runOptions);
    } catch (error) {
      report = {
        target: target.name,
        adapter: "unknown",
        profile: suite.profile.id,
        seed: options.seed,
        runs: options.runs ?? target.runs ?? 100,
        rules: suite.profile.rules.map((r) => ({ ...r, cases: 0, failures: 0 })),
        cases: [],
        counts: { passed: 0, failed: 0, skipped: 0, errored: 0 },
        verdict: "incomplete",
        startError: `The adapter could not be made: ${messageOf(error)}`,
      };
    }
    suites[index] = report;
    if (options.onSuite) emit(() => options.onSuite!(report));
    inOrder.finish(index);
  };
  // Lanes take the suite runs one at a time, in target order. Above one lane, the runs of
  // early targets have lanes of their own (all but one lane at most), the others the rest.
  const width = Math.max(1, options.suiteConcurrency ?? 1);
  const all = [...jobs.keys()];
  const early = width > 1 ? all.filter((i) => jobs[i].target.startEarly) : [];
  const rest = all.filter((i) => !early.includes(i));
  const earlyLanes = Math.min(early.length, width - 1);
  const lane = async (queue: number[]) => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) await runJob(i);
  };
  await Promise.all([
    ...Array.from({ length: earlyLanes }, () => lane(early)),
    ...Array.from({ length: Math.min(rest.length, width - earlyLanes) }, () => lane(rest)),
  ]);
  return {
    kit: { ...KIT },
    seed: options.seed,
    timestamp,
    suites,
    verdict: worstVerdict(suites.map((s) => s.verdict)),
    ...(options.shard ? { shard: { ...options.shard } } : {}),
  };
}
