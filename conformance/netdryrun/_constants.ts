// The frozen strings and limits of v1, shared by the checker, the reference and the mutations.

/** The verdicts of v1, frozen. */
export const VERDICT = {
  passed: "CHECKS PASSED (only what the checks cover)",
  doNotApply: "DO NOT APPLY THIS CHANGE",
  inconclusive:
    "INCONCLUSIVE: the lab did not reach a testable state; this says nothing about your change. Do not apply it until a run passes.",
} as const;

/** The schema id of a result. */
export const SCHEMA_ID = "netdryrun.mcp-result/v1";
/** The schema id an evidence file names. */
export const REPORT_SCHEMA_ID = "netdryrun.report/v1";
/** Largest baseline YAML text and evidence file text the kit parses, in UTF-16 units. */
export const MAX_PARSED_TEXT = 8 * 1024 * 1024;
/** Properties only a run result has: their presence makes a document a run result. */
export const RUN_RESULT_KEYS = [
  "passed",
  "failed",
  "inconclusive_reason",
  "lab",
  "checks",
  "failures",
  "evidence_file",
  "tested",
] as const;
