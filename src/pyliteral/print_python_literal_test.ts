import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../core/seed.ts";
import { parsePythonLiteral } from "./parse_python_literal.ts";
import { printPythonLiteral } from "./print_python_literal.ts";
import { pyValueArbitrary } from "./py_value_arbitrary.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import type { PyValue } from "./py_value.ts";

const seed = resolveSeed();

Deno.test(`printPythonLiteral() round-trips: parse(print(v)) equals v (seed ${seed})`, () => {
  fc.assert(
    fc.property(pyValueArbitrary(), (value) => {
      const text = printPythonLiteral(value);
      assert.deepStrictEqual(parsePythonLiteral(text, { maxDepth: 1000 }), value, text);
    }),
    { seed, numRuns: 1000 },
  );
});

Deno.test("printPythonLiteral() prints like Python's repr()", () => {
  const cases: [PyValue, string][] = [
    [{ type: "float", value: 1 }, "1.0"],
    [{ type: "float", value: 1e16 }, "1e+16"],
    [{ type: "float", value: 1e-5 }, "1e-05"],
    [{ type: "float", value: 0.0001 }, "0.0001"],
    [{ type: "float", value: -0 }, "-0.0"],
    [{ type: "float", value: 123456789012345680000 }, "1.2345678901234568e+20"],
    [{ type: "float", value: Infinity }, "1e999"],
    [{ type: "complex", real: 0, imag: 2 }, "2.0j"],
    [{ type: "complex", real: 1, imag: -2 }, "(1.0-2.0j)"],
    [{ type: "str", value: "it's" }, `"it's"`],
    [{ type: "str", value: "a\0\n\ud800" }, "'a\\x00\\n\\ud800'"],
    [{ type: "tuple", items: [{ type: "none" }] }, "(None,)"],
    [{ type: "set", items: [] }, "set()"],
  ];
  for (const [value, text] of cases) assert.equal(printPythonLiteral(value), text);
  const huge = 10n ** 5000n;
  assert.equal(printPythonLiteral({ type: "int", value: huge }), `0x${huge.toString(16)}`);
});

Deno.test("printPythonLiteral() refuses values no literal expresses", () => {
  for (
    const value of [
      { type: "float", value: NaN },
      { type: "complex", real: 1, imag: -0 },
      { type: "complex", real: -0, imag: 1 },
    ] as PyValue[]
  ) {
    assert.throws(() => printPythonLiteral(value), {
      name: "PythonLiteralError",
      code: "unrepresentable",
    });
  }
  let deep: PyValue = { type: "none" };
  for (let i = 0; i < 2000; i++) deep = { type: "list", items: [deep] };
  assert.throws(
    () => printPythonLiteral(deep),
    (e: unknown) => e instanceof PythonLiteralError && e.code === "too-deep",
  );
});
