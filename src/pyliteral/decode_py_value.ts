import type { PyValue } from "./py_value.ts";

/** Options of {@linkcode decodePyValue}. */
export interface DecodePyValueOptions {
  /**
   * Deepest nesting decoded; a deeper tree is refused.
   *
   * @default 1000
   */
  maxDepth?: number;
}

const TAGGED = new Set([
  "int",
  "float",
  "complex",
  "bytes",
  "ellipsis",
  "tuple",
  "set",
  "frozenset",
  "dict",
]);

/**
 * Decode a `netconform.pyvalue/v1` tagged tree (what `encodePyValue` makes) back
 * into a Python value: the inverse of the encoder, for tests and for tools that read what the
 * kit sent. Checks the tree's shape; it does not check that set items and dict keys are
 * hashable or distinct (the Python side does).
 *
 * @example Decode a tuple of a huge int and a frozenset
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodePyValue } from "./decode_py_value.ts";
 *
 * const value = decodePyValue({ t: "tuple", v: [{ t: "int", v: "1" + "0".repeat(30) }, { t: "frozenset", v: ["a"] }] });
 * assert.deepEqual(value, {
 *   type: "tuple",
 *   items: [{ type: "int", value: 10n ** 30n }, { type: "set", frozen: true, items: [{ type: "str", value: "a" }] }],
 * });
 * ```
 *
 * @param tree The tagged tree (JSON data).
 * @param options `maxDepth`.
 * @returns The Python value.
 * @throws {TypeError} When the tree is not a `netconform.pyvalue/v1` value, or nests deeper
 *   than `maxDepth`.
 */
export function decodePyValue(tree: unknown, options: DecodePyValueOptions = {}): PyValue {
  const maxDepth = options.maxDepth ?? 1000;
  const decode = (t: unknown, depth: number): PyValue => {
    if (depth > maxDepth) throw new TypeError(`The tree nests deeper than ${maxDepth} levels`);
    if (t === null) return { type: "none" };
    if (typeof t === "boolean") return { type: "bool", value: t };
    if (typeof t === "string") return { type: "str", value: t };
    if (typeof t === "number") {
      if (!Number.isSafeInteger(t)) {
        throw new TypeError(`The untagged number ${t} is not an int within 2^53 - 1`);
      }
      return { type: "int", value: BigInt(t) };
    }
    if (Array.isArray(t)) return { type: "list", items: t.map((x) => decode(x, depth + 1)) };
    if (typeof t !== "object") throw new TypeError(`A ${typeof t} is not a tagged value`);
    const { t: tag, v } = t as { t?: unknown; v?: unknown };
    if (typeof tag !== "string" || !TAGGED.has(tag)) {
      throw new TypeError(`An object with the tag ${JSON.stringify(tag)} is not a tagged value`);
    }
    const items = () => {
      if (!Array.isArray(v)) throw new TypeError(`A "${tag}" holds no array`);
      return v.map((x) => decode(x, depth + 1));
    };
    switch (tag) {
      case "int":
        if (typeof v !== "string" || !/^-?(0|[1-9][0-9]*)$/.test(v)) {
          throw new TypeError(`An "int" holds ${JSON.stringify(v)}, not decimal digits`);
        }
        return { type: "int", value: BigInt(v) };
      case "float":
        return { type: "float", value: floatOf(v) };
      case "complex":
        if (!Array.isArray(v) || v.length !== 2) throw new TypeError('A "complex" holds no pair');
        return { type: "complex", real: floatOf(v[0]), imag: floatOf(v[1]) };
      case "bytes": {
        if (typeof v !== "string") throw new TypeError('A "bytes" holds no base64 text');
        const binary = atob(v);
        return { type: "bytes", value: Uint8Array.from(binary, (c) => c.charCodeAt(0)) };
      }
      case "ellipsis":
        return { type: "ellipsis" };
      case "tuple":
        return { type: "tuple", items: items() };
      case "set":
        return { type: "set", items: items() };
      case "frozenset":
        return { type: "set", frozen: true, items: items() };
      default: {
        if (!Array.isArray(v)) throw new TypeError('A "dict" holds no array of pairs');
        return {
          type: "dict",
          entries: v.map((pair): [PyValue, PyValue] => {
            if (!Array.isArray(pair) || pair.length !== 2) {
              throw new TypeError('A "dict" entry is not a [key, value] pair');
            }
            return [decode(pair[0], depth + 1), decode(pair[1], depth + 1)];
          }),
        };
      }
    }
  };
  return decode(tree, 0);
}

function floatOf(v: unknown): number {
  if (typeof v === "number") return v;
  if (v === "inf") return Infinity;
  if (v === "-inf") return -Infinity;
  if (v === "-0") return -0;
  throw new TypeError(`A float holds ${JSON.stringify(v)}`);
}
