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
  const fail = (message: string, at: number): never => {
    throw new PythonLiteralError("invalid", message, { text: src, index: at });
  };
  const malformed = (node: Node): never => fail("Malformed node or string: not a literal", node.at);
  const convertNum = (node: Node): PyValue => {
    if (node.k !== "const" || !["int", "float", "complex"].includes(node.v.type)) {
      malformed(node);
    }
    return (node as { v: PyValue }).v;
  };
  const convertSignedNum = (node: Node): PyValue => {
    if (node.k === "unary") {
      const v = convertNum(node.operand);
      if (node.op === "+") return v;
      if (v.type === "int") return { type: "int", value: -v.value };
      if (v.type === "float") return { type: "float", value: -v.value };
      const c = v as { real: number; imag: number };
      return { type: "complex", real: -c.real, imag: -c.imag };
    }
    return convertNum(node);
  };
  const convert = (node: Node): PyValue => {
    switch (node.k) {
      case "const":
        return node.v;
      case "tuple":
        return { type: "tuple", items: node.items.map(convert) };
      case "list":
        return { type: "list", items: node.items.map(convert) };
      case "set": {
        const items = node.items.map(convert);
        const bad = items.findIndex((v) => !isHashable(v));
        if (bad >= 0) fail("Unhashable set item", node.items[bad].at);
        return { type: "set", items: dedupeItems(items) };
      }
      case "call":
        if (node.func.k === "name" && node.func.id === "set") return { type: "set", items: [] };
        return malformed(node);
      case "dict": {
        const keys = node.keys.map(convert);
        const values = node.values.map(convert);
        const bad = keys.findIndex((v) => !isHashable(v));
        if (bad >= 0) fail("Unhashable dict key", node.keys[bad].at);
        return { type: "dict", entries: dedupeEntries(keys.map((k, i) => [k, values[i]])) };
      }
      case "binop": {
        const left = convertSignedNum(node.left);
        const right = convertNum(node.right);
        if ((left.type === "int" || left.type === "float") && right.type === "complex") {
          // CPython: the real operand becomes complex(x, 0.0), then parts add or subtract.
          const x = left.type === "int" ? Number(left.value) : left.value;
          if (!Number.isFinite(x) && left.type === "int") {
            fail("Integer too large to convert to float", node.at);
          }
          return node.op === "+"
            ? { type: "complex", real: x + right.real, imag: 0 + right.imag }
            : { type: "complex", real: x - right.real, imag: 0 - right.imag };
        }
        return malformed(node);
      }
      default:
        return convertSignedNum(node);
    }
  };
  return convert(node);
}
