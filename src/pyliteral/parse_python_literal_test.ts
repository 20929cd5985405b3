import assert from "node:assert/strict";
import { parsePythonLiteral } from "./parse_python_literal.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import type { PyValue } from "./py_value.ts";

const int = (n: number | bigint): PyValue => ({ type: "int", value: BigInt(n) });
const str = (value: string): PyValue => ({ type: "str", value });

function code(text: string, options = {}): string {
  try {
    parsePythonLiteral(text, options);
    return "accepted";
  } catch (error) {
    if (!(error instanceof PythonLiteralError)) throw error;
    return error.code;
  }
}

Deno.test("parsePythonLiteral() reads the shapes legacy tools print", () => {
  assert.deepEqual(
    parsePythonLiteral("[{'device_name': 'R1', 'status': 'success', 'output': 'ok\\n'}]"),
    {
      type: "list",
      items: [{
        type: "dict",
        entries: [
          [str("device_name"), str("R1")],
          [str("status"), str("success")],
          [str("output"), str("ok\n")],
        ],
      }],
    },
  );
  assert.deepEqual(parsePythonLiteral("(1, 'a')"), { type: "tuple", items: [int(1), str("a")] });
  assert.deepEqual(parsePythonLiteral("{True: None}"), {
    type: "dict",
    entries: [[{ type: "bool", value: true }, { type: "none" }]],
  });
  assert.deepEqual(parsePythonLiteral("b'\\x00\\xff'"), {
    type: "bytes",
    value: new Uint8Array([0, 255]),
  });
  assert.deepEqual(parsePythonLiteral("set()"), { type: "set", items: [] });
  assert.deepEqual(parsePythonLiteral("..."), { type: "ellipsis" });
});

Deno.test("parsePythonLiteral() follows Python's number grammar and arithmetic", () => {
  assert.deepEqual(
    parsePythonLiteral("123456789012345678901234567890"),
    int(123456789012345678901234567890n),
  );
  assert.deepEqual(parsePythonLiteral("0x_1F"), int(31));
  assert.deepEqual(parsePythonLiteral("-0o17"), int(-15));
  assert.deepEqual(parsePythonLiteral("1_000.000_1"), { type: "float", value: 1000.0001 });
  assert.deepEqual(parsePythonLiteral("1e999"), { type: "float", value: Infinity });
  assert.deepEqual(parsePythonLiteral("-0.0"), { type: "float", value: -0 });
  assert.deepEqual(parsePythonLiteral("-1-2j"), { type: "complex", real: -1, imag: -2 });
  assert.deepEqual(parsePythonLiteral("(-1)+(2j)"), { type: "complex", real: -1, imag: 2 });
  assert.deepEqual(parsePythonLiteral("-0j"), { type: "complex", real: -0, imag: -0 });
  for (
    const bad of [
      "012",
      "1_",
      "1__0",
      "0x",
      "0b2",
      "1e",
      "1+2",
      "1j+2j",
      "--1",
      "-True",
      "2+-1j",
      "~1",
    ]
  ) {
    assert.equal(code(bad), "invalid", bad);
  }
});

Deno.test("parsePythonLiteral() follows Python's string grammar", () => {
  assert.deepEqual(parsePythonLiteral("'a' \"b\" '''c\nd'''"), str("abc\nd"));
  assert.deepEqual(parsePythonLiteral("r'\\n\\''"), str("\\n\\'"));
  assert.deepEqual(
    parsePythonLiteral("'\\q\\101\\x41\\u00e9\\U0001F600\\ud800'"),
    str("\\qAAé😀\ud800"),
  );
  assert.deepEqual(parsePythonLiteral("'a\\\nb'"), str("ab"));
  assert.deepEqual(parsePythonLiteral("'''a\r\nb'''"), str("a\nb"));
  assert.deepEqual(parsePythonLiteral("b'\\u1234'"), {
    type: "bytes",
    value: new TextEncoder().encode("\\u1234"),
  });
  for (
    const bad of [
      "f'a'",
      "b'a' 'b'",
      "ur'a'",
      "'a\nb'",
      "b'é'",
      "'\\x4'",
      "'\\U00110000'",
      "rb'\\'",
    ]
  ) {
    assert.equal(code(bad), "invalid", bad);
  }
  assert.equal(code("'\\N{BULLET}'"), "unsupported");
  assert.equal(code("b'\\400'"), "unsupported");
});

Deno.test("parsePythonLiteral() refuses what literal_eval refuses", () => {
  for (
    const bad of [
      "",
      "x",
      "none",
      "1 1",
      "1;",
      "1\n2",
      "\n 1",
      "1\n  ",
      "[1, 2",
      "(1 for x in y)",
      "[*a]",
      "{**a}",
      "{[1]: 2}",
      "{(1, [2]): 3}",
      "{{1}}",
      "set(())",
      "True()",
      "'a'.join",
      "[1][0]",
      "1 if 1 else 2",
      "'a\0'",
      "'\ud800'",
      "\ufeff1",
      "1\v",
      "1\\\n",
      "__import__('os')",
    ]
  ) {
    assert.equal(code(bad), "invalid", JSON.stringify(bad));
  }
});

Deno.test("parsePythonLiteral() accepts Python's layout freedom", () => {
  for (
    const ok of [
      "\n1",
      "# c\n1",
      "1\n\n",
      "1 # c",
      "1\r\n",
      " \t1",
      "1 \\\n + 2j",
      "(1,\n 2)",
      "\\\n1",
      "1\n  # x",
      "(set)()",
      "set( )",
      "1,",
      "{1:2,}",
      "\f1",
    ]
  ) {
    assert.equal(code(ok), "accepted", JSON.stringify(ok));
  }
});

Deno.test("parsePythonLiteral() gives Python's set and dict semantics", () => {
  assert.deepEqual(parsePythonLiteral("{1: 'a', 1.0: 'b', True: 'c', 'x': 0}"), {
    type: "dict",
    entries: [[int(1), str("c")], [str("x"), int(0)]],
  });
  assert.deepEqual(parsePythonLiteral("{0, False, 0.0, -0.0, 0j, (1, 2), (1.0, 2)}"), {
    type: "set",
    items: [int(0), { type: "tuple", items: [int(1), int(2)] }],
  });
});

Deno.test("parsePythonLiteral() refuses 100,000 nested brackets with a clear error, not a stack overflow", () => {
  for (const open of ["[", "(", "{", "{'a': "]) {
    const text = open.repeat(100_000);
    assert.throws(
      () => parsePythonLiteral(text),
      (error: unknown) => {
        assert.ok(error instanceof PythonLiteralError);
        assert.equal(error.code, "too-deep");
        assert.match(error.message, /^Nesting deeper than 100 levels \(line 1, column \d+\)$/);
        return true;
      },
    );
  }
  assert.equal(code("[".repeat(100) + "]".repeat(100)), "accepted");
  assert.equal(code("[".repeat(101) + "]".repeat(101)), "too-deep");
  assert.equal(code("[".repeat(150) + "]".repeat(150), { maxDepth: 200 }), "accepted");
});

Deno.test("parsePythonLiteral() enforces its length and digit bounds", () => {
  assert.equal(code("'" + "x".repeat(100) + "'", { maxLength: 50 }), "too-long");
  assert.equal(code("1".repeat(4300)), "accepted");
  assert.equal(code("1".repeat(4301)), "too-many-digits");
  assert.equal(code("0x" + "f".repeat(5000)), "accepted");
  const big = "'" + "x".repeat(2_000_000) + "'";
  assert.equal((parsePythonLiteral(big) as { value: string }).value.length, 2_000_000);
});

Deno.test("PythonLiteralError locates the error by line and column", () => {
  try {
    parsePythonLiteral("[1,\n 2,\n 3 4]");
    assert.fail("expected an error");
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    assert.equal(error.code, "invalid");
    assert.deepEqual([error.line, error.column], [3, 4]);
  }
});

Deno.test("parsePythonLiteral() never evaluates: names and calls are refused", () => {
  let touched = false;
  (globalThis as Record<string, unknown>).__pyliteral_probe = () => (touched = true);
  for (const text of ["__pyliteral_probe()", "set(__pyliteral_probe())", "[x() for x in y]"]) {
    assert.equal(code(text), "invalid");
  }
  assert.equal(touched, false);
  delete (globalThis as Record<string, unknown>).__pyliteral_probe;
});
