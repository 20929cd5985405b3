// NDR-TESTED-FILES: tested.files keys are relative paths. The schema owns the sha256 values
// (see ../_schema_checks.ts); this part judges the keys.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { isObject, type Obj } from "../../_json_value.ts";
import { ABSOLUTE_PATH } from "../_text.ts";
import { excerpt, finding } from "./_finding.ts";

const URL_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

/** Why a tested.files key is not a relative path the server reads; undefined when it is. */
export function notRelative(key: string): string | undefined {
  // Most keys are plain relative paths: a key whose first character is none of / \ ~ and
  // which has neither $ nor : passes every test below.
  const first = key.charCodeAt(0);
  if (
    key !== "" && first !== 0x2f && first !== 0x5c && first !== 0x7e && !key.includes("$") &&
    !key.includes(":")
  ) return undefined;
  return whyNotRelative(key);
}

/** {@linkcode notRelative} without its shortcut for plain relative keys: every test. */
export function whyNotRelative(key: string): string | undefined {
  return key === ""
    ? "is empty"
    : ABSOLUTE_PATH.test(key)
    ? "is absolute"
    : key.startsWith("~")
    ? "starts with ~ (not read by the server)"
    : key.includes("${")
    ? "names a ${VAR} (not read by the server)"
    : key.includes("://") && URL_LIKE.test(key)
    ? "is a URL (not read by the server)"
    : undefined;
}

/** NDR-TESTED-FILES: one finding per key of tested.files that is not a relative path. */
export function checkTestedFiles(tested: Obj, out: Finding[]): void {
  if (!isObject(tested.files)) return;
  for (const key of Object.keys(tested.files)) {
    const why = notRelative(key);
    if (why) {
      out.push(finding(
        "NDR-TESTED-FILES",
        jsonPointer("tested", "files", key),
        `file key ${JSON.stringify(excerpt(key))} ${why}, not a relative path`,
        { keyword: "relativePath", actual: excerpt(key) },
      ));
    }
  }
}
