import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { pyFloatRepr } from "./_py_float.ts";

/** Options of {@linkcode printPythonLiteral}. */
export interface PrintPythonLiteralOptions {
  /**
   * Deepest nesting printed; a deeper value is refused with `too-deep`.
   *
   * @default 1000
   */
  maxDepth?: number;
}

/**
 * Print a value as a Python literal that `ast.literal_eval` (and
 * {@linkcode parsePythonLiteral}) reads back as the same value: `parse(print(v))` equals `v`.
 *
 * The text looks like Python's `repr()`: single quotes unless the text holds one and no
 * double quote, `True`/`False`/`None`, floats as Python prints them. Where `repr()` would
 * not read back, the printer writes what does: infinity as `1e999`, control characters and
 * lone surrogates as escapes, integers of more than 4300 decimal digits in hexadecimal.
 * A `frozenset` (no literal makes one) prints as `repr()` does, `frozenset({...})`, which
 * `ast.literal_eval` refuses: it is for showing a value, not for reading it back.
 *
 * @example Print a dict with a tuple, a set and bytes
 * ```ts
 * import assert from "node:assert/strict";
 * import { printPythonLiteral } from "./print_python_literal.ts";
 *
 * const text = printPythonLiteral({
 *   type: "dict",
 *   entries: [[{ type: "str", value: "k" }, {
 *     type: "tuple",
 *     items: [{ type: "set", items: [] }, { type: "bytes", value: new Uint8Array([0, 65]) }],
 *   }]],
 * });
 * assert.equal(text, "{'k': (set(), b'\\x00A')}");
 * ```
 *
 * @param value The value.
 * @param options `maxDepth`.
 * @returns The literal text.
 * @throws {PythonLiteralError} With code `unrepresentable` for a value no literal can
 *   express (a NaN float; a complex number whose signed zeros no literal yields), or
 *   `too-deep` past `maxDepth`.
 */
export function printPythonLiteral(
  value: PyValue,
  options: PrintPythonLiteralOptions = {},
): string {
  const maxDepth = options.maxDepth ?? 1000;
  const print = (v: PyValue, depth: number): string => {
    switch (v.type) {
      case "none":
        return "None";
      case "bool":
        return v.value ? "True" : "False";
      case "ellipsis":
        return "...";
      case "int":
        return printInt(v.value);
      case "float":
        return printFloat(v.value);
      case "complex":
        return printComplex(v.real, v.imag);
      case "str":
        return printStr(v.value);
      case "bytes":
        return printBytes(v.value);
      default:
        break;
    }
    if (depth >= maxDepth) {
      throw new PythonLiteralError("too-deep", `Value nests deeper than ${maxDepth} levels`);
    }
    const inner = (items: readonly PyValue[]) => items.map((i) => print(i, depth + 1)).join(", ");
    switch (v.type) {
      case "list":
        return `[${inner(v.items)}]`;
      case "tuple":
        return v.items.length === 1 ? `(${inner(v.items)},)` : `(${inner(v.items)})`;
      case "set":
        if (v.frozen) {
          return v.items.length === 0 ? "frozenset()" : `frozenset({${inner(v.items)}})`;
        }
        return v.items.length === 0 ? "set()" : `{${inner(v.items)}}`;
      case "dict":
        return `{${
          v.entries.map(([k, x]) => `${print(k, depth + 1)}: ${print(x, depth + 1)}`).join(", ")
        }}`;
    }
  };
  return print(value, 0);
}

function printInt(n: bigint): string {
  const text = n.toString();
  if (text.replace("-", "").length <= 4300) return text;
  // CPython 3.11 refuses decimal literals of more than 4300 digits; hexadecimal has no limit.
  return n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`;
}

function printFloat(x: number): string {
  if (Number.isNaN(x)) {
    throw new PythonLiteralError("unrepresentable", "NaN has no Python literal");
  }
  if (x === Infinity) return "1e999";
  if (x === -Infinity) return "-1e999";
  return pyFloatRepr(x);
}

function printComplex(real: number, imag: number): string {
  if (Number.isNaN(real) || Number.isNaN(imag)) {
    throw new PythonLiteralError("unrepresentable", "A complex NaN has no Python literal");
  }
  const mag = (
    x: number,
  ) => (x === Infinity || x === -Infinity ? "1e999" : pyFloatRepr(Math.abs(x)));
  // `-0j` is the only literal with a negative-zero imaginary part: complex(-0.0, -0.0).
  if (Object.is(imag, -0)) {
    if (Object.is(real, -0)) return "-0j";
    throw new PythonLiteralError(
      "unrepresentable",
      `complex(${pyFloatRepr(real)}, -0.0) has no Python literal`,
    );
  }
  if (Object.is(real, 0) && imag > 0) return `${mag(imag)}j`;
  // `x - yj` is (x - 0.0, 0.0 - y): exact for any x, and gives y = +0.0 for `- 0j`.
  if (imag < 0 || imag === 0) return `(${printFloat(real)}-${mag(imag)}j)`;
  // `x + yj` is (x + 0.0, y): exact unless x is -0.0.
  if (Object.is(real, -0)) {
    throw new PythonLiteralError(
      "unrepresentable",
      `complex(-0.0, ${pyFloatRepr(imag)}) has no Python literal`,
    );
  }
  return `(${printFloat(real)}+${mag(imag)}j)`;
}

function printStr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const ch = text[i];
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + quote;
    else if (c === 10) out += "\\n";
    else if (c === 13) out += "\\r";
    else if (c === 9) out += "\\t";
    else if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += ch + text[i + 1];
        i++;
      } else out += "\\u" + c.toString(16);
    } else if (c >= 0xdc00 && c <= 0xdfff) out += "\\u" + c.toString(16);
    else out += ch;
  }
  return out + quote;
}

function printBytes(bytes: Uint8Array): string {
  const hasSingle = bytes.includes(39);
  const quote = hasSingle && !bytes.includes(34) ? '"' : "'";
  let out = "b" + quote;
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    if (ch === "\\") out += "\\\\";
    else if (ch === quote) out += "\\" + quote;
    else if (b === 10) out += "\\n";
    else if (b === 13) out += "\\r";
    else if (b === 9) out += "\\t";
    else if (b < 0x20 || b >= 0x7f) out += "\\x" + b.toString(16).padStart(2, "0");
    else out += ch;
  }
  return out + quote;
}
