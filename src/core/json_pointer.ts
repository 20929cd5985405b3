/**
 * Build a JSON Pointer (RFC 6901) from path segments, escaping `~` and `/`.
 *
 * @example Point at an item field
 * ```ts
 * import assert from "node:assert/strict";
 * import { jsonPointer } from "./json_pointer.ts";
 *
 * assert.equal(jsonPointer("data", 0, "a/b"), "/data/0/a~1b");
 * assert.equal(jsonPointer(), "");
 * ```
 *
 * @param segments Object keys and array indexes, outermost first.
 * @returns The pointer; `""` for no segments (the whole value).
 */
export function jsonPointer(...segments: readonly (string | number)[]): string {
  let out = "";
  for (const segment of segments) {
    const s = String(segment);
    out += "/" +
      (s.includes("~") || s.includes("/") ? s.replaceAll("~", "~0").replaceAll("/", "~1") : s);
  }
  return out;
}
