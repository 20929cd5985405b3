import type { ErroredCaseReport, Finding, Verdict } from "./types.ts";

type ImplementationFault = NonNullable<ErroredCaseReport["fault"]>;
import { SKIPPED_SHARE, VerdictTally } from "./_verdict_tally.ts";

/**
 * The verdict of a set of cases: not conformant on a MUST finding or when the implementation
 * itself failed on a case (an errored case with a `fault`: it crashed, exited, hung or wrote
 * garbage); incomplete when another case errored (the kit could not judge it), when no case passed (a suite that tested nothing is never conformant), when more
 * than half the cases were skipped ({@linkcode MAX_SKIPPED_SHARE}), or when a case the
 * profile requires was skipped; with warnings on a SHOULD finding.
 *
 * @example Judge counts
 * ```ts
 * import assert from "node:assert/strict";
 * import { verdictOf } from "./verdict_of.ts";
 *
 * assert.equal(verdictOf([{ outcome: "passed", findings: [] }]), "conformant");
 * assert.equal(verdictOf([{ outcome: "skipped" }]), "incomplete");
 * assert.equal(verdictOf([]), "incomplete");
 * assert.equal(verdictOf([{ outcome: "errored", fault: { kind: "crashed" } }]), "not-conformant");
 * ```
 *
 * @param cases The cases (any iterable: an array, or cases read back from a stream): their outcomes, the findings of passed and failed ones, and whether a
 * skipped one was required.
 * @returns The verdict.
 */
export function verdictOf(
  cases: Iterable<
    | { outcome: "passed" | "failed"; findings: readonly Finding[] }
    | { outcome: "skipped"; required?: boolean }
    | { outcome: "errored"; fault?: ImplementationFault; notRun?: boolean }
  >,
): Verdict {
  const tally = new VerdictTally();
  for (const c of cases) tally.add(c);
  return tally.verdict();
}

/**
 * The largest share of skipped cases a suite may have and still be judged: above it the
 * verdict is `incomplete`, whatever the other cases showed.
 */
export const MAX_SKIPPED_SHARE: number = SKIPPED_SHARE;
