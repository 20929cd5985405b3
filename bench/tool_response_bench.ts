/**
 * Cost of the tool-response profile's check, as ratios to a bare ajv validation of the same
 * schema on the same documents, measured in the same run: `deno task bench`.
 *
 * Single `deno bench` runs swing by 30% on a shared VM; `deno run -A bench/check_interleaved.ts`
 * alternates blocks of both in one process. Median of 5 such runs (200 rounds each), CPU-time
 * ratio: 1.32x (ids compared within one reused array, findings appended to the schema's), 1.45x
 * before that, 2.44x before the single-pass cross-field check of issue 14.
 */
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { toolResponseArbitrary } from "../conformance/tool_response/arbitraries.ts";
import { checkToolResponse } from "../conformance/tool_response/profile.ts";
import schema from "../conformance/tool_response/schema.json" with { type: "json" };

const documents = fc.sample(toolResponseArbitrary(), { seed: 1, numRuns: 1000 });
const validate = new Ajv2020({ allErrors: true, allowUnionTypes: true, strictRequired: false })
  .compile(schema);
let sink = 0;

Deno.bench("ajv validate only (baseline)", { group: "tool-response check", baseline: true }, () => {
  for (const d of documents) sink += validate(d) ? 1 : 0;
});

Deno.bench("profile check: schema + cross-field rules", { group: "tool-response check" }, () => {
  for (const d of documents) sink += checkToolResponse(d).length;
});

Deno.bench("generate 1000 valid responses", { group: "generation" }, () => {
  sink += fc.sample(toolResponseArbitrary(), { seed: sink & 0xffff, numRuns: 1000 }).length;
});
