import assert from "node:assert/strict";
import fc from "fast-check";
import { generatedCaseStream } from "./generated_cases.ts";
import { generatedCases } from "./generated_cases.ts";

Deno.test("generatedCaseStream draws exactly the cases (and shrinkers) of generatedCases", () => {
  const arbitraries: fc.Arbitrary<unknown>[] = [
    fc.nat(),
    fc.jsonValue(),
    fc.record({ id: fc.uuid(), names: fc.array(fc.string(), { maxLength: 8 }), n: fc.double() }),
    fc.oneof({ weight: 4, arbitrary: fc.object() }, { weight: 1, arbitrary: fc.string() }),
  ];
  for (const arbitrary of arbitraries) {
    for (const seed of [1, 20261130, -5]) {
      const make = (v: unknown, i: number) => ({ description: `case ${i}`, input: v });
      const streamed = [...generatedCaseStream(arbitrary, { seed, runs: 300 }, make)];
      const listed = generatedCases(arbitrary, { seed, runs: 300 }, make);
      assert.equal(streamed.length, 300);
      assert.deepEqual(streamed, listed);
      const candidates = (cases: typeof listed) =>
        [...cases[7].shrink!()].slice(0, 5).map((c) => [c.id, c.input]);
      assert.deepEqual(candidates(streamed), candidates(listed));
    }
  }
});
