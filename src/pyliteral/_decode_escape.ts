// A backslash escape in a string or bytes literal that is not raw.
import { PythonLiteralError } from "./python_literal_error.ts";

const SIMPLE_ESCAPES: Record<string, number> = {
  "\\": 92,
  "'": 39,
  '"': 34,
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
};
const HEX = /^[0-9a-fA-F]+$/;
const OCT = /[0-7]/;

/**
 * Decode the escape whose backslash is at `at` in a literal that is not raw, as Python does:
 * a backslash-newline is dropped, an unknown escape (`\q`, and `\u` or `\N` in bytes) keeps its
 * backslash, which alone is returned so that the next character is read as usual.
 *
 * @param src The text; a character follows the backslash.
 * @param at Where the backslash is.
 * @param bytes Whether the literal is bytes (then the text returned holds code units 0..255,
 *   one per byte, and `\u`, `\U`, `\N` are unknown escapes).
 * @returns The decoded text and where the escape ends.
 * @throws {PythonLiteralError} `invalid` on a truncated `\x`, `\u` or `\U` escape or a code
 *   point over U+10FFFF; `unsupported` on `\N{...}` in a string and an octal escape over
 *   `\377` in bytes.
 */
export function decodeEscape(
  src: string,
  at: number,
  bytes: boolean,
): { text: string; end: number } {
  const n = src[at + 1];
  if (n === "\n") return { text: "", end: at + 2 };
  if (n in SIMPLE_ESCAPES) return { text: String.fromCharCode(SIMPLE_ESCAPES[n]), end: at + 2 };
  if (OCT.test(n)) {
    let q = at + 1;
    let digits = "";
    while (q < at + 4 && OCT.test(src[q] ?? "")) digits += src[q++];
    const v = parseInt(digits, 8);
    if (bytes && v > 0o377) {
      throw new PythonLiteralError(
        "unsupported",
        `Octal escape "\\${digits}" over \\377 in bytes`,
        { text: src, index: at },
      );
    }
    return { text: String.fromCharCode(v), end: q };
  }
  if (n === "x") {
    const hex = src.slice(at + 2, at + 4);
    if (hex.length < 2 || !HEX.test(hex)) {
      throw new PythonLiteralError("invalid", "Truncated \\xXX escape", { text: src, index: at });
    }
    return { text: String.fromCharCode(parseInt(hex, 16)), end: at + 4 };
  }
  if (!bytes && (n === "u" || n === "U")) {
    const len = n === "u" ? 4 : 8;
    const hex = src.slice(at + 2, at + 2 + len);
    if (hex.length < len || !HEX.test(hex)) {
      throw new PythonLiteralError("invalid", `Truncated \\${n} escape`, { text: src, index: at });
    }
    const v = parseInt(hex, 16);
    if (v > 0x10ffff) {
      throw new PythonLiteralError("invalid", `Illegal Unicode character in "\\${n}${hex}"`, {
        text: src,
        index: at,
      });
    }
    return { text: String.fromCodePoint(v), end: at + 2 + len };
  }
  if (!bytes && n === "N") {
    throw new PythonLiteralError("unsupported", 'The kit does not decode "\\N{...}" escapes', {
      text: src,
      index: at,
    });
  }
  // Unknown escape: Python keeps the backslash and the character.
  return { text: "\\", end: at + 1 };
}
