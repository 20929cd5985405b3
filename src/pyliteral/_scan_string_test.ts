import assert from "node:assert/strict";
import { PythonLiteralError } from "./python_literal_error.ts";
import { scanString } from "./_scan_string.ts";

const ascii = (text: string) => new TextEncoder().encode(text);

function refusal(src: string, prefix = ""): [string, number, string] {
  try {
    scanString(src, prefix.length, prefix, 0);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(src)} to be refused`);
}

Deno.test("scanString() reads single and triple quotes and ends past the closing quote", () => {
  assert.deepEqual(scanString("'a\"b' + 1", 0, "", 0), { value: 'a"b', end: 5 });
  assert.deepEqual(scanString('"a\'b"', 0, "", 0), { value: "a'b", end: 5 });
  assert.deepEqual(scanString("''", 0, "", 0), { value: "", end: 2 });
  assert.deepEqual(scanString("''''''", 0, "", 0), { value: "", end: 6 });
  assert.deepEqual(scanString("'''a\n'b''c'''", 0, "", 0), { value: "a\n'b''c", end: 13 });
  assert.deepEqual(scanString("'''a\\''''", 0, "", 0), { value: "a'", end: 9 });
  assert.deepEqual(scanString("u'é'", 1, "u", 0), { value: "é", end: 4 });
});

Deno.test("scanString() decodes escapes unless raw", () => {
  assert.deepEqual(scanString("'\\x41\\n\\q\\\nz'", 0, "", 0).value, "A\n\\qz");
  assert.deepEqual(scanString("r'\\x41\\''", 1, "r", 0), { value: "\\x41\\'", end: 9 });
  assert.deepEqual(scanString("R'\\\n'", 1, "r", 0).value, "\\\n");
  assert.deepEqual(scanString("f'{x}\\t'", 1, "f", 0).value, "{x}\t");
});

Deno.test("scanString() makes bytes of ASCII text and escapes", () => {
  assert.deepEqual(scanString("b'a\\x00\\xff\\u1234'", 1, "b", 0), {
    value: new Uint8Array([97, 0, 255, ...ascii("\\u1234")]),
    end: 18,
  });
  assert.deepEqual(scanString("rb'\\x'", 2, "rb", 0).value, ascii("\\x"));
  assert.deepEqual(scanString("b''", 1, "b", 0).value, new Uint8Array());
});

Deno.test("scanString() refuses unterminated literals at their start", () => {
  for (const bad of ["'abc", "'a\nb'", "'''a''", "'\\", "'a\\'", "'''\n"]) {
    assert.deepEqual(
      refusal(bad),
      ["invalid", 0, "Unterminated string literal (line 1, column 1)"],
      JSON.stringify(bad),
    );
  }
  // The prefix is where the literal starts.
  assert.equal(refusal("rb'\\", "rb")[1], 0);
});

Deno.test("scanString() refuses a character over ASCII in bytes where it is", () => {
  assert.deepEqual(refusal("b'ab\xe9'", "b"), [
    "invalid",
    4,
    "Bytes can only contain ASCII literal characters (line 1, column 5)",
  ]);
  assert.equal(refusal("br'\\\xe9'", "br")[1], 4);
  assert.deepEqual(scanString("'ab\xe9'", 0, "", 0).value, "ab\xe9");
});
