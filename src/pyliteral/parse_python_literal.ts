import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { convertNode } from "./_convert_node.ts";
import { Lexer } from "./_lexer.ts";
import { parseNode } from "./_parse_node.ts";
import { prepareSource } from "./_prepare_source.ts";

/** Options of {@linkcode parsePythonLiteral}. */
export interface ParsePythonLiteralOptions {
  /**
   * Longest text parsed, in UTF-16 code units; a longer text is refused with `too-long`
   * before it is read.
   *
   * @default 8388608 (8 Mi)
   */
  maxLength?: number;
  /**
   * Deepest nesting of brackets and parentheses; deeper is refused with `too-deep` as soon
   * as it is reached (so 100,000 nested brackets cost nothing and never overflow the stack).
   * CPython itself refuses more than 200.
   *
   * @default 100
   */
  maxDepth?: number;
  /**
   * Most digits of a decimal integer literal; more is refused with `too-many-digits`
   * (CPython 3.11 refuses more than 4300, as do patched 3.9 and 3.10).
   *
   * @default 4300
   */
  maxDigits?: number;
}

/**
 * Parse a Python literal exactly as `ast.literal_eval` does (Python 3.9 to 3.13), with no
 * evaluation at all: a hand-written scanner and recursive-descent parser over the literal
 * subset of Python's expression grammar, bounded in length, depth and digits.
 *
 * Accepted: `None`, `True`, `False`, `...`, ints (decimal, `0x`, `0o`, `0b`, underscores),
 * floats (`1e999` is infinity), imaginary numbers and `real ± imag` sums, one unary `+`/`-`
 * on a number, strings and bytes with every prefix but `f` (escapes, raw, triple quotes,
 * adjacent concatenation), tuples, lists, sets, `set()`, dicts; comments, line
 * continuations, implicit line joining. Sets and dicts follow Python: unhashable items are
 * refused, equal items (`1`, `1.0`, `True`) collapse to the first one.
 *
 * @example Parse what Python's str() of a dict prints
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 *
 * const value = parsePythonLiteral("{'ok': True, 'ids': (1, 2), 'err': None}");
 * assert.deepEqual(value, {
 *   type: "dict",
 *   entries: [
 *     [{ type: "str", value: "ok" }, { type: "bool", value: true }],
 *     [{ type: "str", value: "ids" }, {
 *       type: "tuple",
 *       items: [{ type: "int", value: 1n }, { type: "int", value: 2n }],
 *     }],
 *     [{ type: "str", value: "err" }, { type: "none" }],
 *   ],
 * });
 * ```
 *
 * @example Refuse 100,000 nested brackets quickly
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 *
 * assert.throws(() => parsePythonLiteral("[".repeat(100_000)), { code: "too-deep" });
 * ```
 *
 * @param text The text (leading spaces and tabs are ignored, as `ast.literal_eval` does).
 * @param options Bounds: `maxLength`, `maxDepth`, `maxDigits`.
 * @returns The value.
 * @throws {PythonLiteralError} When the text is not a literal (`invalid`), is over a bound
 *   (`too-long`, `too-deep`, `too-many-digits`) or uses what the kit does not decode
 *   (`unsupported`).
 */
export function parsePythonLiteral(text: string, options: ParsePythonLiteralOptions = {}): PyValue {
  const maxLength = options.maxLength ?? 8 * 1024 * 1024;
  if (typeof text !== "string") {
    throw new PythonLiteralError("invalid", `Expected a string, got "${typeof text}"`);
  }
  if (text.length > maxLength) {
    throw new PythonLiteralError(
      "too-long",
      `Text of ${text.length} code units is longer than the limit of ${maxLength}`,
    );
  }
  const maxDepth = options.maxDepth ?? 100;
  const src = prepareSource(text);
  const node = parseNode(new Lexer(src, options.maxDigits ?? 4300), maxDepth);
  return convertNode(node, src);
}
