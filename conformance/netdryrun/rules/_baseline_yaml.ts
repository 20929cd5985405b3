// NDR-BASELINE-YAML: a record_baseline text parses with yaml (one document, unique keys,
// bounded) to a mapping.
import { parseDocument } from "yaml";
import type { Finding } from "../../../src/core/types.ts";
import { isObject } from "../../_json_value.ts";
import { MAX_PARSED_TEXT } from "../_constants.ts";
import { excerpt, finding } from "./_finding.ts";

/** NDR-BASELINE-YAML: at most one finding, the first problem of the text. */
export function checkBaselineYaml(text: string, out: Finding[]): void {
  if (text.length > MAX_PARSED_TEXT) {
    out.push(finding(
      "NDR-BASELINE-YAML",
      "",
      `baseline text is ${text.length} UTF-16 units, over the ${MAX_PARSED_TEXT} the kit parses`,
      { keyword: "maxLength", params: { limit: MAX_PARSED_TEXT }, actual: text.length },
    ));
    return;
  }
  let parsed: unknown;
  try {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      out.push(finding(
        "NDR-BASELINE-YAML",
        "",
        `baseline text is not YAML: ${excerpt(e.message, 200)}`,
        { keyword: "yaml", params: { code: e.code, offset: e.pos[0] } },
      ));
      return;
    }
    parsed = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    out.push(finding(
      "NDR-BASELINE-YAML",
      "",
      `baseline text could not be parsed: ${excerpt(String(error), 200)}`,
      { keyword: "yaml" },
    ));
    return;
  }
  if (!isObject(parsed)) {
    const kind = parsed === null
      ? "null"
      : Array.isArray(parsed)
      ? "a sequence"
      : `a ${typeof parsed}`;
    out.push(finding("NDR-BASELINE-YAML", "", `baseline YAML is ${kind}, not a mapping`, {
      keyword: "type",
      expected: "mapping",
      actual: kind,
    }));
  }
}
