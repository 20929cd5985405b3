import type { CheckContext, Finding } from "../../src/core/types.ts";
import { checkValue } from "./_check_value.ts";

/**
 * Check what a Netdryrun MCP tool returned against `netdryrun.mcp-result/v1`: the shipped
 * schema (the branch chosen first, see below), then the rules the schema's descriptions
 * carry. Never throws, whatever the value; the schemas are compiled once, at module load.
 *
 * `context.tool` says which tool produced the value: `dry_run` and `run_checks` (a run
 * result or a setup error), `validate`, `check_types`, `record_baseline` (YAML text, or a
 * tool error object). Without a known tool the value is read as a dry_run/run_checks result
 * and the tool-specific rule (NDR-TESTED-DEPLOYED) is skipped. A dry_run/run_checks
 * document is a run result when its status is not `error` or it carries any run-result
 * property; only then a setup error. `context.evidenceFiles` maps an evidence_file path to
 * the text the caller read from it (null: unreadable); the check itself never reads files.
 *
 * @example A run_checks result that claims the lab was deployed by the run
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNetdryrun } from "./check.ts";
 *
 * const result = {
 *   schema: "netdryrun.mcp-result/v1", status: "passed", passed: 1, failed: 0,
 *   error: null, inconclusive_reason: null, lab: "demo",
 *   checks: [{ name: "r1 reaches r2", passed: true, detail: "ok" }], failures: [],
 *   evidence_file: null, verdict: "CHECKS PASSED (only what the checks cover)",
 *   tested: { config: "/lab/netdryrun.yml", lab_deployed_by_this_run: true, files: {}, complete: false },
 * };
 * assert.deepEqual(checkNetdryrun(result, { tool: "dry_run" }), []);
 * const findings = checkNetdryrun(result, { tool: "run_checks" });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [
 *   ["NDR-TESTED-DEPLOYED", "/tested/lab_deployed_by_this_run"],
 * ]);
 * ```
 *
 * @param value What the tool returned (untrusted data).
 * @param context `tool` and `evidenceFiles`, see above.
 * @returns Every finding, schema findings first.
 */
export function checkNetdryrun(value: unknown, context: CheckContext = {}): Finding[] {
  let tool: unknown;
  let evidenceFiles: unknown;
  try {
    tool = context?.tool;
    evidenceFiles = context?.evidenceFiles;
  } catch {
    // An exotic context object: check without it.
  }
  return checkValue(value, tool, evidenceFiles);
}
