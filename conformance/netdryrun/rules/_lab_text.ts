// NDR-LAB-TEXT: lab text is one well-formed line within its cap. Three entry points, one per
// place of lab text, because ../_check_run_result.ts walks each check and each failure once
// for every rule on it (the order of findings follows the items).
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { isObject, type Obj } from "../../_json_value.ts";
import { CAP } from "../_text.ts";
import { checkOneLineText, isFineOneLineText } from "./_one_line_text.ts";

const RULE = "NDR-LAB-TEXT";

/** NDR-LAB-TEXT of the run result's own text: error and inconclusive_reason. */
export function checkLabTextOfResult(value: Obj, out: Finding[]): void {
  checkOneLineText(RULE, value.error, "/error", CAP.long, out);
  checkOneLineText(RULE, value.inconclusive_reason, "/inconclusive_reason", CAP.long, out);
}

/** NDR-LAB-TEXT of checks/i: name and detail. */
export function checkLabTextOfCheck(check: Obj, i: number, out: Finding[]): void {
  const { name, detail } = check;
  if (!isFineOneLineText(name, CAP.check)) {
    checkOneLineText(RULE, name, jsonPointer("checks", i, "name"), CAP.check, out);
  }
  if (!isFineOneLineText(detail, CAP.check)) {
    checkOneLineText(RULE, detail, jsonPointer("checks", i, "detail"), CAP.check, out);
  }
}

/** NDR-LAB-TEXT of failures/k: check, reason, and evidence cmd and excerpt. */
export function checkLabTextOfFailure(failure: Obj, k: number, out: Finding[]): void {
  const { check, reason } = failure;
  if (!isFineOneLineText(check, CAP.check)) {
    checkOneLineText(RULE, check, jsonPointer("failures", k, "check"), CAP.check, out);
  }
  if (!isFineOneLineText(reason, CAP.check)) {
    checkOneLineText(RULE, reason, jsonPointer("failures", k, "reason"), CAP.check, out);
  }
  const evidence = failure.evidence;
  if (isObject(evidence)) {
    const { cmd, excerpt } = evidence;
    if (!isFineOneLineText(cmd, CAP.evidence)) {
      checkOneLineText(RULE, cmd, jsonPointer("failures", k, "evidence", "cmd"), CAP.evidence, out);
    }
    if (!isFineOneLineText(excerpt, CAP.evidence)) {
      checkOneLineText(
        RULE,
        excerpt,
        jsonPointer("failures", k, "evidence", "excerpt"),
        CAP.evidence,
        out,
      );
    }
  }
}
