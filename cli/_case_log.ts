// The JSON-lines record of a run's cases, written as they finish: one line per case, each
// written whole and at once (no buffering in the process), so a killed run leaves every line
// it finished. Private helper of conform.ts.
import type { CaseReport } from "../src/core/types.ts";
import { renderJson } from "../src/report/render_json.ts";

/** Appends cases to a JSON-lines file. */
export interface CaseLog {
  /** Appends one case of a suite run as one JSON line. */
  write(target: string, profile: string, report: CaseReport): void;
  /** Closes the file. */
  close(): void;
}

/**
 * The case log of a JSON report path: `r.json` logs to `r.cases.jsonl` (any other name gets
 * `.cases.jsonl` appended), truncated first.
 *
 * @param reportPath The `--report` path.
 * @returns The log.
 */
export function openCaseLog(reportPath: string): CaseLog {
  const path = caseLogPath(reportPath);
  const file = Deno.openSync(path, { write: true, create: true, truncate: true });
  const encoder = new TextEncoder();
  return {
    write(target, profile, report) {
      const line = encoder.encode(renderJson({ target, profile, ...report }, { indent: 0 }) + "\n");
      let written = 0;
      while (written < line.length) written += file.writeSync(line.subarray(written));
    },
    close() {
      file.close();
    },
  };
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
