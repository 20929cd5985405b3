// ast.literal_eval's _convert: which trees are literals, and their values.
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { dedupeEntries, dedupeItems, isHashable } from "./_py_equal.ts";
import type { Node } from "./_parse_node.ts";

/**
 * Convert a syntax tree to its value as `ast.literal_eval`'s `_convert` does: constants and
 * containers as they are, `set()` as the empty set, one sign on a number, `real ± imag` with
 * a complex right operand; sets and dicts refuse unhashable items and keep the first of equal
 * ones.
 *
 * @param node The tree.
 * @param src The text the tree was parsed from, to locate errors.
 * @returns The value.
 * @throws {PythonLiteralError} `invalid` on a node that is not a literal, an unhashable set
 *   item or dict key, an int too large for a float in `int ± complex`.
 */
export function convertNode(node: Node, src: string): PyValue {
  switch (node.k) {
    case "const":
      return node.v;
    case "tuple":
      return { type: "tuple", items: node.items.map((n) => convertNode(n, src)) };
    case "list":
      return { type: "list", items: node.items.map((n) => convertNode(n, src)) };
    case "set": {
      const items = node.items.map((n) => convertNode(n, src));
      const bad = items.findIndex((v) => !isHashable(v));
      if (bad >= 0) fail(src, "Unhashable set item", node.items[bad].at);
      return { type: "set", items: dedupeItems(items) };
    }
    case "call":
      if (node.func.k === "name" && node.func.id === "set") return { type: "set", items: [] };
      return malformed(node, src);
    case "dict": {
      const keys = node.keys.map((n) => convertNode(n, src));
      const values = node.values.map((n) => convertNode(n, src));
      const bad = keys.findIndex((v) => !isHashable(v));
      if (bad >= 0) fail(src, "Unhashable dict key", node.keys[bad].at);
      return { type: "dict", entries: dedupeEntries(keys.map((k, i) => [k, values[i]])) };
    }
    case "binop": {
      const left = convertSignedNum(node.left, src);
      const right = convertNum(node.right, src);
      if ((left.type === "int" || left.type === "float") && right.type === "complex") {
        // CPython: the real operand becomes complex(x, 0.0), then parts add or subtract.
        const x = left.type === "int" ? Number(left.value) : left.value;
        if (!Number.isFinite(x) && left.type === "int") {
          fail(src, "Integer too large to convert to float", node.at);
        }
        return node.op === "+"
          ? { type: "complex", real: x + right.real, imag: 0 + right.imag }
          : { type: "complex", real: x - right.real, imag: 0 - right.imag };
      }
      return malformed(node, src);
    }
    default:
      return convertSignedNum(node, src);
  }
}

/** A number with at most one sign, as `_convert_signed_num` reads it. */
function convertSignedNum(node: Node, src: string): PyValue {
  if (node.k === "unary") {
    const v = convertNum(node.operand, src);
    if (node.op === "+") return v;
    if (v.type === "int") return { type: "int", value: -v.value };
    if (v.type === "float") return { type: "float", value: -v.value };
    const c = v as { real: number; imag: number };
    return { type: "complex", real: -c.real, imag: -c.imag };
  }
  return convertNum(node, src);
}

/** A number constant, as `_convert_num` reads it. */
function convertNum(node: Node, src: string): PyValue {
  if (node.k !== "const" || !["int", "float", "complex"].includes(node.v.type)) {
    malformed(node, src);
  }
  return (node as { v: PyValue }).v;
}

function malformed(node: Node, src: string): never {
  fail(src, "Malformed node or string: not a literal", node.at);
}

function fail(src: string, message: string, at: number): never {
  throw new PythonLiteralError("invalid", message, { text: src, index: at });
}
