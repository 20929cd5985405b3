import assert from "node:assert/strict";
import { parsePythonLiteral } from "./parse_python_literal.ts";
import { pythonToJson } from "./python_to_json.ts";

const map = (text: string) => pythonToJson(parsePythonLiteral(text));

Deno.test("pythonToJson() maps what JSON cannot hold, as documented", () => {
  assert.deepEqual(map("(1, [2], ())"), [1, [2], []]);
  assert.deepEqual(map(String(2n ** 53n - 1n)), 9007199254740991);
  assert.deepEqual(map(String(2n ** 53n)), "9007199254740992");
  assert.deepEqual(map("-" + "9".repeat(30)), "-" + "9".repeat(30));
  assert.deepEqual(map("[1e999, -1e999, -0.0]"), ["inf", "-inf", -0]);
  assert.deepEqual(map("1-2j"), { real: 1, imag: -2 });
  assert.deepEqual(map("b'caf\\xc3\\xa9 \\xff'"), "café \ufffd");
  assert.deepEqual(map("..."), "Ellipsis");
});

Deno.test("pythonToJson() lists a set's items in the kit's total order", () => {
  assert.deepEqual(
    map("{'b', 'a', 'é', '😀', '\\uffff', 2.5, 1, -1j, None, b'z', (1, 'x'), (1,), ..., True}"),
    [
      null,
      { real: -0, imag: -1 },
      1,
      2.5,
      "a",
      "b",
      "é",
      "\uffff",
      "😀",
      "z",
      [1],
      [1, "x"],
      "Ellipsis",
    ],
  );
});

Deno.test("pythonToJson() writes dict keys as json.dumps does, __proto__ as a plain key", () => {
  const value = map(
    "{1: 'i', 1.5: 'f', None: 'n', False: 'b', (1, 2): 't', '__proto__': {'x': 1}}",
  ) as Record<
    string,
    unknown
  >;
  assert.deepEqual(Object.keys(value), ["1", "1.5", "null", "false", "[1,2]", "__proto__"]);
  assert.deepEqual(Object.getOwnPropertyDescriptor(value, "__proto__")?.value, { x: 1 });
  assert.equal(Object.getPrototypeOf(value), Object.prototype);
  assert.equal(JSON.stringify(value).includes('"__proto__":{"x":1}'), true);
});
