// NDR-FAILURES: one failure per failed check, in order, check = name, reason = detail.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { hasOwn, isObject, type Obj } from "../../_json_value.ts";
import { excerpt, finding } from "./_finding.ts";
import type { RunView } from "./_run_view.ts";

/**
 * NDR-FAILURES: the count of failures against the failed checks, then each failure's check
 * and reason against its failed check (skipped unless the checks are sound and every failure
 * is an object).
 */
export function checkFailures({ checks, failures }: RunView, out: Finding[]): void {
  if (!checks || !failures || !failures.every(isObject)) return;
  // Indexes of the failed checks, in order.
  const failedChecks: number[] = [];
  for (let i = 0; i < checks.length; i++) if (!checks[i].passed) failedChecks.push(i);
  if (failures.length !== failedChecks.length) {
    out.push(finding(
      "NDR-FAILURES",
      "/failures",
      `failures has ${failures.length} entries, but ${failedChecks.length} checks failed`,
      {
        keyword: "failureCount",
        expected: failedChecks.length,
        actual: failures.length,
        params: { failedChecks },
      },
    ));
  }
  const n = Math.min(failures.length, failedChecks.length);
  for (let k = 0; k < n; k++) {
    const f = failures[k] as Obj;
    const i = failedChecks[k];
    const c = checks[i];
    if (hasOwn(f, "check") && f.check !== c.name) {
      out.push(finding(
        "NDR-FAILURES",
        jsonPointer("failures", k, "check"),
        `failure ${k} names check ${
          JSON.stringify(excerpt(f.check))
        }, but failed check ${k} (checks/${i}) is ${JSON.stringify(excerpt(c.name))}`,
        { keyword: "failureCheck", params: { checkIndex: i }, expected: c.name, actual: f.check },
      ));
    }
    if (hasOwn(f, "reason") && f.reason !== c.detail) {
      out.push(finding(
        "NDR-FAILURES",
        jsonPointer("failures", k, "reason"),
        `failure ${k} reason is not the detail of checks/${i}`,
        {
          keyword: "failureReason",
          params: { checkIndex: i },
          expected: c.detail,
          actual: f.reason,
        },
      ));
    }
  }
}
