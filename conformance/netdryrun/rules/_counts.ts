// NDR-COUNTS: passed and failed count the checks, whatever the status.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { isCount, type Obj } from "../../_json_value.ts";
import { finding } from "./_finding.ts";
import type { RunView } from "./_run_view.ts";

/** NDR-COUNTS: `passed` and `failed` against the sound checks (skipped without them). */
export function checkCounts({ value, checks }: RunView, out: Finding[]): void {
  if (!checks) return;
  let nPassed = 0;
  for (const c of checks) if (c.passed) nPassed++;
  checkCount(value, "passed", nPassed, out);
  checkCount(value, "failed", checks.length - nPassed, out);
}

/** One of the two counts against `n`, the checks whose passed is `key === "passed"`. */
function checkCount(value: Obj, key: "passed" | "failed", n: number, out: Finding[]): void {
  if (isCount(value[key]) && value[key] !== n) {
    out.push(finding(
      "NDR-COUNTS",
      jsonPointer(key),
      `${key} is ${value[key]}, but ${n} checks have passed ${key === "passed"}`,
      { expected: n, actual: value[key] },
    ));
  }
}
