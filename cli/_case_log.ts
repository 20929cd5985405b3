// Where the CLI logs a run's cases (see CaseLog in src/report/case_log.ts): the `--report`
// path's `.cases.jsonl` sibling. Private helper of conform.ts.
import { CaseLog } from "../src/report/case_log.ts";

/**
 * The case log of a JSON report path: `r.json` logs to `r.cases.jsonl` (any other name gets
 * `.cases.jsonl` appended), truncated first.
 *
 * @param reportPath The `--report` path.
 * @returns The log.
 */
export function openCaseLog(reportPath: string): CaseLog {
  return new CaseLog(caseLogPath(reportPath));
}

/**
 * Where the cases of a `--report` path are logged.
 *
 * @param reportPath The `--report` path.
 * @returns Its `.cases.jsonl` sibling.
 */
export function caseLogPath(reportPath: string): string {
  return reportPath.replace(/\.json$/, "") + ".cases.jsonl";
}
