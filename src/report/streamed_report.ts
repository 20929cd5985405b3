// The report the renderers take: a run whose cases may be streamed.
import type { CaseReport, Report, SuiteReport } from "../core/types.ts";

/**
 * A suite report whose cases are any sequence that can be walked more than once, in case
 * order: an array (a {@linkcode SuiteReport} is one), or cases read back from where a run
 * streamed them (so that a long run is rendered without holding its cases). `counts` counts
 * every case of the sequence.
 */
export interface StreamedSuiteReport extends Omit<SuiteReport, "cases"> {
  /** Every case, in order; each walk starts from the first. */
  cases: Iterable<CaseReport>;
}

/**
 * A whole run whose suites' cases may be streamed (see {@linkcode StreamedSuiteReport}); a
 * {@linkcode Report} is one. The renderers take it.
 */
export interface StreamedReport extends Omit<Report, "suites"> {
  /** Every suite run. */
  suites: StreamedSuiteReport[];
}
