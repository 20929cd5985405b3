// The rules of a run result the schema cannot say, in report order: each rule's logic is in
// rules/, in the file rules.ts names beside the rule.
import type { Finding } from "../../src/core/types.ts";
import { isObject, type Obj } from "../_json_value.ts";
import { checkCounts } from "./rules/_counts.ts";
import { checkEvidenceFile } from "./rules/_evidence_file.ts";
import { checkFailedHasFailure } from "./rules/_failed_has_failure.ts";
import { checkFailures } from "./rules/_failures.ts";
import {
  checkLabTextOfCheck,
  checkLabTextOfFailure,
  checkLabTextOfResult,
} from "./rules/_lab_text.ts";
import { checkNextDiagnostic } from "./rules/_next_diagnostic.ts";
import { checkPassedAll } from "./rules/_passed_all.ts";
import { runViewOf } from "./rules/_run_view.ts";
import { checkStatusText } from "./rules/_status_text.ts";
import { checkTestedComplete } from "./rules/_tested_complete.ts";
import { checkTestedConfig } from "./rules/_tested_config.ts";
import { checkTestedDeployed } from "./rules/_tested_deployed.ts";
import { checkTestedFiles } from "./rules/_tested_files.ts";
import { checkUnready } from "./rules/_unready.ts";

/**
 * Append the findings of every run-result rule of `value` to `out`, as they are found (a
 * throw keeps those before it). The checks and the failures are each walked once, every rule
 * on an item in turn, so their findings come item by item.
 */
export function checkRunResult(
  value: Obj,
  tool: unknown,
  evidenceFiles: unknown,
  out: Finding[],
): void {
  const run = runViewOf(value);
  checkCounts(run, out);
  checkFailures(run, out);
  checkPassedAll(run, out);
  checkFailedHasFailure(run, out);
  checkStatusText(run, out);
  checkLabTextOfResult(value, out);
  const checks = value.checks;
  if (Array.isArray(checks)) {
    for (let i = 0; i < checks.length; i++) {
      const c = checks[i];
      if (!isObject(c)) continue;
      checkLabTextOfCheck(c, i, out);
      checkUnready(c, i, out);
    }
  }
  const failures = run.failures;
  if (failures) {
    for (let k = 0; k < failures.length; k++) {
      const f = failures[k];
      if (!isObject(f)) continue;
      checkLabTextOfFailure(f, k, out);
      checkNextDiagnostic(f, k, out);
    }
  }
  const tested = value.tested;
  if (isObject(tested)) {
    checkTestedFiles(tested, out);
    checkTestedComplete(tested, out);
    checkTestedDeployed(tested, tool, out);
    checkTestedConfig(tested, out);
  }
  checkEvidenceFile(value, evidenceFiles, out);
}
