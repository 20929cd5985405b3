import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";

/** Options of {@linkcode encodePyValue}. */
export interface EncodePyValueOptions {
  /**
   * Deepest nesting encoded; a deeper value is refused with `too-deep`.
   *
   * @default 1000
   */
  maxDepth?: number;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Encode a Python value as a `netconform.pyvalue/v1` tagged tree (schema
 * `src/protocol/pyvalue.schema.json`; guide `docs/subprocess-protocol.md`): what the kit
 * sends as a request's `input` to pass a real Python object to a Python function.
 *
 * A `str` is a JSON string, `True`/`False` are booleans, `None` is null, an `int` within
 * ±(2^53 − 1) is a JSON number, a `list` is an array; everything else is an object whose `t`
 * names its type: `{"t": "int", "v": "<digits>"}`, `{"t": "float", "v": 1.5 | "inf" | "-inf" |
 * "-0"}`, `{"t": "complex", "v": [re, im]}`, `{"t": "bytes", "v": "<base64>"}`,
 * `{"t": "ellipsis"}`, `{"t": "tuple" | "set" | "frozenset", "v": [...]}`,
 * `{"t": "dict", "v": [[key, value], ...]}`. A float is always tagged, so that `1.0` stays a
 * float.
 *
 * @example Encode a tuple holding a dict with an int key and bytes
 * ```ts
 * import assert from "node:assert/strict";
 * import { encodePyValue } from "./encode_py_value.ts";
 *
 * const tree = encodePyValue({
 *   type: "tuple",
 *   items: [{
 *     type: "dict",
 *     entries: [[{ type: "int", value: 1n }, { type: "bytes", value: new Uint8Array([104, 105]) }]],
 *   }, { type: "float", value: -0 }],
 * });
 * assert.deepEqual(tree, {
 *   t: "tuple",
 *   v: [{ t: "dict", v: [[1, { t: "bytes", v: "aGk=" }]] }, { t: "float", v: "-0" }],
 * });
 * ```
 *
 * @param value The Python value.
 * @param options `maxDepth`.
 * @returns The tagged tree (JSON data).
 * @throws {PythonLiteralError} With code `unrepresentable` for a NaN float (the encoding has
 *   none), or `too-deep` past `maxDepth`.
 */
export function encodePyValue(value: PyValue, options: EncodePyValueOptions = {}): unknown {
  const maxDepth = options.maxDepth ?? 1000;
  const encode = (v: PyValue, depth: number): unknown => {
    switch (v.type) {
      case "none":
        return null;
      case "bool":
        return v.value;
      case "str":
        return v.value;
      case "int":
        return v.value <= SAFE && v.value >= -SAFE
          ? Number(v.value)
          : { t: "int", v: v.value.toString() };
      case "float":
        return { t: "float", v: floatContent(v.value) };
      case "complex":
        return { t: "complex", v: [floatContent(v.real), floatContent(v.imag)] };
      case "bytes":
        return { t: "bytes", v: base64(v.value) };
      case "ellipsis":
        return { t: "ellipsis" };
      default:
        break;
    }
    if (depth >= maxDepth) {
      throw new PythonLiteralError("too-deep", `Value nests deeper than ${maxDepth} levels`);
    }
    switch (v.type) {
      case "list":
        return v.items.map((i) => encode(i, depth + 1));
      case "tuple":
        return { t: "tuple", v: v.items.map((i) => encode(i, depth + 1)) };
      case "set":
        return { t: v.frozen ? "frozenset" : "set", v: v.items.map((i) => encode(i, depth + 1)) };
      case "dict":
        return {
          t: "dict",
          v: v.entries.map(([k, x]) => [encode(k, depth + 1), encode(x, depth + 1)]),
        };
    }
  };
  return encode(value, 0);
}

function floatContent(x: number): number | string {
  if (Number.isNaN(x)) {
    throw new PythonLiteralError("unrepresentable", "NaN has no netconform.pyvalue/v1 encoding");
  }
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (Object.is(x, -0)) return "-0";
  return x;
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
