import assert from "node:assert/strict";
import fc from "fast-check";
import { jsonPointer } from "./json_pointer.ts";

// The map/join form jsonPointer had before it became a loop (issue 14).
function before(...segments: readonly (string | number)[]): string {
  return segments.map((s) => "/" + String(s).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

Deno.test("jsonPointer escapes as the map/join form did, for any segments", () => {
  const segment = fc.oneof(
    fc.string(),
    fc.stringMatching(/^[~\/a0]{0,6}$/),
    fc.integer(),
    fc.constantFrom(-0, 1.5, NaN),
  );
  fc.assert(
    fc.property(fc.array(segment, { maxLength: 5 }), (segments) => {
      assert.equal(jsonPointer(...segments), before(...segments));
    }),
    { seed: 14, numRuns: 2000 },
  );
  assert.equal(jsonPointer("a~/b", 0, "~1"), "/a~0~1b/0/~01");
});
