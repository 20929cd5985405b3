// Where the CLI logs a run's cases (see CaseLog in src/report/case_log.ts): the `--report`
// path's `.cases.jsonl` sibling, or a temporary file. Private helper of conform.ts.
import { CaseLog } from "../src/report/case_log.ts";
import { onKitExit } from "../src/adapters/_exit_hooks.ts";

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

/** A case log in a temporary file, and how to remove it. */
export interface TemporaryCaseLog {
  /** The log. */
  log: CaseLog;
  /** Closes and removes the file (at the end of the run). */
  remove(): void;
}

/**
 * A case log in a temporary `netconform-*.cases.jsonl` file, removed by `remove()` or, when
 * the kit exits first, on its way out: Ctrl-C (SIGINT) and SIGTERM make the kit exit (130, 143)
 * instead of dying at once, so that nothing is left in the temporary folder.
 *
 * @returns The log, or undefined when no temporary file can be made.
 */
export function temporaryCaseLog(): TemporaryCaseLog | undefined {
  let path: string;
  try {
    path = Deno.makeTempFileSync({ prefix: "netconform-", suffix: ".cases.jsonl" });
  } catch {
    return undefined;
  }
  const log = new CaseLog(path);
  const removeNow = () => {
    log.close();
    try {
      Deno.removeSync(path);
    } catch {
      // already gone
    }
  };
  onKitExit(removeNow, true);
  return {
    log,
    remove() {
      onKitExit(removeNow, false);
      removeNow();
    },
  };
}
