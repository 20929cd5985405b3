import type { PyValue } from "./py_value.ts";
import { comparePy } from "./_py_equal.ts";
import { pyFloatRepr } from "./_py_float.ts";

const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * Map a Python literal value to JSON data, with the kit's stable mapping (the Python
 * reference normalizer applies the same one; see docs/normalizer.md):
 *
 * | Python | JSON |
 * | --- | --- |
 * | `None`, `True`/`False`, `str` | `null`, `true`/`false`, string |
 * | `int` within ±(2^53 − 1) | number |
 * | `int` beyond | string of its decimal digits (exact) |
 * | `float` | number; `inf`/`-inf` become the strings `"inf"`/`"-inf"` |
 * | `complex` | `{"real": r, "imag": i}` (parts mapped as floats) |
 * | `bytes` | string: UTF-8 decoded, invalid sequences replaced by U+FFFD |
 * | `...` | the string `"Ellipsis"` |
 * | `list`, `tuple` | array, in order |
 * | `set` | array sorted in the kit's total order (None, numbers, str by code point, bytes, tuples, Ellipsis) |
 * | `dict` | object; keys as `json.dumps` writes them (`1` → `"1"`, `True` → `"true"`, `None` → `"null"`, `1.5` → `"1.5"`), other keys (tuples, bytes, complex, `...`) as the JSON text of their mapped value; equal mapped keys: the last value wins |
 *
 * Objects are built with own data properties, so a `__proto__` key is an ordinary key.
 *
 * @example Map a tuple, a set and a big int
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 * import { pythonToJson } from "./python_to_json.ts";
 *
 * const value = pythonToJson(parsePythonLiteral("{'t': (1, 2), 's': {'b', 'a'}, 'n': 12345678901234567890}"));
 * assert.deepEqual(value, { t: [1, 2], s: ["a", "b"], n: "12345678901234567890" });
 * ```
 *
 * @param value The Python value.
 * @returns JSON data (what `JSON.parse` could return).
 */
export function pythonToJson(value: PyValue): unknown {
  switch (value.type) {
    case "none":
      return null;
    case "bool":
      return value.value;
    case "int":
      return value.value <= BigInt(Number.MAX_SAFE_INTEGER) &&
          value.value >= -BigInt(Number.MAX_SAFE_INTEGER)
        ? Number(value.value)
        : value.value.toString();
    case "float":
      return floatToJson(value.value);
    case "complex":
      return { real: floatToJson(value.real), imag: floatToJson(value.imag) };
    case "str":
      return value.value;
    case "bytes":
      return utf8.decode(value.value);
    case "ellipsis":
      return "Ellipsis";
    case "list":
    case "tuple":
      return value.items.map(pythonToJson);
    case "set":
      return [...value.items].sort(comparePy).map(pythonToJson);
    case "dict": {
      const out: Record<string, unknown> = {};
      for (const [k, v] of value.entries) {
        Object.defineProperty(out, keyText(k), {
          value: pythonToJson(v),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
  }
}

function floatToJson(x: number): number | string {
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  return x;
}

function keyText(key: PyValue): string {
  switch (key.type) {
    case "str":
      return key.value;
    case "bool":
      return key.value ? "true" : "false";
    case "none":
      return "null";
    case "int":
      return key.value.toString();
    case "float":
      return key.value === Infinity
        ? "Infinity"
        : key.value === -Infinity
        ? "-Infinity"
        : pyFloatRepr(key.value);
    default:
      return JSON.stringify(pythonToJson(key));
  }
}
