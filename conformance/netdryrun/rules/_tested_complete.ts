// NDR-TESTED-COMPLETE: tested.complete is false when tested.files lists more than 200 files.
import type { Finding } from "../../../src/core/types.ts";
import { isObject, type Obj } from "../../_json_value.ts";
import { finding } from "./_finding.ts";

/** NDR-TESTED-COMPLETE: complete true with more than 200 files. */
export function checkTestedComplete(tested: Obj, out: Finding[]): void {
  // The files are counted only when complete is true (a long list is rarely claimed complete).
  if (!isObject(tested.files) || tested.complete !== true) return;
  const files = Object.keys(tested.files).length;
  if (files > 200) {
    out.push(finding(
      "NDR-TESTED-COMPLETE",
      "/tested/complete",
      `tested.files lists ${files} files (more than 200), but complete is true`,
      { expected: false, actual: true, params: { files } },
    ));
  }
}
