import assert from "node:assert/strict";
import fc from "fast-check";
import { codePointLength } from "./_text.ts";

Deno.test("codePointLength counts what iterating the string counts, lone surrogates included", () => {
  for (
    const [text, n] of [
      ["", 0],
      ["abc", 3],
      ["\ud83d\ude80", 1],
      ["\ud800", 1],
      ["\udc00\ud800", 2],
      ["\ud800\ud800\udc00", 2],
      ["\ud800\ue000", 2],
      ["a\ud83d\ude80\ud83d", 3],
    ] as const
  ) assert.equal(codePointLength(text), n, JSON.stringify(text));
  fc.assert(
    fc.property(
      fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: "grapheme" })),
      (text) => codePointLength(text) === [...text].length,
    ),
    { seed: 14, numRuns: 2000 },
  );
});
