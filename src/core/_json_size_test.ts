import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonPreview, jsonSize } from "./_json_size.ts";

const text = (v: unknown) =>
  JSON.stringify(v, (_k, x) => typeof x === "bigint" ? x.toString() : x) ?? "";
const bytes = (v: unknown) => new TextEncoder().encode(text(v)).length;

Deno.test("json size: the UTF-8 length of the JSON text, counted without writing it", () => {
  const odd = ['"\\\n\t\u0001\u001f\u007f\u00e9\u20ac\ud83d\ude00', "\ud800x", "y\udc00", ""];
  for (const v of [null, true, false, 0, -1.5e-300, NaN, Infinity, 10n, ...odd]) {
    assert.equal(jsonSize(v), bytes(v), String(v));
  }
  assert.equal(
    jsonSize({ a: undefined, b: [undefined, () => 1], c: { d: "é" } }),
    bytes({
      a: undefined,
      b: [undefined, () => 1],
      c: { d: "é" },
    }),
  );
  fc.assert(fc.property(fc.jsonValue(), (v) => jsonSize(v) === bytes(v)), { numRuns: 300 });
  fc.assert(
    fc.property(fc.anything({ withBigInt: true }), (v) => {
      const n = jsonSize(v);
      return n === undefined || text(v) === "" || n === bytes(v);
    }),
    { numRuns: 300 },
  );
  // What it does not measure exactly is left to the caller.
  const cycle: Record<string, unknown> = {};
  cycle.self = cycle;
  assert.equal(jsonSize(cycle), undefined);
  assert.equal(jsonSize({ when: new Date(0) }), undefined);
});

Deno.test("json preview: the first characters of the JSON text of a huge value", () => {
  const huge = { result: "\u202e" + "x".repeat(7_000_000), items: Array(100_000).fill(1) };
  const full = text(huge);
  assert.equal(jsonPreview(huge, 2048), full.slice(0, 2048));
  const keys = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]));
  assert.equal(jsonPreview(keys, 2048), text(keys).slice(0, 2048));
  fc.assert(
    fc.property(fc.jsonValue(), fc.nat(200), (v, n) => jsonPreview(v, n) === text(v).slice(0, n)),
    { numRuns: 300 },
  );
});
