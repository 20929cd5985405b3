// What a suite run keeps of its cases as they finish: every count and the verdict's tally, and
// the cases `keepCases` asks for (all, or no passed one and a bounded number of the others).
// Private helper of run_suite.ts.
import { emptyCounts } from "./_run_timeout.ts";
import { VerdictTally } from "./_verdict_tally.ts";
import type { CaseReport, Outcome, SuiteReport, Verdict } from "./types.ts";

type SuiteFaults = NonNullable<SuiteReport["faults"]>;

/** Counts every case and holds the ones to keep, with their positions. */
export class KeptCases {
  /** Counts of outcomes, of every case added. */
  readonly counts: Record<Outcome, number> = emptyCounts();
  #tally = new VerdictTally();
  #kept: { index: number; report: CaseReport }[] = [];
  #all: boolean;
  #max: number;

  constructor(keep: "all" | { notPassed: number }) {
    this.#all = keep === "all";
    this.#max = keep === "all" ? Infinity : keep.notPassed;
  }

  /** Counts a finished case at `index` of the suite's order, and holds it when it is kept. */
  add(report: CaseReport, index: number): void {
    this.counts[report.outcome]++;
    this.#tally.add(report);
    if (this.#all || (report.outcome !== "passed" && this.#kept.length < this.#max)) {
      this.#kept.push({ index, report });
    }
  }

  /** The kept cases, in case order. */
  cases(): CaseReport[] {
    return this.#kept.sort((a, b) => a.index - b.index).map((k) => k.report);
  }

  /** The verdict of every case added. */
  verdict(): Verdict {
    return this.#tally.verdict();
  }

  /** `{faults}` of the report, or nothing when there was none. */
  faults(): { faults?: SuiteFaults } {
    const faults = this.#tally.faults();
    return faults ? { faults } : {};
  }
}
