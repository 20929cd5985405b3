import assert from "node:assert/strict";
import fc from "fast-check";
import { notRelative, whyNotRelative as notRelativeInFull } from "./_tested_files.ts";

Deno.test("notRelative's shortcut for plain relative keys passes no key the full tests reject", () => {
  const key = fc.string({
    unit: fc.constantFrom("a", "Z", "1", ".", "/", "\\", "~", "$", "{", "}", ":", "+", " "),
    maxLength: 8,
  });
  let rejected = 0;
  fc.assert(
    fc.property(key, (k) => {
      const why = notRelativeInFull(k);
      if (why) rejected++;
      assert.equal(notRelative(k), why, JSON.stringify(k));
    }),
    { seed: 14, numRuns: 5000 },
  );
  // The keys reach every reason, not only the plain ones.
  assert.ok(rejected > 1000, `only ${rejected} keys were rejected`);
});
