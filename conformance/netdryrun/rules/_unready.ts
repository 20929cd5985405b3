// NDR-UNREADY: unready appears only on failed checks.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { hasOwn, type Obj } from "../../_json_value.ts";
import { finding } from "./_finding.ts";

/** NDR-UNREADY of checks/i: unready on a check that passed. */
export function checkUnready(check: Obj, i: number, out: Finding[]): void {
  if (hasOwn(check, "unready") && check.passed === true) {
    out.push(finding(
      "NDR-UNREADY",
      jsonPointer("checks", i, "unready"),
      `checks/${i} passed but carries unready`,
      { actual: check.unready },
    ));
  }
}
