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
  return segments.map((s) => "/" + String(s).replaceAll("~", "~0").replaceAll("/", "~1")).join(
    "",
  );
}
