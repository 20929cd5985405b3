// NDR-PASSED-ALL: status passed implies every check passed. The schema owns failed and
// failures (see ../_schema_checks.ts); this part names each failed check.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { finding } from "./_finding.ts";
import type { RunView } from "./_run_view.ts";

/** NDR-PASSED-ALL: on status passed, one finding per failed check. */
export function checkPassedAll({ status, checks }: RunView, out: Finding[]): void {
  if (status !== "passed" || !checks) return;
  for (let i = 0; i < checks.length; i++) {
    if (!checks[i].passed) {
      out.push(finding(
        "NDR-PASSED-ALL",
        jsonPointer("checks", i, "passed"),
        `status is "passed", but checks/${i} failed`,
        { expected: true, actual: false },
      ));
    }
  }
}
