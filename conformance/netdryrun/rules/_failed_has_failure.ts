// NDR-FAILED-HAS-FAILURE: status failed implies at least one failed check.
import type { Finding } from "../../../src/core/types.ts";
import { finding } from "./_finding.ts";
import type { RunView } from "./_run_view.ts";

/** NDR-FAILED-HAS-FAILURE: status failed with failed 0. */
export function checkFailedHasFailure({ value, status }: RunView, out: Finding[]): void {
  if (status === "failed" && value.failed === 0) {
    out.push(finding("NDR-FAILED-HAS-FAILURE", "/failed", 'status is "failed", but failed is 0', {
      expected: ">= 1",
      actual: 0,
    }));
  }
}
