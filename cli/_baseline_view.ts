import type { CaseReport, Outcome } from "../src/core/types.ts";
import type { StreamedReport } from "../src/report/streamed_report.ts";
import type { BaselineResult } from "./apply_baseline.ts";

const key = (target: string, profile: string, id: string) => JSON.stringify([target, profile, id]);

/**
 * The report the text, JUnit, Markdown and HTML renderers show under a baseline: an expected
 * failure is a skipped case whose reason says it is expected and why (JUnit's convention for
 * an expected failure), counts follow, and the verdicts are the baseline's.
 */
export function displayReport(result: BaselineResult): StreamedReport {
  if (result.expected.length === 0) return result.report;
  const expected = new Map(result.expected.map((e) => [key(e.target, e.profile, e.caseId), e]));
  return {
    ...result.report,
    suites: result.report.suites.map((s) => {
      const shown = (c: CaseReport): CaseReport => {
        const e = expected.get(key(s.target, s.profile, c.id));
        if (!e || c.outcome !== "failed") return c;
        return {
          id: c.id,
          description: c.description,
          outcome: "skipped",
          reason: `expected failure of ${e.rules.join(", ")} (baseline): ${e.reason}${
            e.issue ? ` (${e.issue})` : ""
          }`,
        };
      };
      // A view over the cases, mapped on each walk: the cases may be streamed.
      const source = s.cases;
      const cases: Iterable<CaseReport> = Array.isArray(source) ? source.map(shown) : {
        *[Symbol.iterator]() {
          for (const c of source) yield shown(c);
        },
      };
      const counts: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0, errored: 0 };
      for (const c of cases) counts[c.outcome]++;
      return { ...s, cases, counts };
    }),
  };
}

/**
 * The JSON view's baseline additions: each expected case gets `expected: {rules, reason,
 * issue?}`, and the report a top-level `baseline` with the entries (so that `merge` can apply
 * them again), the expected count and the stale entries. Mutates the view.
 */
export function annotateView(view: Record<string, unknown>, result: BaselineResult): void {
  const expected = new Map(result.expected.map((e) => [key(e.target, e.profile, e.caseId), e]));
  const suites = view.suites as {
    target: string;
    profile: string;
    cases: Record<string, unknown>[];
  }[];
  for (const s of suites) {
    for (const c of s.cases) {
      const e = expected.get(key(s.target, s.profile, String(c.id)));
      if (e) {
        c.expected = { rules: e.rules, reason: e.reason, ...(e.issue ? { issue: e.issue } : {}) };
      }
    }
  }
  view.baseline = {
    entries: result.entries,
    expected: result.expected.length,
    staleJudged: result.staleJudged,
    stale: result.stale,
  };
}

/** Remove what {@linkcode annotateView} added, returning the baseline entries it recorded. */
export function stripView(view: Record<string, unknown>): Record<string, unknown> | undefined {
  const baseline = view.baseline as { entries?: Record<string, unknown> } | undefined;
  delete view.baseline;
  const suites = Array.isArray(view.suites) ? view.suites : [];
  for (const s of suites) {
    const cases = s && typeof s === "object" && Array.isArray(s.cases) ? s.cases : [];
    for (const c of cases) if (c && typeof c === "object") delete c.expected;
  }
  return baseline && typeof baseline.entries === "object" ? baseline.entries : undefined;
}
