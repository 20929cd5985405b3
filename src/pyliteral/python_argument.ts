import { parsePythonLiteral } from "./parse_python_literal.ts";
import { printPythonLiteral } from "./print_python_literal.ts";
import type { PyValue } from "./py_value.ts";

/** Longest literal text a {@linkcode PythonArgument} shows in a report before it is cut. */
const MAX_SHOWN = 64 * 1024;

/**
 * A real Python object inside an operation's input: where a case passes one, the Python
 * function under test receives that object (a `tuple`, a `set`, `bytes`, an `int` of
 * thousands of digits, a dict with non-string keys), not its JSON mapping.
 *
 * The subprocess adapter sends an input holding one in the `netconform.pyvalue/v1` encoding,
 * to an implementation whose handshake announced it (others get the case `skipped`); the
 * in-process adapter hands the object itself to a TypeScript function. In reports it shows as
 * `{"$python": "<the repr-like literal>"}` (its `toJSON`).
 *
 * @example Wrap a tuple and show it as a report does
 * ```ts
 * import assert from "node:assert/strict";
 * import { PythonArgument } from "./python_argument.ts";
 *
 * const arg = PythonArgument.parse("({'device_name': 'R1'},)");
 * assert.equal(arg.value.type, "tuple");
 * assert.equal(JSON.stringify({ raw: arg }), '{"raw":{"$python":"({\'device_name\': \'R1\'},)"}}');
 * ```
 */
export class PythonArgument {
  /** The Python value. */
  readonly value: PyValue;

  /**
   * Wrap a Python value.
   *
   * @param value The Python value passed.
   */
  constructor(value: PyValue) {
    this.value = value;
  }

  /**
   * A Python value read from a Python literal (bounded; never evaluated).
   *
   * @param literal The literal, for example `"(1, 2)"`.
   * @returns The argument.
   * @throws {PythonLiteralError} When the text is not a literal the kit reads.
   */
  static parse(literal: string): PythonArgument {
    return new PythonArgument(parsePythonLiteral(literal));
  }

  /**
   * The argument as a literal, the way `repr()` writes it (huge ints in hexadecimal, a
   * `frozenset` as `frozenset({...})`), cut past 64 KiB.
   *
   * @returns The text.
   */
  toString(): string {
    let text: string;
    try {
      text = printPythonLiteral(this.value);
    } catch (error) {
      return `<a Python value with no literal: ${error instanceof Error ? error.message : error}>`;
    }
    return text.length > MAX_SHOWN
      ? `${text.slice(0, MAX_SHOWN)}... (${text.length} characters)`
      : text;
  }

  /**
   * What JSON shows of the argument: `{"$python": literal}`.
   *
   * @returns The JSON form.
   */
  toJSON(): { $python: string } {
    return { $python: this.toString() };
  }
}
