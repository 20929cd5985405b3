// Text helpers shared by the checker, the reference builder and the mutations.

/**
 * The characters that break a line: those Python's `str.splitlines()` splits on (LF, VT,
 * FF, CR, FS, GS, RS, NEL, LS, PS). The server is Python, so this is what "one line" means.
 */
export const LINE_BREAK_CLASS = "\\n\\v\\f\\r\\x1c\\x1d\\x1e\\x85\\u2028\\u2029";
/** Matches one line break. */
export const LINE_BREAK = new RegExp(`[${LINE_BREAK_CLASS}]`);
const LINE_BREAKS = new RegExp(`[${LINE_BREAK_CLASS}]+`, "g");

/** An absolute path: POSIX, Windows drive or UNC. */
export const ABSOLUTE_PATH = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;

/** The caps of lab text, in Unicode code points. */
export const CAP = { check: 300, long: 1000, evidence: 200 } as const;

/** Length in Unicode code points (a lone surrogate counts as one). */
export function codePointLength(s: string): number {
  // A high surrogate followed by a low one is one code point, any other unit one. Indexing
  // the units is about twice as fast as iterating the string (V8, December 2026).
  const n = s.length;
  let pairs = 0;
  for (let i = 0; i < n - 1; i++) {
    const unit = s.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return n - pairs;
}

/** `U+XXXX` of a code point. */
export function uPlus(cp: number): string {
  return "U+" + cp.toString(16).toUpperCase().padStart(4, "0");
}

/**
 * Flatten text to one well-formed line of at most `cap` code points, the way the reference
 * builder does: runs of line breaks become one space, lone surrogates U+FFFD, and a text
 * over the cap keeps `cap - 1` code points and ends with "…".
 */
export function flattenLabText(raw: string, cap: number): string {
  const one = raw.toWellFormed().replace(LINE_BREAKS, " ");
  if (one.length <= cap) return one;
  // Walk code points only as far as the cap: lab output lines can be very long.
  let i = 0;
  let cut = 0;
  for (let n = 0; i < one.length; n++) {
    if (n === cap - 1) cut = i;
    if (n === cap) return one.slice(0, cut) + "\u2026";
    const c = one.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff ? 2 : 1;
  }
  return one;
}
