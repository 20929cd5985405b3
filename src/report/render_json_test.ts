import assert from "node:assert/strict";
import fc from "fast-check";
import { renderJson } from "./render_json.ts";
import { resolveSeed } from "../core/seed.ts";

const seed = resolveSeed();
console.log(`render_json_test: seed ${seed}`);

const DANGEROUS = [
  0x7f,
  0x85,
  0x9b,
  0x061c,
  0x200e,
  0x200f,
  0x2028,
  0x2029,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
  0xfeff,
];

Deno.test("renderJson: no character that reorders or hides text is left raw, and the value parses back equal", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.oneof(
          fc.string({ unit: "binary" }),
          fc.constantFrom(...DANGEROUS.map((c) => String.fromCodePoint(c))),
        ),
      ),
      (parts) => {
        const value = { text: parts.join(""), nested: [parts] };
        const json = renderJson(value);
        for (const cp of DANGEROUS) {
          assert.ok(!json.includes(String.fromCodePoint(cp)), cp.toString(16));
        }
        // deno-lint-ignore no-control-regex
        assert.doesNotMatch(json, /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
        assert.deepEqual(JSON.parse(json), value);
      },
    ),
    { seed, numRuns: 300 },
  );
});
