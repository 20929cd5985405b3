// Where the CLI logs a run's cases (see CaseLog in src/report/case_log.ts): the `--report`
// path's `.cases.jsonl` sibling, or a temporary file. Private helper of conform.ts.
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

/**
 * A case log in a temporary `netconform-*.cases.jsonl` file, removed from its folder at once
 * (`unlink`): nothing is left in the temporary folder however the run ends, SIGKILL included.
 *
 * @returns The log (dispose of it at the end), or undefined when no temporary file can be made.
 */
export function temporaryCaseLog(): CaseLog | undefined {
  try {
    return new CaseLog(
      Deno.makeTempFileSync({ prefix: "netconform-", suffix: ".cases.jsonl" }),
      { unlink: true },
    );
  } catch {
    return undefined;
  }
}
