import assert from "node:assert/strict";
import { PythonLiteralError } from "./python_literal_error.ts";
import { Lexer } from "./_lexer.ts";
import { type Node, parseNode } from "./_parse_node.ts";

/** The tree in one line: `tuple(1 list())`, `dict(1:'a')`, `(-1 + 2j)`, `call(set)`. */
function shape(node: Node): string {
  const all = (nodes: Node[]) => nodes.map(shape).join(" ");
  switch (node.k) {
    case "const": {
      const v = node.v;
      if (v.type === "int") return String(v.value);
      if (v.type === "float") return `${v.value}f`;
      if (v.type === "complex") return `${v.imag}j`;
      if (v.type === "str") return `'${v.value}'`;
      if (v.type === "bytes") return `b${v.value.length}`;
      if (v.type === "bool") return v.value ? "True" : "False";
      return v.type;
    }
    case "name":
      return node.id;
    case "dict":
      return `dict(${node.keys.map((k, i) => `${shape(k)}:${shape(node.values[i])}`).join(" ")})`;
    case "unary":
      return `${node.op}${shape(node.operand)}`;
    case "binop":
      return `(${shape(node.left)} ${node.op} ${shape(node.right)})`;
    case "call":
      return `call(${shape(node.func)})`;
    default:
      return `${node.k}(${all(node.items)})`;
  }
}

const parse = (src: string, maxDepth = 100) => parseNode(new Lexer(src, 4300), maxDepth);

function refusal(src: string, maxDepth = 100): [string, number, string] {
  try {
    parse(src, maxDepth);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(src)} to be refused`);
}

Deno.test("parseNode() builds constants and containers, with their positions", () => {
  assert.deepEqual(parse("[None, ...]"), {
    k: "list",
    items: [{ k: "const", v: { type: "none" }, at: 1 }, {
      k: "const",
      v: { type: "ellipsis" },
      at: 7,
    }],
    at: 0,
  });
  assert.equal(shape(parse("{1: 'a', 2: [True, ()]}")), "dict(1:'a' 2:list(True tuple()))");
  assert.equal(shape(parse("{1, (2,), x}")), "set(1 tuple(2) x)");
  assert.equal(shape(parse("{}")), "dict()");
  assert.equal(shape(parse("{1:2,}")), "dict(1:2)");
  assert.equal(shape(parse("[1,]")), "list(1)");
  assert.equal(shape(parse("[]")), "list()");
  assert.equal(shape(parse("(1)")), "1");
  assert.equal(shape(parse("(1,)")), "tuple(1)");
});

Deno.test("parseNode() reads a bare tuple, with or without a trailing comma", () => {
  assert.equal(shape(parse("1, 2")), "tuple(1 2)");
  assert.equal(shape(parse("1,")), "tuple(1)");
  assert.equal(shape(parse("1, 2,\n")), "tuple(1 2)");
  assert.equal(parse(" 1, 2").at, 1);
});

Deno.test("parseNode() concatenates adjacent strings of one kind", () => {
  assert.deepEqual(parse("'a' \"b\" '''c'''"), {
    k: "const",
    v: { type: "str", value: "abc" },
    at: 0,
  });
  assert.deepEqual(parse("b'a' B'bc'"), {
    k: "const",
    v: { type: "bytes", value: new Uint8Array([97, 98, 99]) },
    at: 0,
  });
  assert.deepEqual(refusal("['x', b'a' 'b']"), [
    "invalid",
    6,
    "Cannot mix bytes and text literals (line 1, column 7)",
  ]);
  assert.equal(refusal("'a' f'b'")[2], "An f-string is not a literal (line 1, column 1)");
});

Deno.test("parseNode() keeps signs, sums and calls for the conversion to judge", () => {
  assert.equal(shape(parse("-1 + 2j - 3")), "((-1 + 2j) - 3)");
  assert.equal(shape(parse("+(1j)")), "+1j");
  assert.equal(shape(parse("set()")), "call(set)");
  assert.equal(shape(parse("(set)( )")), "call(set)");
  assert.equal(shape(parse("x()()")), "call(call(x))");
  assert.equal(shape(parse("'a' + b")), "('a' + b)");
});

Deno.test("parseNode() refuses what is not a literal's syntax", () => {
  const cases: [string, number, string][] = [
    ["", 0, "Text holds no expression"],
    ["1 2", 2, "Unexpected text after the literal"],
    ["1\n2", 2, "Unexpected text after the literal"],
    ["[1, 2", 5, 'Expected "]"'],
    ["{1: 2, 3}", 8, 'Expected ":"'],
    ["(1 2)", 3, 'Expected ")"'],
    ["--1", 1, "Only one sign is allowed before a number"],
    ["~1", 0, 'Operator "~" is not allowed in a literal'],
    ["set(1)", 3, "Only set() can be called in a literal"],
    ["[1][0]", 3, "Subscripts and attributes are not allowed in a literal"],
    ["x.y", 1, "Subscripts and attributes are not allowed in a literal"],
    ["[*a]", 1, 'Unexpected "*" in a literal'],
    ["1 +", 3, "Unexpected end of the literal"],
  ];
  for (const [src, index, message] of cases) {
    const [code, at, text] = refusal(src);
    assert.deepEqual([code, at, text.replace(/ \(line .*$/, "")], ["invalid", index, message], src);
  }
});

Deno.test("parseNode() refuses nesting deeper than maxDepth as soon as it is entered", () => {
  assert.equal(shape(parse("[[({1: {2}})]]", 5)), "list(list(dict(1:set(2))))");
  assert.deepEqual(refusal("[[({1: {2}})]]", 4), [
    "too-deep",
    7,
    "Nesting deeper than 4 levels (line 1, column 8)",
  ]);
  // Only open brackets count: siblings do not add up.
  assert.equal(shape(parse("[[], [], []]", 2)), "list(list() list() list())");
  // Entered before the rest is read: an unterminated text is refused for depth first.
  assert.equal(refusal("[".repeat(100_000))[0], "too-deep");
});
