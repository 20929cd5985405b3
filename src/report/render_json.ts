import type { Report } from "../core/types.ts";

// C1 controls and DEL, line and paragraph separators, bidirectional marks, overrides and
// isolates, the byte order mark: JSON.stringify leaves them raw, and a terminal, an editor or
// a log viewer acts on them. C0 controls and lone surrogates JSON.stringify escapes itself.
const INERT = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * Serialise a report (or any JSON data) as JSON that is inert wherever it is shown: besides
 * what `JSON.stringify` escapes, every character that moves, hides or reorders text in a
 * terminal or an editor is written as a `\uXXXX` escape. The result parses to the same value.
 *
 * @example Bidirectional overrides are escaped, and the value is unchanged
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderJson } from "./render_json.ts";
 *
 * const text = renderJson({ detail: "ok\u202egnp.exe\u2028" });
 * assert.equal(text, '{\n  "detail": "ok\\u202egnp.exe\\u2028"\n}');
 * assert.deepEqual(JSON.parse(text), { detail: "ok\u202egnp.exe\u2028" });
 * ```
 *
 * @param report The report, or any JSON data.
 * @param options `indent`: spaces per level.
 * @returns The JSON text, without a final newline.
 */
export function renderJson(report: Report | unknown, options: { indent?: number } = {}): string {
  return JSON.stringify(report, null, options.indent ?? 2).replace(
    INERT,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
