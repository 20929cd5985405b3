import assert from "node:assert/strict";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { decodePyValue } from "./decode_py_value.ts";
import { encodePyValue } from "./encode_py_value.ts";
import { parsePythonLiteral } from "./parse_python_literal.ts";
import { PythonArgument } from "./python_argument.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { pyValueArbitrary } from "./py_value_arbitrary.ts";
import { resolveSeed } from "../core/seed.ts";
import pyvalueSchema from "../protocol/pyvalue.schema.json" with { type: "json" };

const seed = resolveSeed();
console.log(`encode_py_value_test seed: ${seed}`);
const validate = new Ajv2020({ strict: true }).compile(pyvalueSchema);

Deno.test("encodePyValue() and decodePyValue() round-trip every Python value, within the schema", () => {
  fc.assert(
    fc.property(pyValueArbitrary({ maxDepth: 4 }), (value) => {
      const tree = encodePyValue(value);
      assert.ok(validate(tree), JSON.stringify(validate.errors));
      // Through JSON text, as the protocol carries it.
      assert.deepEqual(decodePyValue(JSON.parse(JSON.stringify(tree))), value);
    }),
    { seed, numRuns: 300 },
  );
});

Deno.test("encodePyValue() tags what JSON would blur: floats, huge ints, frozensets", () => {
  assert.deepEqual(encodePyValue(parsePythonLiteral("[1.0, 1, -0.0, 1e999, -1e999]")), [
    { t: "float", v: 1 },
    1,
    { t: "float", v: "-0" },
    { t: "float", v: "inf" },
    { t: "float", v: "-inf" },
  ]);
  assert.deepEqual(encodePyValue({ type: "int", value: 2n ** 53n }), {
    t: "int",
    v: "9007199254740992",
  });
  assert.deepEqual(encodePyValue({ type: "int", value: -(2n ** 53n) + 1n }), -9007199254740991);
  assert.deepEqual(encodePyValue({ type: "set", frozen: true, items: [] }), {
    t: "frozenset",
    v: [],
  });
  assert.deepEqual(encodePyValue(parsePythonLiteral("(..., 1j)")), {
    t: "tuple",
    v: [{ t: "ellipsis" }, { t: "complex", v: [0, 1] }],
  });
});

Deno.test("encodePyValue() refuses NaN and what nests past its bound", () => {
  assert.throws(
    () => encodePyValue({ type: "float", value: NaN }),
    (e) => e instanceof PythonLiteralError && e.code === "unrepresentable",
  );
  let deep = parsePythonLiteral("1");
  for (let i = 0; i < 20; i++) deep = { type: "tuple", items: [deep] };
  assert.throws(
    () => encodePyValue(deep, { maxDepth: 10 }),
    (e) => e instanceof PythonLiteralError && e.code === "too-deep",
  );
  assert.ok(encodePyValue(deep, { maxDepth: 21 }));
});

Deno.test("decodePyValue() refuses what is not a tagged tree", () => {
  for (
    const bad of [1.5, { t: "x" }, { t: "int", v: "01" }, { t: "dict", v: [[1]] }, {
      t: "float",
      v: "nan",
    }, undefined]
  ) {
    assert.throws(() => decodePyValue(bad), TypeError, JSON.stringify(bad));
  }
  assert.throws(() => decodePyValue([[[1]]], { maxDepth: 2 }), /deeper than 2/);
});

Deno.test("PythonArgument shows as {$python: literal} in JSON, cut when long", () => {
  const huge = new PythonArgument({ type: "int", value: 10n ** 5000n });
  assert.match(JSON.stringify(huge), /^\{"\$python":"0x[0-9a-f]+"\}$/);
  const frozen = new PythonArgument({
    type: "set",
    frozen: true,
    items: [{ type: "str", value: "a" }],
  });
  assert.equal(String(frozen), "frozenset({'a'})");
  const long = new PythonArgument({ type: "str", value: "x".repeat(100_000) });
  assert.match(String(long), /\.\.\. \(100002 characters\)$/);
  assert.match(String(new PythonArgument({ type: "float", value: NaN })), /^<a Python value/);
});
