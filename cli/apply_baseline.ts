import { verdictOf } from "../src/core/verdict_of.ts";
import { worstVerdict } from "../src/core/run_conformance.ts";
import type { CaseReport } from "../src/core/types.ts";
import type { StreamedReport, StreamedSuiteReport } from "../src/report/streamed_report.ts";

/** One expected failure of a target (`expected_failures:` in conform.yaml). */
export interface BaselineEntry {
  /** The rule whose MUST findings are expected. */
  rule: string;
  /** Only these cases; every case when absent. */
  cases?: string[];
  /** Why the failure is expected (required: a baseline says why). */
  reason: string;
  /** The issue that tracks the fix, when there is one. */
  issue?: string;
}

/** A failed case whose every MUST finding a baseline entry expects. */
export interface ExpectedFailure {
  /** Target name. */
  target: string;
  /** Profile id. */
  profile: string;
  /** Case id. */
  caseId: string;
  /** The baselined rules the case broke. */
  rules: string[];
  /** The entries' reasons, joined. */
  reason: string;
  /** The first entry's issue, when one has one. */
  issue?: string;
}

/** A baseline entry (or some of its cases) that no longer fails: the baseline must shrink. */
export interface StaleEntry {
  /** Target name. */
  target: string;
  /** The rule. */
  rule: string;
  /** The entry's cases that no longer fail (absent: the rule fails nowhere any more). */
  cases?: string[];
  /** The entry's reason. */
  reason: string;
  /** The entry's issue. */
  issue?: string;
}

/** What {@linkcode applyBaseline} concluded. */
export interface BaselineResult {
  /**
   * The report with each suite's verdict (and the overall one) judged with the baseline; its
   * suites' cases are the given report's (streamed when those were).
   */
  report: StreamedReport;
  /** The failures the baseline expected. */
  expected: ExpectedFailure[];
  /** The stale entries: each fails the run. */
  stale: StaleEntry[];
  /**
   * Whether staleness was judged: only a run of every case can tell that a rule no longer
   * fails (not one with `--case` or `--shard`).
   */
  staleJudged: boolean;
  /** The entries, per target, as applied. */
  entries: Record<string, BaselineEntry[]>;
}

function covers(entry: BaselineEntry, caseId: string): boolean {
  return entry.cases === undefined || entry.cases.includes(caseId);
}

function* mapCases<T>(cases: Iterable<CaseReport>, f: (c: CaseReport) => T): Generator<T> {
  for (const c of cases) yield f(c);
}

function judged(c: CaseReport, expected: boolean) {
  if (c.outcome === "failed" && expected) {
    return { outcome: "passed" as const, findings: c.findings };
  }
  if (c.outcome === "passed" || c.outcome === "failed") return c;
  if (c.outcome === "skipped") return { outcome: "skipped" as const, required: c.required };
  return { outcome: "errored" as const };
}

/**
 * Apply the expected failures of each target to a run's report: a failed case whose every
 * MUST finding is of a baselined rule (for that case, when the entry names cases) is expected,
 * and judged as a case that passed with warnings, so a suite whose only failures are expected
 * is `conformant-with-warnings`; a failure outside the baseline still fails. When the run
 * covered every case (`judgeStale`), an entry whose rule no longer has a finding in a suite
 * that ran it (or some of whose named cases no longer fail on it) is stale: the baseline must
 * shrink, and the CLI fails the run. Cases are not changed: the result lists the expected
 * ones.
 *
 * @example A baselined failure is expected, an unused entry is stale
 * ```ts
 * import assert from "node:assert/strict";
 * import { applyBaseline } from "./apply_baseline.ts";
 *
 * const rule = (id: string) => ({ id, level: "MUST" as const, statement: "", cite: { spec: "", section: "" }, cases: 1, failures: 0 });
 * const result = applyBaseline({
 *   kit: { name: "netconform", version: "0.1.0" }, seed: 1, timestamp: "", verdict: "not-conformant",
 *   suites: [{
 *     target: "t", adapter: "a", profile: "p/v1", seed: 1, runs: 1, verdict: "not-conformant",
 *     rules: [rule("A"), rule("B")],
 *     counts: { passed: 0, failed: 1, skipped: 0, errored: 0 },
 *     cases: [{ id: "c", description: "", outcome: "failed", findings: [
 *       { ruleId: "A", level: "MUST", instancePath: "", message: "" },
 *     ] }],
 *   }],
 * }, { t: [{ rule: "A", reason: "known" }, { rule: "B", reason: "fixed since" }] }, { judgeStale: true });
 * assert.equal(result.report.verdict, "conformant-with-warnings");
 * assert.deepEqual(result.expected.map((e) => e.caseId), ["c"]);
 * assert.deepEqual(result.stale.map((e) => e.rule), ["B"]);
 * ```
 *
 * @param report The run's report; its cases may be streamed (one walk over them).
 * @param entries Expected failures per target name.
 * @param options `judgeStale`: whether the run covered every case.
 * @returns The report judged with the baseline, the expected failures and the stale entries.
 */
export function applyBaseline(
  report: StreamedReport,
  entries: Readonly<Record<string, readonly BaselineEntry[]>>,
  options: { judgeStale: boolean },
): BaselineResult {
  const expected: ExpectedFailure[] = [];
  const used = new Map<BaselineEntry, Set<string>>();
  const ranRule = new Set<BaselineEntry>();
  const suites: StreamedSuiteReport[] = report.suites.map((s) => {
    const own = entries[s.target] ?? [];
    if (own.length === 0) return s;
    const ruleIds = new Set(s.rules.map((r) => r.id));
    if (s.startError === undefined) {
      for (const e of own) if (ruleIds.has(e.rule)) ranRule.add(e);
    }
    // One walk over the cases, judging each as it comes: the cases may be streamed.
    const judgedCases = mapCases(s.cases, (c) => {
      if (c.outcome !== "passed" && c.outcome !== "failed") return judged(c, false);
      for (const f of c.findings) {
        for (const e of own) {
          if (e.rule === f.ruleId && covers(e, c.id)) {
            if (!used.has(e)) used.set(e, new Set());
            used.get(e)!.add(c.id);
          }
        }
      }
      if (c.outcome !== "failed") return judged(c, false);
      const must = c.findings.filter((f) => f.level === "MUST");
      const matching = must.map((f) => own.filter((e) => e.rule === f.ruleId && covers(e, c.id)));
      if (!matching.every((m) => m.length > 0)) return judged(c, false);
      const hit = [...new Set(matching.flat())];
      expected.push({
        target: s.target,
        profile: s.profile,
        caseId: c.id,
        rules: [...new Set(must.map((f) => f.ruleId))],
        reason: [...new Set(hit.map((e) => e.reason))].join("; "),
        ...(hit.find((e) => e.issue) ? { issue: hit.find((e) => e.issue)!.issue } : {}),
      });
      return judged(c, true);
    });
    // Walked whatever the suite's start: judging a case records what it expected.
    const judgedVerdict = verdictOf(judgedCases);
    const verdict = s.startError !== undefined ? s.verdict : judgedVerdict;
    return { ...s, verdict };
  });
  const stale: StaleEntry[] = [];
  if (options.judgeStale) {
    for (const [target, own] of Object.entries(entries)) {
      for (const e of own) {
        if (!ranRule.has(e)) continue;
        const hits = used.get(e);
        const base = {
          target,
          rule: e.rule,
          reason: e.reason,
          ...(e.issue ? { issue: e.issue } : {}),
        };
        if (!hits) stale.push(base);
        else if (e.cases) {
          const passing = e.cases.filter((c) => !hits.has(c));
          if (passing.length > 0) stale.push({ ...base, cases: passing });
        }
      }
    }
  }
  return {
    report: { ...report, suites, verdict: worstVerdict(suites.map((s) => s.verdict)) },
    expected,
    stale,
    staleJudged: options.judgeStale,
    entries: Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, [...v]])),
  };
}
