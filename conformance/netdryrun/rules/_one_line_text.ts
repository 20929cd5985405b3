// One-line, well-formed, capped text: the computation NDR-LAB-TEXT and NDR-PLAIN-ERROR-TEXT share.
import type { Finding } from "../../../src/core/types.ts";
import { codePointLength, LINE_BREAK, uPlus } from "../_text.ts";
import { excerpt, finding } from "./_finding.ts";

/**
 * Whether `checkOneLineText` would report nothing on `value` with this cap: anything but a
 * string, or one line, well formed, within the cap. Lets callers build the path only when a
 * finding is due.
 */
export function isFineOneLineText(value: unknown, cap: number): boolean {
  if (typeof value !== "string") return true;
  return !LINE_BREAK.test(value) && value.isWellFormed() &&
    (value.length <= cap || codePointLength(value) <= cap);
}

/**
 * Report a string `value` at `path` under `ruleId` when it has a line break, a lone surrogate
 * or more than `cap` code points (in that order); anything but a string passes.
 */
export function checkOneLineText(
  ruleId: string,
  value: unknown,
  path: string,
  cap: number,
  out: Finding[],
): void {
  if (typeof value !== "string") return;
  const br = LINE_BREAK.exec(value);
  if (br) {
    out.push(finding(
      ruleId,
      path,
      `text has a line break (${uPlus(br[0].codePointAt(0)!)}) at index ${br.index}`,
      {
        keyword: "lineBreak",
        params: { codePoint: uPlus(br[0].codePointAt(0)!), index: br.index },
        actual: excerpt(value),
      },
    ));
  }
  if (!value.isWellFormed()) {
    const index = value.search(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
    );
    out.push(finding(ruleId, path, `text has a lone surrogate at UTF-16 index ${index}`, {
      keyword: "wellFormed",
      params: { index, codeUnit: uPlus(value.charCodeAt(index)) },
      actual: excerpt(value),
    }));
  }
  if (value.length > cap) {
    const n = codePointLength(value);
    if (n > cap) {
      out.push(finding(ruleId, path, `text is ${n} code points long, over the cap of ${cap}`, {
        keyword: "maxCodePoints",
        params: { limit: cap, codePoints: n, utf16Units: value.length },
        expected: cap,
        actual: n,
      }));
    }
  }
}
