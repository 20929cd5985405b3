import assert from "node:assert/strict";
import fc from "fast-check";
import { checkCrossField } from "./_check_cross_field.ts";
import { toolResponseArbitrary } from "./arbitraries.ts";
import { checkCrossFieldBefore } from "./testdata/check_cross_field_before.ts";

// Items that hit every branch: statuses counted or not, empty errors, ids repeated (a small
// pool), ids that are not strings, items that are not objects.
const itemArbitrary = fc.oneof(
  fc.record({
    id: fc.oneof(fc.constantFrom("a", "b", "c", "d", "a/b", "~"), fc.integer({ min: 0, max: 3 })),
    status: fc.constantFrom("success", "failed", "skipped", 1),
    error: fc.constantFrom("", "boom", null),
  }, { requiredKeys: [] }),
  fc.constantFrom(null, 1, "x", [], [{ id: "a" }]),
);
const countArbitrary = fc.oneof(fc.nat({ max: 40 }), fc.constantFrom(-1, 1.5, "2", null));
// Short arrays take the scan path, arrays over 16 items the map path.
const documentArbitrary = fc.record({
  success: fc.oneof(fc.boolean(), fc.constantFrom("true", null)),
  total: countArbitrary,
  successful: countArbitrary,
  failed: countArbitrary,
  error: fc.constantFrom(null, "", "failed", 3),
  metadata: fc.constantFrom(null, {}, "m"),
  data: fc.oneof(
    fc.array(itemArbitrary, { maxLength: 8 }),
    fc.array(itemArbitrary, { minLength: 15, maxLength: 40 }),
    fc.constantFrom(null, {}, "data"),
  ),
}, { requiredKeys: [] });

Deno.test("checkCrossField reports what the check before the rewrite did, in the same order", () => {
  let withFindings = 0;
  fc.assert(
    fc.property(fc.oneof(documentArbitrary, toolResponseArbitrary(), fc.anything()), (doc) => {
      const before = checkCrossFieldBefore(doc);
      if (before.length > 1) withFindings++;
      assert.deepEqual(checkCrossField(doc), before);
    }),
    { seed: 14, numRuns: 5000 },
  );
  // The property saw documents with several findings, not only clean ones.
  assert.ok(withFindings > 500, `only ${withFindings} documents had several findings`);
});

Deno.test("checkCrossField names the first holder of a repeated id on both lookup paths", () => {
  for (const n of [4, 30]) {
    const data = Array.from({ length: n }, (_, i) => ({ id: i % 3 === 0 ? "dup" : `id${i}` }));
    const found = checkCrossField({ data }).filter((f) => f.ruleId === "TR-ITEM-ID-UNIQUE");
    assert.equal(found.length, Math.ceil(n / 3) - 1);
    assert.deepEqual(found[0].params, { firstIndex: 0 });
    assert.equal(found[0].instancePath, "/data/3/id");
  }
});
