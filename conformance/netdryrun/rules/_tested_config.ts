// NDR-TESTED-CONFIG: tested.config is a non-empty absolute path. The schema owns the type and
// the empty string (see ../_schema_checks.ts); this part judges the path.
import type { Finding } from "../../../src/core/types.ts";
import type { Obj } from "../../_json_value.ts";
import { ABSOLUTE_PATH } from "../_text.ts";
import { excerpt, finding } from "./_finding.ts";

/** NDR-TESTED-CONFIG: a non-empty config that is not an absolute path. */
export function checkTestedConfig(tested: Obj, out: Finding[]): void {
  const config = tested.config;
  if (typeof config === "string" && config !== "" && !ABSOLUTE_PATH.test(config)) {
    out.push(finding(
      "NDR-TESTED-CONFIG",
      "/tested/config",
      `config ${JSON.stringify(excerpt(config))} is not an absolute path`,
      { keyword: "absolutePath", actual: excerpt(config) },
    ));
  }
}
