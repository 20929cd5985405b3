/**
 * Make untrusted text safe for a terminal or a log line: control characters (C0, C1, DEL),
 * line and paragraph separators, bidirectional overrides and lone surrogates are escaped as
 * `\u{...}` (newline and tab as `\n` and `\t`), and the result is cut to `maxLength` code
 * points with an ellipsis. Text is escaped once: a backslash is left as it is, so that the JSON
 * text a message quotes (`"a\"b"`) and a replay line's arguments read as they were written (the
 * JSON report holds the exact text).
 *
 * @example Escape a hostile string
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeText } from "./escape_text.ts";
 *
 * assert.equal(escapeText("a\nb\u001b[31m"), "a\\nb\\u{1b}[31m");
 * assert.equal(escapeText("abcdef", { maxLength: 3 }), "abc…");
 * assert.equal(escapeText('"a\\"b"'), '"a\\"b"');
 * ```
 *
 * @param text Untrusted text.
 * @param options `maxLength`: longest output in code points before the ellipsis.
 * @returns One line of printable text.
 */
export function escapeText(text: string, options: { maxLength?: number } = {}): string {
  const max = options.maxLength ?? 500;
  let out = "";
  let count = 0;
  for (const ch of text) {
    if (count >= max) return out + "…";
    const cp = ch.codePointAt(0)!;
    if (ch === "\n") out += "\\n";
    else if (ch === "\t") out += "\\t";
    else if (
      cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029 ||
      (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069) ||
      (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfeff
    ) out += `\\u{${cp.toString(16)}}`;
    else out += ch;
    count++;
  }
  return out;
}
