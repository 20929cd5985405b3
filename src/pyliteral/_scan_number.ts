// Python's number literals: decimal, hexadecimal, octal and binary ints, floats, imaginaries.
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";

const BASED_NUMBER = /0(?:[xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/y;
const DIGITS = "[0-9](?:_?[0-9])*";
const DECIMAL_NUMBER = new RegExp(
  `(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?[jJ]?`,
  "y",
);

/**
 * Read the number literal that starts at `at` (a digit, or a dot before a digit).
 *
 * @param src The text.
 * @param at Where the number starts.
 * @param maxDigits Most digits of a decimal integer.
 * @returns The value (an `int`, a `float` or a `complex` with no real part) and where it ends.
 * @throws {PythonLiteralError} `invalid` on leading zeros in a decimal integer or a number run
 *   into a letter, digit or underscore (`1_`, `0x`, `1e`, `0b2`, `1if`); `too-many-digits`
 *   over `maxDigits`.
 */
export function scanNumber(
  src: string,
  at: number,
  maxDigits: number,
): { value: PyValue; end: number } {
  BASED_NUMBER.lastIndex = at;
  let m = BASED_NUMBER.exec(src);
  let value: PyValue;
  if (m) {
    value = { type: "int", value: BigInt(m[0].replaceAll("_", "")) };
  } else {
    DECIMAL_NUMBER.lastIndex = at;
    m = DECIMAL_NUMBER.exec(src);
    if (!m) {
      throw new PythonLiteralError("invalid", "Invalid number literal", { text: src, index: at });
    }
    const raw = m[0].replaceAll("_", "");
    if (/[jJ]$/.test(raw)) {
      value = { type: "complex", real: 0, imag: Number(raw.slice(0, -1)) };
    } else if (/[.eE]/.test(raw)) {
      value = { type: "float", value: Number(raw) };
    } else {
      if (/^0+[1-9]/.test(raw)) {
        throw new PythonLiteralError("invalid", "Leading zeros in a decimal integer", {
          text: src,
          index: at,
        });
      }
      if (raw.length > maxDigits) {
        throw new PythonLiteralError(
          "too-many-digits",
          `Decimal integer of ${raw.length} digits is over the limit of ${maxDigits}`,
          { text: src, index: at },
        );
      }
      value = { type: "int", value: BigInt(raw) };
    }
  }
  const end = at + m[0].length;
  // `1_`, `0x`, `1e`, `1.__class__`, `1if`, `0b2`: an invalid number, or not a literal.
  if (/[A-Za-z0-9_]/.test(src[end] ?? "")) {
    throw new PythonLiteralError("invalid", "Invalid number literal", { text: src, index: at });
  }
  return { value, end };
}
