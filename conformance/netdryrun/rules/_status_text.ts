// NDR-STATUS-TEXT: error and inconclusive_reason belong to their status. The schema owns the
// null-or-empty half (see ../_schema_checks.ts); this part reports text on another status.
import type { Finding } from "../../../src/core/types.ts";
import { excerpt, finding } from "./_finding.ts";
import type { RunView } from "./_run_view.ts";

/** NDR-STATUS-TEXT: error text off status error, inconclusive_reason text off inconclusive. */
export function checkStatusText({ value, status }: RunView, out: Finding[]): void {
  if (status === undefined) return;
  if (status !== "error" && typeof value.error === "string") {
    out.push(finding(
      "NDR-STATUS-TEXT",
      "/error",
      `error is text, but status is ${JSON.stringify(status)} (not "error")`,
      { expected: null, actual: excerpt(value.error) },
    ));
  }
  if (status !== "inconclusive" && typeof value.inconclusive_reason === "string") {
    out.push(finding(
      "NDR-STATUS-TEXT",
      "/inconclusive_reason",
      `inconclusive_reason is text, but status is ${JSON.stringify(status)} (not "inconclusive")`,
      { expected: null, actual: excerpt(value.inconclusive_reason) },
    ));
  }
}
