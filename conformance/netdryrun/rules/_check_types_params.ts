// NDR-CHECK-TYPES-PARAMS: each check type names each parameter once.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { isObject } from "../../_json_value.ts";
import { excerpt, finding } from "./_finding.ts";

/**
 * NDR-CHECK-TYPES-PARAMS: a parameter already listed in required or optional of the same
 * check type (skipped for a type whose lists are not both arrays).
 */
export function checkCheckTypesParams(value: unknown, out: Finding[]): void {
  if (!isObject(value) || !isObject(value.check_types)) return;
  for (const [type, spec] of Object.entries(value.check_types)) {
    if (!isObject(spec) || !Array.isArray(spec.required) || !Array.isArray(spec.optional)) continue;
    const seen = new Map<unknown, string>();
    for (const list of ["required", "optional"] as const) {
      (spec[list] as unknown[]).forEach((p, i) => {
        const first = seen.get(p);
        if (first !== undefined) {
          out.push(finding(
            "NDR-CHECK-TYPES-PARAMS",
            jsonPointer("check_types", type, list, i),
            `parameter ${JSON.stringify(excerpt(p))} of check type ${
              JSON.stringify(excerpt(type))
            } is already in ${first}`,
            { params: { firstIn: first }, actual: p },
          ));
        } else seen.set(p, list);
      });
    }
  }
}
