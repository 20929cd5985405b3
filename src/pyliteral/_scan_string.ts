// Python's string and bytes literals: quotes, triple quotes, raw, escapes, ASCII-only bytes.
import { PythonLiteralError } from "./python_literal_error.ts";
import { decodeEscape } from "./_decode_escape.ts";

/**
 * Read the body of a string or bytes literal whose opening quote is at `quoteAt`.
 *
 * @param src The text, with every line break as `\n`.
 * @param quoteAt Where the opening quote (`'` or `"`, maybe tripled) is.
 * @param prefix The lower-case prefix (`""`, `"r"`, `"b"`, `"rb"`, `"br"`, ...): `r` keeps
 *   backslashes, `b` makes bytes; any other letter is ignored here.
 * @param at Where the literal (its prefix) starts, to locate an unterminated literal.
 * @returns The value (a string, or the bytes) and where the literal ends, past its quote.
 * @throws {PythonLiteralError} `invalid` on an unterminated literal, a newline in a
 *   single-quoted one, a character over ASCII in bytes, and the errors of an escape.
 */
export function scanString(
  src: string,
  quoteAt: number,
  prefix: string,
  at: number,
): { value: string | Uint8Array; end: number } {
  const raw = prefix.includes("r");
  const bytes = prefix.includes("b");
  const quote = src[quoteAt];
  const triple = src.startsWith(quote.repeat(3), quoteAt);
  const close = triple ? quote.repeat(3) : quote;
  let p = quoteAt + close.length;
  // Text parts; for bytes, each part holds code units 0..255 (one per byte).
  const parts: string[] = [];
  // A run of characters with no meaning here (not a backslash, newline or quote; ASCII in bytes).
  const plain = bytes ? /[^\\\n'"\u0080-\uffff]+/y : /[^\\\n'"]+/y;
  for (;;) {
    plain.lastIndex = p;
    const run = plain.exec(src);
    if (run) {
      parts.push(run[0]);
      p += run[0].length;
    }
    if (p >= src.length) fail(src, "Unterminated string literal", at);
    const c = src[p];
    if (src.startsWith(close, p)) {
      p += close.length;
      break;
    }
    if (c === "\n" && !triple) fail(src, "Unterminated string literal", at);
    if (bytes && c.charCodeAt(0) > 127) {
      fail(src, "Bytes can only contain ASCII literal characters", p);
    }
    if (c !== "\\") {
      parts.push(c);
      p++;
      continue;
    }
    const n = src[p + 1];
    if (n === undefined) fail(src, "Unterminated string literal", at);
    if (raw) {
      // In a raw literal a backslash keeps the next character, quote or newline included.
      if (bytes && n.charCodeAt(0) > 127) {
        fail(src, "Bytes can only contain ASCII literal characters", p + 1);
      }
      parts.push(c + n);
      p += 2;
      continue;
    }
    const escape = decodeEscape(src, p, bytes);
    parts.push(escape.text);
    p = escape.end;
  }
  const text = parts.join("");
  if (!bytes) return { value: text, end: p };
  const value = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) value[i] = text.charCodeAt(i);
  return { value, end: p };
}

function fail(src: string, message: string, index: number): never {
  throw new PythonLiteralError("invalid", message, { text: src, index });
}
