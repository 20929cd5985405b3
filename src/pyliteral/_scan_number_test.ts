import assert from "node:assert/strict";
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { scanNumber } from "./_scan_number.ts";

const int = (n: bigint): PyValue => ({ type: "int", value: n });

function refusal(src: string, at = 0, maxDigits = 4300): [string, number, string] {
  try {
    scanNumber(src, at, maxDigits);
  } catch (error) {
    assert.ok(error instanceof PythonLiteralError);
    return [error.code, error.index, error.message];
  }
  assert.fail(`expected ${JSON.stringify(src)} to be refused`);
}

Deno.test("scanNumber() reads ints in every base, with underscores", () => {
  assert.deepEqual(scanNumber("0x_1F", 0, 4300), { value: int(31n), end: 5 });
  assert.deepEqual(scanNumber("0O17", 0, 4300), { value: int(15n), end: 4 });
  assert.deepEqual(scanNumber("0b1_0", 0, 4300), { value: int(2n), end: 5 });
  assert.deepEqual(scanNumber("1_000", 0, 4300), { value: int(1000n), end: 5 });
  assert.deepEqual(scanNumber("000", 0, 4300), { value: int(0n), end: 3 });
  assert.deepEqual(scanNumber("0x" + "f".repeat(30), 0, 4300).value, int(2n ** 120n - 1n));
});

Deno.test("scanNumber() reads floats and imaginaries, and stops where they end", () => {
  assert.deepEqual(scanNumber("[1.5, 2]", 1, 4300), {
    value: { type: "float", value: 1.5 },
    end: 4,
  });
  assert.deepEqual(scanNumber(".5e-3_0", 0, 4300).value, { type: "float", value: 0.5e-30 });
  assert.deepEqual(scanNumber("5.", 0, 4300), { value: { type: "float", value: 5 }, end: 2 });
  assert.deepEqual(scanNumber("1e999", 0, 4300).value, { type: "float", value: Infinity });
  assert.deepEqual(scanNumber("012.5", 0, 4300).value, { type: "float", value: 12.5 });
  assert.deepEqual(scanNumber("2J+1", 0, 4300), {
    value: { type: "complex", real: 0, imag: 2 },
    end: 2,
  });
  assert.deepEqual(scanNumber("00j", 0, 4300).value, { type: "complex", real: 0, imag: 0 });
  assert.deepEqual(scanNumber("1 .real", 0, 4300).end, 1);
});

Deno.test("scanNumber() refuses leading zeros and a number run into a name", () => {
  assert.deepEqual(refusal("x=012", 2), [
    "invalid",
    2,
    "Leading zeros in a decimal integer (line 1, column 3)",
  ]);
  for (const bad of ["1_", "1__0", "0x", "0b2", "1e", "1if", "1.__class__", "0o8", "1_e5", "1j2"]) {
    assert.deepEqual(refusal(bad).slice(0, 2), ["invalid", 0], bad);
    assert.match(refusal(bad)[2], /^Invalid number literal/, bad);
  }
});

Deno.test("scanNumber() bounds decimal ints only, counting digits without underscores", () => {
  assert.deepEqual(scanNumber("1_234", 0, 4).value, int(1234n));
  assert.deepEqual(refusal("12_345", 0, 4), [
    "too-many-digits",
    0,
    "Decimal integer of 5 digits is over the limit of 4 (line 1, column 1)",
  ]);
  assert.deepEqual(scanNumber("0xfffff", 0, 4).value, int(0xfffffn));
  assert.deepEqual(scanNumber("12345.0", 0, 4).value, { type: "float", value: 12345 });
  assert.deepEqual(scanNumber("12345j", 0, 4).value, { type: "complex", real: 0, imag: 12345 });
});
