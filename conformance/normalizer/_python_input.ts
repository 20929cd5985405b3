// How a case file, a fixture or a report writes a real Python object as the normalizer's raw
// input: `python: "<literal>"` beside (instead of) `raw`, or `raw: {$python: "<literal>"}`
// (what a JSON report shows, so that `promote` keeps it). Both become a PythonArgument.
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";
import { PythonLiteralError } from "../../src/pyliteral/python_literal_error.ts";
import { isObject, type Obj } from "./_json.ts";

/** The literal of `{"$python": literal}` (that one member, a string), else undefined. */
function dollarPython(value: unknown): string | undefined {
  if (!isObject(value) || value instanceof PythonArgument) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === "$python" && typeof value.$python === "string"
    ? value.$python
    : undefined;
}

/**
 * A normalizer input with its Python object made real: `{python: literal, tool_name}` or
 * `{raw: {$python: literal}, tool_name}` gives `{raw: PythonArgument, tool_name}`; any other
 * value is returned as is.
 *
 * @throws {Error} When the literal is not one the kit reads (a `frozenset(...)` or a cut
 *   literal from a report, say), or when both `python` and `raw` are given.
 */
export function withPythonRaw(input: unknown): unknown {
  if (!isObject(input) || Array.isArray(input)) return input;
  const hasPython = Object.hasOwn(input, "python");
  const literal = hasPython ? input.python : dollarPython(input.raw);
  if (literal === undefined && !hasPython) return input;
  if (hasPython && Object.hasOwn(input, "raw")) {
    throw new Error('A normalizer input has both "python" and "raw": give one');
  }
  if (typeof literal !== "string") {
    throw new Error('A normalizer input\'s "python" must be a Python literal in a string');
  }
  let raw: PythonArgument;
  try {
    raw = PythonArgument.parse(literal);
  } catch (error) {
    const why = error instanceof PythonLiteralError ? error.message : String(error);
    throw new Error(
      `The Python value ${JSON.stringify(literal.slice(0, 80))}${
        literal.length > 80 ? "…" : ""
      } is not a Python literal the kit reads (${why}); a frozenset or a literal a report cut cannot be given back`,
    );
  }
  const out: Obj = {};
  for (const [k, v] of Object.entries(input)) if (k !== "python") out[k] = v;
  out.raw = raw;
  return out;
}
