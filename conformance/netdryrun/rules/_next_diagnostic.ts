// NDR-NEXT-DIAGNOSTIC: next_diagnostic is null or docker exec <container> <CLI> '<command>'.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import type { Obj } from "../../_json_value.ts";
import { excerpt, finding } from "./_finding.ts";

// docker exec <container> <CLI words...> '<command>'; the command has no quote and no
// control character (C0, DEL, C1, U+2028/9), which is what the character class spells out.
const NEXT_DIAGNOSTIC =
  // deno-lint-ignore no-control-regex
  /^docker exec [A-Za-z0-9][A-Za-z0-9_.-]* (?:[^\s']+ )+'[^'\x00-\x1f\x7f-\x9f\u2028\u2029]+'$/;

/** NDR-NEXT-DIAGNOSTIC of failures/k: a string next_diagnostic not of the docker exec form. */
export function checkNextDiagnostic(failure: Obj, k: number, out: Finding[]): void {
  const nd = failure.next_diagnostic;
  if (typeof nd === "string" && !NEXT_DIAGNOSTIC.test(nd)) {
    out.push(finding(
      "NDR-NEXT-DIAGNOSTIC",
      jsonPointer("failures", k, "next_diagnostic"),
      "next_diagnostic is not docker exec <container> <CLI> '<command>'",
      { keyword: "pattern", params: { pattern: NEXT_DIAGNOSTIC.source }, actual: excerpt(nd, 200) },
    ));
  }
}
