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

/** Warnings of one kind past which they are said in one line (see `coverageWarnings`). */
const FOLD = 3;

/**
 * The warnings of a coverage map, bounded, with a count of those left out. When several
 * classes were never hit only because their cases were skipped (the skip reasons already say
 * why: a server that is not the kind the profile is for), they are one line, and so are the
 * rules never applied then; the JSON report keeps every warning.
 */
export function coverageWarnings(coverage: Coverage): string[] {
  const skippedOnly = new Set(
    coverage.classes.filter((c) => c.cases === 0 && (c.skipped?.cases ?? 0) > 0).map((c) =>
      `class "${c.id}" was never hit`
    ),
  );
  const isSkippedClass = (w: string) => [...skippedOnly].some((p) => w.startsWith(p));
  const classes = coverage.warnings.filter(isSkippedClass);
  const fold = classes.length >= FOLD;
  const rules = fold ? coverage.warnings.filter((w) => /^rule ".*" never applied/.test(w)) : [];
  const rest = coverage.warnings.filter((w) =>
    !(fold && isSkippedClass(w)) && !(rules.length >= FOLD && rules.includes(w))
  );
  const folded = [
    ...(fold
      ? [
        `${classes.length} input classes were never hit: all their cases were skipped (the skip reasons above say why)`,
      ]
      : []),
    ...(rules.length >= FOLD
      ? [
        `${rules.length} rules never applied to a case while cases were skipped (the JSON report lists them)`,
      ]
      : []),
  ];
  const all = [...folded, ...rest];
  const shown = all.slice(0, MAX_WARNINGS);
  if (all.length > MAX_WARNINGS) {
    shown.push(`… and ${all.length - MAX_WARNINGS} more (each in the JSON report: --report FILE)`);
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
