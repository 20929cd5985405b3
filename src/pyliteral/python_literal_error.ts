/**
 * Why a text is not a Python literal the kit decodes.
 *
 * - `invalid`: Python's `ast.literal_eval` rejects it too (a syntax error, a node that is not
 *   a literal, an unhashable set item or dict key).
 * - `too-long`, `too-deep`, `too-many-digits`: the text is over one of the kit's bounds.
 * - `unsupported`: valid Python the kit does not decode (`\N{...}` escapes, an octal escape
 *   over `\377` in bytes, whose meaning changed between Python versions).
 * - `unrepresentable`: a value that no literal can express (printing NaN, for example).
 */
export type PythonLiteralErrorCode =
  | "invalid"
  | "too-long"
  | "too-deep"
  | "too-many-digits"
  | "unsupported"
  | "unrepresentable";

/**
 * A text that is not a Python literal the kit decodes, or a value that cannot be printed as
 * one, with a code and the position (0-based `index`, 1-based `line` and `column`).
 *
 * @example Read the code and position of a parse error
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 * import { PythonLiteralError } from "./python_literal_error.ts";
 *
 * try {
 *   parsePythonLiteral("[1, 2");
 *   assert.fail("expected an error");
 * } catch (error) {
 *   assert.ok(error instanceof PythonLiteralError);
 *   assert.equal(error.code, "invalid");
 *   assert.equal(error.line, 1);
 * }
 * ```
 */
export class PythonLiteralError extends Error {
  /** Why the text was refused. */
  readonly code: PythonLiteralErrorCode;
  /** 0-based offset in the text, or -1 when the error is not about a place. */
  readonly index: number;
  /** 1-based line, or 0 when the error is not about a place. */
  readonly line: number;
  /** 1-based column (in UTF-16 code units), or 0 when the error is not about a place. */
  readonly column: number;

  /**
   * Creates the error.
   *
   * @param code Why the text was refused.
   * @param message Sentence-case text.
   * @param options `text` and `index` locate the error; both absent means no place.
   */
  constructor(
    code: PythonLiteralErrorCode,
    message: string,
    options: { text?: string; index?: number } = {},
  ) {
    const { text, index } = options;
    let line = 0;
    let column = 0;
    if (text !== undefined && index !== undefined && index >= 0) {
      line = 1;
      let start = 0;
      for (let i = 0; i < index && i < text.length; i++) {
        if (text.charCodeAt(i) === 10) {
          line++;
          start = i + 1;
        }
      }
      column = index - start + 1;
    }
    super(line > 0 ? `${message} (line ${line}, column ${column})` : message);
    this.name = "PythonLiteralError";
    this.code = code;
    this.index = index ?? -1;
    this.line = line;
    this.column = column;
  }
}
