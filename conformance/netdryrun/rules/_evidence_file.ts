// NDR-EVIDENCE-FILE: the evidence file, when the caller could read it, is a netdryrun report.
import type { Finding } from "../../../src/core/types.ts";
import { hasOwn, isObject, type Obj } from "../../_json_value.ts";
import { MAX_PARSED_TEXT, REPORT_SCHEMA_ID } from "../_constants.ts";
import { excerpt, finding } from "./_finding.ts";

/**
 * NDR-EVIDENCE-FILE: the text `evidenceFiles` holds for the result's evidence_file is JSON
 * whose schema is netdryrun.report/v1 (skipped without that text, or over MAX_PARSED_TEXT).
 */
export function checkEvidenceFile(value: Obj, evidenceFiles: unknown, out: Finding[]): void {
  if (
    typeof value.evidence_file !== "string" || !isObject(evidenceFiles) ||
    !hasOwn(evidenceFiles, value.evidence_file)
  ) return;
  const text = evidenceFiles[value.evidence_file];
  if (typeof text !== "string" || text.length > MAX_PARSED_TEXT) return;
  let report: unknown;
  let problem: string | undefined;
  try {
    report = JSON.parse(text);
  } catch (error) {
    problem = `is not JSON (${excerpt((error as Error).message, 120)})`;
  }
  if (!problem && !(isObject(report) && report.schema === REPORT_SCHEMA_ID)) {
    problem = `is JSON whose schema is ${
      JSON.stringify(excerpt(isObject(report) ? report.schema : undefined))
    }, not "${REPORT_SCHEMA_ID}"`;
  }
  if (problem) {
    out.push(finding(
      "NDR-EVIDENCE-FILE",
      "/evidence_file",
      `evidence file ${JSON.stringify(excerpt(value.evidence_file))} ${problem}`,
      {
        expected: REPORT_SCHEMA_ID,
        actual: isObject(report) ? excerpt(report.schema) : excerpt(text),
      },
    ));
  }
}
