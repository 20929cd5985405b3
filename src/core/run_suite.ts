import { CaseSkipped } from "./case_skipped.ts";
import { messageOf } from "./_message_of.ts";
import type {
  Adapter,
  Case,
  CaseOptions,
  CaseReport,
  Evaluation,
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
   * Builds the replay command of a case.
   *
   * @default a `deno task conform` command with the target, profile, seed and case
   */
  replay?: (caseId: string) => string;
  /**
   * Treat SHOULD findings as failures: a case with any finding fails, and the verdict is
   * `not-conformant` instead of `conformant-with-warnings`.
   *
   * @default false
   */
  strict?: boolean;
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
 * The verdict of a set of cases: incomplete when a case errored or the target did not
 * start, not conformant on a MUST finding, with warnings on a SHOULD finding.
 *
 * @example Judge counts
 * ```ts
 * import assert from "node:assert/strict";
 * import { verdictOf } from "./run_suite.ts";
 *
 * assert.equal(verdictOf([{ outcome: "passed", findings: [] }]), "conformant");
 * ```
 *
 * @param cases The cases' outcomes and findings.
 * @returns The verdict.
 */
export function verdictOf(
  cases: readonly Pick<CaseReport, "outcome" | "findings">[],
): Verdict {
  if (cases.some((c) => c.outcome === "failed")) return "not-conformant";
  if (cases.some((c) => c.outcome === "errored")) return "incomplete";
  if (cases.some((c) => c.findings.length > 0)) return "conformant-with-warnings";
  return "conformant";
}

/**
 * Run one suite against one started-on-demand adapter and report every case.
 *
 * A case passes when it has no MUST finding; it fails on a MUST finding; it is skipped when
 * the implementation declines it; it is errored on a harness fault (crash, timeout, garbage)
 * or a bug of the suite. The adapter is started first and closed at the end; a start
 * failure is reported in `startError` with the verdict `incomplete`.
 *
 * @example Run the tool-response suite on its reference producer
 * ```ts
 * import assert from "node:assert/strict";
 * import { runSuite } from "./run_suite.ts";
 * import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
 * import { toolResponseTargets } from "../../conformance/tool_response/targets.ts";
 *
 * const report = await runSuite(toolResponseSuite, toolResponseTargets[0].create(), {
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
  const replay = options.replay ??
    ((id: string) =>
      `deno task conform --target ${options.target} --profile ${suite.profile.id} --seed ${options.seed} --case ${id}`);
  const base = {
    target: options.target,
    adapter: adapter.kind,
    profile: suite.profile.id,
    seed: options.seed,
    runs,
  };
  const ruleStats = new Map(suite.profile.rules.map((r) => [r.id, { cases: 0, failures: 0 }]));
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
    const head = { id: c.id, description: c.description, replay: replay(c.id) };
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
      const failed = evaluation.findings.some((f) => f.level === "MUST" || options.strict);
      return { ...head, outcome: failed ? "failed" : "passed", findings: evaluation.findings };
    } catch (error) {
      abort.abort();
      if (error instanceof CaseSkipped) {
        return { ...head, outcome: "skipped", findings: [], reason: error.reason };
      }
      if (error instanceof HarnessFault) {
        const stderr = error.stderr ?? adapter.stderr?.();
        return {
          ...head,
          outcome: "errored",
          findings: [],
          message: error.message,
          ...(stderr ? { stderr } : {}),
        };
      }
      return {
        ...head,
        outcome: "errored",
        findings: [],
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
  };
}
