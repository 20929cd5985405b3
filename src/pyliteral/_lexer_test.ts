import assert from "node:assert/strict";
import { PythonLiteralError } from "./python_literal_error.ts";
import { Lexer, type Token } from "./_lexer.ts";

/** Every token of the text, the end included. */
function tokens(src: string, maxDigits = 4300): Token[] {
  const lexer = new Lexer(src, maxDigits);
  const all = [lexer.current()];
  while (lexer.current().t !== "end") {
    lexer.advance();
    all.push(lexer.current());
  }
  return all;
}

/** The tokens, one short word each: `op(`, `name:x`, `num`, `str`, `nl`, `end`. */
function words(src: string): string[] {
  return tokens(src).map((t) =>
    t.t === "op" ? `op${t.op}` : t.t === "name" ? `name:${t.id}` : t.t === "newline" ? "nl" : t.t
  );
}

function refusal(src: string, maxDigits = 4300): [string, number, string] {
  try {
    tokens(src, maxDigits);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(src)} to be refused`);
}

Deno.test("Lexer reads numbers, strings, names and operators with their positions", () => {
  assert.deepEqual(tokens("{'a': -1.5, b\"x\": None}"), [
    { t: "op", op: "{", at: 0 },
    { t: "str", v: "a", at: 1, f: false },
    { t: "op", op: ":", at: 4 },
    { t: "op", op: "-", at: 6 },
    { t: "num", v: { type: "float", value: 1.5 }, at: 7 },
    { t: "op", op: ",", at: 10 },
    { t: "str", v: new Uint8Array([120]), at: 12, f: false },
    { t: "op", op: ":", at: 16 },
    { t: "name", id: "None", at: 18 },
    { t: "op", op: "}", at: 22 },
    { t: "end", at: 23 },
  ]);
  assert.deepEqual(words("... ** // <= := -> != . ~ ;"), [
    "op...",
    "op**",
    "op//",
    "op<=",
    "op:=",
    "op->",
    "op!=",
    "op.",
    "op~",
    "op;",
    "end",
  ]);
});

Deno.test("Lexer tells string prefixes from names", () => {
  assert.deepEqual(tokens("Rb''"), [{ t: "str", v: new Uint8Array(), at: 0, f: false }, {
    t: "end",
    at: 4,
  }]);
  assert.deepEqual(tokens("F'x'")[0], { t: "str", v: "x", at: 0, f: true });
  assert.deepEqual(tokens("U'x'")[0], { t: "str", v: "x", at: 0, f: false });
  assert.deepEqual(words("ur'a'"), ["name:ur", "str", "end"]);
  assert.deepEqual(words("bb'a'"), ["name:bb", "str", "end"]);
  assert.deepEqual(words("r 'a'"), ["name:r", "str", "end"]);
  assert.deepEqual(words("_x1 .5 1."), ["name:_x1", "num", "num", "end"]);
});

Deno.test("Lexer joins lines inside brackets and after a backslash, and skips comments", () => {
  assert.deepEqual(words("(1,\n 2)"), ["op(", "num", "op,", "num", "op)", "end"]);
  assert.deepEqual(words("[1, # c\n\n  2]"), ["op[", "num", "op,", "num", "op]", "end"]);
  assert.deepEqual(words("1 \\\n + 2"), ["num", "op+", "num", "end"]);
  assert.deepEqual(words("\\\n1"), ["num", "end"]);
  assert.deepEqual(words("1 # c"), ["num", "end"]);
});

Deno.test("Lexer gives one newline per logical line, skipping blank and comment lines", () => {
  assert.deepEqual(words(" \t\n# c\n\f1\n\n  # x\n\n"), ["num", "nl", "end"]);
  assert.deepEqual(tokens("1\n2").map((t) => [t.t, t.at]), [["num", 0], ["newline", 1], [
    "num",
    2,
  ], ["end", 3]]);
  assert.deepEqual(words(""), ["end"]);
  assert.deepEqual(words("  "), ["end"]);
});

Deno.test("Lexer refuses indentation, unmatched closers and stray characters", () => {
  assert.deepEqual(refusal("\n 1"), ["invalid", 2, "Unexpected indent (line 2, column 2)"]);
  assert.deepEqual(refusal("1\n  "), ["invalid", 4, "Unexpected indent (line 2, column 3)"]);
  assert.deepEqual(refusal("[1]]"), ["invalid", 3, 'Unmatched "]" (line 1, column 4)']);
  assert.deepEqual(refusal("1 \u00a0"), [
    "invalid",
    2,
    'Unexpected character "\u00a0" outside a string (line 1, column 3)',
  ]);
  // Other ASCII is an operator token, for the parser to refuse.
  assert.deepEqual(words("1\v$"), ["num", "op\v", "op$", "end"]);
});

Deno.test("Lexer locates a bad line continuation at the token before it", () => {
  assert.deepEqual(refusal("[1, \\x"), [
    "invalid",
    2,
    "Unexpected character after line continuation (line 1, column 3)",
  ]);
  // With no token before it, at the backslash; at the end of the text, at the end.
  assert.equal(refusal("  \\x")[1], 2);
  assert.deepEqual(refusal("\\\n"), [
    "invalid",
    2,
    "Unexpected end of text after line continuation (line 2, column 1)",
  ]);
});

Deno.test("Lexer passes number and string errors through", () => {
  assert.deepEqual(refusal("[123]", 2), [
    "too-many-digits",
    1,
    "Decimal integer of 3 digits is over the limit of 2 (line 1, column 2)",
  ]);
  assert.equal(refusal("[1, 'a")[2], "Unterminated string literal (line 1, column 5)");
  assert.equal(refusal("1_")[2], "Invalid number literal (line 1, column 1)");
});
