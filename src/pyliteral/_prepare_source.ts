// The text CPython's tokenizer reads: no NUL, no lone surrogate, newlines as "\n".
import { PythonLiteralError } from "./python_literal_error.ts";

/**
 * Refuse what CPython refuses anywhere in a source text, NUL and (encoding the text to UTF-8)
 * lone surrogates, then translate `\r\n` and `\r` to `\n`, as CPython does before tokenizing.
 *
 * @param text The whole text.
 * @returns The text with every line break as `\n`.
 * @throws {PythonLiteralError} `invalid`, located in `text`, on a NUL or a lone surrogate.
 */
export function prepareSource(text: string): string {
  const nul = text.indexOf("\0");
  if (nul >= 0) {
    throw new PythonLiteralError("invalid", "Text contains a NUL character", { text, index: nul });
  }
  if (!text.isWellFormed()) {
    throw new PythonLiteralError("invalid", "Text contains a lone surrogate", {
      text,
      index: firstLoneSurrogate(text),
    });
  }
  return text.replace(/\r\n?/g, "\n");
}

function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}
