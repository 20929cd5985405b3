import assert from "node:assert/strict";
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { convertNode } from "./_convert_node.ts";
import type { Node } from "./_parse_node.ts";

const c = (v: PyValue, at = 0): Node => ({ k: "const", v, at });
const int = (n: number | bigint): PyValue => ({ type: "int", value: BigInt(n) });
const float = (value: number): PyValue => ({ type: "float", value });
const cx = (real: number, imag: number): PyValue => ({ type: "complex", real, imag });
const str = (value: string): PyValue => ({ type: "str", value });
const neg = (operand: Node, at = 0): Node => ({ k: "unary", op: "-", operand, at });
const list = (...items: Node[]): Node => ({ k: "list", items, at: 0 });

function refusal(node: Node, src = "x".repeat(20)): [string, number, string] {
  try {
    convertNode(node, src);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail("expected a refusal");
}

Deno.test("convertNode() converts constants and containers as they are", () => {
  assert.deepEqual(convertNode(c(str("a")), ""), str("a"));
  assert.deepEqual(
    convertNode({ k: "tuple", items: [c(int(1)), list(c({ type: "none" }))], at: 0 }, ""),
    { type: "tuple", items: [int(1), { type: "list", items: [{ type: "none" }] }] },
  );
  assert.deepEqual(convertNode({ k: "call", func: { k: "name", id: "set", at: 0 }, at: 3 }, ""), {
    type: "set",
    items: [],
  });
});

Deno.test("convertNode() gives sets and dicts Python's equality, keeping the first", () => {
  assert.deepEqual(
    convertNode({
      k: "set",
      items: [c(int(1)), c(float(1)), c({ type: "bool", value: true })],
      at: 0,
    }, ""),
    { type: "set", items: [int(1)] },
  );
  assert.deepEqual(
    convertNode({
      k: "dict",
      keys: [c(int(0)), c(float(-0))],
      values: [c(str("a")), c(str("b"))],
      at: 0,
    }, ""),
    { type: "dict", entries: [[int(0), str("b")]] },
  );
});

Deno.test("convertNode() refuses unhashable set items and dict keys where they are", () => {
  assert.deepEqual(
    refusal({ k: "set", items: [c(int(1)), { k: "list", items: [], at: 5 }], at: 0 }),
    [
      "invalid",
      5,
      "Unhashable set item (line 1, column 6)",
    ],
  );
  const key: Node = {
    k: "tuple",
    items: [c(int(1)), { k: "dict", keys: [], values: [], at: 9 }],
    at: 7,
  };
  assert.deepEqual(refusal({ k: "dict", keys: [key], values: [c(int(2))], at: 0 }), [
    "invalid",
    7,
    "Unhashable dict key (line 1, column 8)",
  ]);
});

Deno.test("convertNode() takes one sign on a number only", () => {
  assert.deepEqual(convertNode(neg(c(int(5))), ""), int(-5));
  assert.deepEqual(convertNode(neg(c(float(0))), ""), float(-0));
  assert.deepEqual(convertNode(neg(c(cx(0, 2))), ""), cx(-0, -2));
  assert.deepEqual(
    convertNode({ k: "unary", op: "+", operand: c(float(1.5)), at: 0 }, ""),
    float(1.5),
  );
  for (
    const operand of [
      c({ type: "bool", value: true }, 1),
      c(str("a"), 1),
      list(),
      neg(c(int(1)), 1),
    ]
  ) {
    assert.deepEqual(refusal(neg(operand)).slice(0, 2), ["invalid", operand.at]);
  }
  assert.equal(
    refusal({ k: "name", id: "x", at: 2 })[2],
    "Malformed node or string: not a literal (line 1, column 3)",
  );
});

Deno.test("convertNode() adds or subtracts a real and an imaginary number, as CPython does", () => {
  const binop = (op: "+" | "-", left: Node, right: Node): Node => ({
    k: "binop",
    op,
    left,
    right,
    at: 4,
  });
  assert.deepEqual(convertNode(binop("+", c(int(1)), c(cx(0, 2))), ""), cx(1, 2));
  assert.deepEqual(convertNode(binop("-", neg(c(float(1))), c(cx(0, 2))), ""), cx(-1, -2));
  // 0 - 0j: the real part becomes complex(0, 0.0), so the imaginary part is 0.0 - 0.0 = 0.0.
  assert.ok(
    Object.is((convertNode(binop("-", c(int(0)), c(cx(0, 0))), "") as { imag: number }).imag, 0),
  );
  assert.deepEqual(convertNode(binop("+", c(float(Infinity)), c(cx(0, 1))), ""), cx(Infinity, 1));
  // Refused at the node that is not a number, or at the sum itself.
  const cases: [Node, number][] = [
    [binop("+", c(int(1)), c(int(2))), 4],
    [binop("+", c(cx(0, 1)), c(cx(0, 2))), 4],
    [binop("+", c(int(1)), neg(c(cx(0, 1)), 6)), 6],
    [binop("+", c(int(1)), c(str("j"), 7)), 7],
    [binop("+", binop("+", c(int(1)), c(cx(0, 1))), c(cx(0, 1))), 4],
  ];
  for (const [bad, at] of cases) {
    assert.deepEqual(refusal(bad).slice(0, 2), ["invalid", at]);
  }
  assert.deepEqual(refusal(binop("+", c(int(10n ** 400n)), c(cx(0, 1)))), [
    "invalid",
    4,
    "Integer too large to convert to float (line 1, column 5)",
  ]);
});
