import assert from "node:assert/strict";
import { PythonLiteralError } from "./python_literal_error.ts";
import { prepareSource } from "./_prepare_source.ts";

function refusal(text: string): [string, number, string] {
  try {
    prepareSource(text);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(text)} to be refused`);
}

Deno.test("prepareSource() turns every line break into \\n and keeps the rest", () => {
  assert.equal(prepareSource("a\r\nb\rc\nd"), "a\nb\nc\nd");
  assert.equal(prepareSource("\r\r\n\n"), "\n\n\n");
  assert.equal(prepareSource("x\ty\f😀"), "x\ty\f😀");
  assert.equal(prepareSource(""), "");
});

Deno.test("prepareSource() refuses a NUL where it is, in the original text", () => {
  assert.deepEqual(refusal("ab\0"), [
    "invalid",
    2,
    "Text contains a NUL character (line 1, column 3)",
  ]);
  // Located before line breaks are translated: \r\n counts as two code units.
  assert.deepEqual(refusal("1\r\n\0")[1], 3);
});

Deno.test("prepareSource() refuses the first lone surrogate, not a pair", () => {
  assert.deepEqual(refusal("😀\ud800"), [
    "invalid",
    2,
    "Text contains a lone surrogate (line 1, column 3)",
  ]);
  assert.equal(refusal("a\udc00\ud800")[1], 1);
  assert.equal(refusal("\ud800a")[1], 0);
  assert.equal(refusal("\ud800\ud800\udc00")[1], 0);
  assert.equal(refusal("\ud800\udc00\udc00")[1], 2);
  // A NUL is reported first, wherever it is.
  assert.equal(refusal("\ud800\0")[2], "Text contains a NUL character (line 1, column 2)");
});
