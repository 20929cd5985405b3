// Operation inputs that hold real Python objects (private): finding a PythonArgument in an
// input, and encoding such an input as a netconform.pyvalue/v1 tree for the subprocess adapter.
import { encodePyValue } from "../pyliteral/encode_py_value.ts";
import { PythonArgument } from "../pyliteral/python_argument.ts";

/** Whether a value holds a PythonArgument at any depth (walked without recursion). */
export function holdsPythonArgument(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof PythonArgument) return true;
    if (Array.isArray(v)) { for (const x of v) stack.push(x); }
    else if (v !== null && typeof v === "object") {
      for (const x of Object.values(v)) stack.push(x);
    }
  }
  return false;
}

/**
 * An operation input as a netconform.pyvalue/v1 tree: JSON data maps as Python's `json.loads`
 * reads its JSON text (objects to dicts with str keys, an integer number to an int, any other
 * number to a float), a PythonArgument to its own value.
 *
 * @throws {Error} On a value that is neither JSON data nor a PythonArgument, too deep, or NaN.
 */
export function encodePythonInput(input: unknown, maxDepth = 1000): unknown {
  const encode = (v: unknown, depth: number): unknown => {
    if (v instanceof PythonArgument) return encodePyValue(v.value, { maxDepth: maxDepth - depth });
    if (v === null || typeof v === "string" || typeof v === "boolean") return v;
    if (typeof v === "number") {
      const text = JSON.stringify(v); // null for NaN and the infinities, as JSON.stringify does
      if (/^-?\d+$/.test(text) && Number.isSafeInteger(v)) return v;
      if (/^-?\d+$/.test(text)) return { t: "int", v: text };
      return text === "null" ? null : { t: "float", v };
    }
    if (depth >= maxDepth) throw new Error(`The input nests deeper than ${maxDepth} levels`);
    if (Array.isArray(v)) return v.map((x) => encode(x, depth + 1));
    if (typeof v === "object") {
      return {
        t: "dict",
        v: Object.entries(v as Record<string, unknown>)
          .filter(([, x]) => x !== undefined)
          .map(([k, x]) => [k, encode(x, depth + 1)]),
      };
    }
    throw new Error(`A ${typeof v} is not JSON data`);
  };
  return encode(input, 0);
}

/**
 * A copy of a request that keeps each PythonArgument a PythonArgument (its value copied),
 * where `structuredClone` would turn it into a plain object.
 */
export function cloneKeepingPython<T>(request: T): T {
  if (!holdsPythonArgument(request)) return structuredClone(request);
  const copy = (v: unknown): unknown => {
    if (v instanceof PythonArgument) return new PythonArgument(structuredClone(v.value));
    if (Array.isArray(v)) return v.map(copy);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        Object.defineProperty(out, k, {
          value: copy(x),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    return v;
  };
  return copy(request) as T;
}
