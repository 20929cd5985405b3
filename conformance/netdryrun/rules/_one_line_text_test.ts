import assert from "node:assert/strict";
import fc from "fast-check";
import type { Finding } from "../../../src/core/types.ts";
import { checkOneLineText, isFineOneLineText } from "./_one_line_text.ts";

const check = (value: unknown, cap = 5, ruleId = "NDR-LAB-TEXT") => {
  const out: Finding[] = [];
  checkOneLineText(ruleId, value, "/x", cap, out);
  return out;
};

Deno.test("one-line text: line break, lone surrogate, then cap, under the given rule", () => {
  const found = check("a\nb\ud800cdefgh", 5, "NDR-PLAIN-ERROR-TEXT");
  assert.deepEqual(found.map((f) => [f.ruleId, f.level, f.instancePath, f.keyword]), [
    ["NDR-PLAIN-ERROR-TEXT", "SHOULD", "/x", "lineBreak"],
    ["NDR-PLAIN-ERROR-TEXT", "SHOULD", "/x", "wellFormed"],
    ["NDR-PLAIN-ERROR-TEXT", "SHOULD", "/x", "maxCodePoints"],
  ]);
  assert.deepEqual(found.map((f) => f.params), [
    { codePoint: "U+000A", index: 1 },
    { index: 3, codeUnit: "U+D800" },
    { limit: 5, codePoints: 10, utf16Units: 10 },
  ]);
  assert.equal(found[0].level, "SHOULD");
  assert.equal(check("x\ny")[0].level, "MUST");
});

Deno.test("one-line text: the cap counts code points, and only strings are judged", () => {
  assert.deepEqual(check("🚀".repeat(5)), []); // 10 UTF-16 units, 5 code points
  assert.deepEqual(check("🚀".repeat(6)).map((f) => [f.expected, f.actual]), [[5, 6]]);
  assert.deepEqual(check("abcde\t\x1b"), [{
    ruleId: "NDR-LAB-TEXT",
    level: "MUST",
    instancePath: "/x",
    message: "text is 7 code points long, over the cap of 5",
    keyword: "maxCodePoints",
    params: { limit: 5, codePoints: 7, utf16Units: 7 },
    expected: 5,
    actual: 7,
  }]);
  for (const value of [null, 1, ["a\nb"], { a: "\n" }]) assert.deepEqual(check(value), []);
});

Deno.test("one-line text: a long text is cut in the finding", () => {
  const [f] = check("\n" + "x".repeat(200), 1000);
  assert.equal(f.actual, "\n" + "x".repeat(79) + "…");
});

Deno.test("one-line text: isFineOneLineText is true exactly when the check finds nothing", () => {
  const text = fc.oneof(
    fc.string({ unit: "binary", maxLength: 12 }),
    fc.string({
      unit: fc.constantFrom("a", "\n", "\u2028", "\ud800", "\udc00", "😀"),
      maxLength: 12,
    }),
  );
  let fine = 0;
  fc.assert(
    fc.property(fc.oneof(text, fc.anything()), fc.integer({ min: 1, max: 10 }), (value, cap) => {
      const expected = check(value, cap).length === 0;
      if (expected && typeof value === "string") fine++;
      assert.equal(isFineOneLineText(value, cap), expected);
    }),
    { seed: 14, numRuns: 3000 },
  );
  assert.ok(fine > 100);
  assert.equal(isFineOneLineText("😀😀", 2), true);
  assert.equal(isFineOneLineText("😀😀😀", 2), false);
});
