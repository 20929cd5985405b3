import assert from "node:assert/strict";
import { PythonLiteralError } from "./python_literal_error.ts";
import { decodeEscape } from "./_decode_escape.ts";

function refusal(src: string, bytes: boolean): [string, number, string] {
  try {
    decodeEscape(src, src.indexOf("\\"), bytes);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(src)} to be refused`);
}

Deno.test("decodeEscape() decodes the simple escapes and drops a backslash-newline", () => {
  const cases: [string, string][] = [
    ["\\\\", "\\"],
    ["\\'", "'"],
    ['\\"', '"'],
    ["\\a", "\x07"],
    ["\\b", "\b"],
    ["\\f", "\f"],
    ["\\n", "\n"],
    ["\\r", "\r"],
    ["\\t", "\t"],
    ["\\v", "\v"],
    ["\\\n", ""],
  ];
  for (const [src, text] of cases) {
    assert.deepEqual(decodeEscape("x" + src + "y", 1, false), { text, end: 3 }, src);
    assert.deepEqual(decodeEscape("x" + src + "y", 1, true), { text, end: 3 }, src);
  }
});

Deno.test("decodeEscape() reads one to three octal digits", () => {
  assert.deepEqual(decodeEscape("\\0", 0, false), { text: "\0", end: 2 });
  assert.deepEqual(decodeEscape("\\12'", 0, false), { text: "\n", end: 3 });
  assert.deepEqual(decodeEscape("\\1018", 0, false), { text: "A", end: 4 });
  assert.deepEqual(decodeEscape("\\777", 0, false), { text: "\u01ff", end: 4 });
  assert.deepEqual(decodeEscape("\\377", 0, true), { text: "\xff", end: 4 });
  assert.deepEqual(refusal("\\400", true), [
    "unsupported",
    0,
    'Octal escape "\\400" over \\377 in bytes (line 1, column 1)',
  ]);
});

Deno.test("decodeEscape() reads \\x in both, \\u and \\U in strings only", () => {
  assert.deepEqual(decodeEscape("\\x4aZ", 0, false), { text: "J", end: 4 });
  assert.deepEqual(decodeEscape("\\xFF", 0, true), { text: "\xff", end: 4 });
  assert.deepEqual(decodeEscape("\\u00e9", 0, false), { text: "é", end: 6 });
  assert.deepEqual(decodeEscape("\\ud800", 0, false), { text: "\ud800", end: 6 });
  assert.deepEqual(decodeEscape("\\U0001F600", 0, false), { text: "😀", end: 10 });
  assert.deepEqual(decodeEscape("\\u00e9", 0, true), { text: "\\", end: 1 });
  assert.deepEqual(decodeEscape("\\U0001F600", 0, true), { text: "\\", end: 1 });
});

Deno.test("decodeEscape() refuses truncated hex escapes and code points over U+10FFFF", () => {
  assert.deepEqual(refusal("'\\x4'", false), [
    "invalid",
    1,
    "Truncated \\xXX escape (line 1, column 2)",
  ]);
  assert.equal(refusal("\\xg0", true)[2], "Truncated \\xXX escape (line 1, column 1)");
  assert.equal(refusal("\\u12", false)[2], "Truncated \\u escape (line 1, column 1)");
  assert.equal(refusal("\\U0000004", false)[2], "Truncated \\U escape (line 1, column 1)");
  assert.equal(
    refusal("\\U00110000", false)[2],
    'Illegal Unicode character in "\\U00110000" (line 1, column 1)',
  );
});

Deno.test("decodeEscape() keeps the backslash of an unknown escape; \\N is unsupported in strings", () => {
  assert.deepEqual(decodeEscape("\\q", 0, false), { text: "\\", end: 1 });
  assert.deepEqual(decodeEscape("\\8", 0, false), { text: "\\", end: 1 });
  assert.deepEqual(decodeEscape("\\N{BULLET}", 0, true), { text: "\\", end: 1 });
  assert.deepEqual(refusal("\\N{BULLET}", false), [
    "unsupported",
    0,
    'The kit does not decode "\\N{...}" escapes (line 1, column 1)',
  ]);
});
