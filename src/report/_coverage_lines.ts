// The coverage map of a suite, as a one-line summary and its warnings (text and Markdown).
import type { CaseReport, Coverage } from "../core/types.ts";

const MAX_WARNINGS = 12;

/** A one-line summary of a coverage map, for example `coverage: 40/40 classes hit, 14/14 rules applied`. */
export function coverageSummary(coverage: Coverage): string {
  const hit = coverage.classes.filter((c) => c.cases > 0).length;
  const applied = coverage.rules.filter((r) => r.applied > 0).length;
  const unchecked = coverage.rules.filter((r) => r.unchecked).length;
  return `coverage: ${hit}/${coverage.classes.length} input classes hit, ` +
    `${applied}/${coverage.rules.length} rules applied` +
    (unchecked > 0 ? `, ${unchecked} rule(s) with unchecked cases` : "");
}

/** The warnings of a coverage map, bounded, with a count of those left out. */
export function coverageWarnings(coverage: Coverage): string[] {
  const shown = coverage.warnings.slice(0, MAX_WARNINGS);
  if (coverage.warnings.length > MAX_WARNINGS) {
    shown.push(
      `… and ${
        coverage.warnings.length - MAX_WARNINGS
      } more (each in the JSON report: --report FILE)`,
    );
  }
  return shown;
}

/** A line counting the user's own cases (ids `user:...`) by outcome, when a suite has some. */
export function userCasesLine(cases: Iterable<CaseReport>): string | undefined {
  // One walk, holding the first five ids only: the cases may be streamed.
  const counts = { passed: 0, failed: 0, skipped: 0, errored: 0 };
  const first: string[] = [];
  let total = 0;
  for (const c of cases) {
    if (!c.id.startsWith("user:")) continue;
    total++;
    if (c.outcome in counts) counts[c.outcome]++;
    if (first.length < 6) first.push(c.id);
  }
  if (total === 0) return undefined;
  return `your cases: ${total} (${counts.passed} passed, ${counts.failed} failed, ` +
    `${counts.skipped} skipped, ${counts.errored} errored): ${first.slice(0, 5).join(", ")}${
      total > 5 ? ", …" : ""
    }`;
}
