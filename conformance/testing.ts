/**
 * For authors of tests and profiles: every profile's arbitraries of valid values and its
 * near-miss mutations, the golden fixture loader, the schema checker that attributes ajv
 * errors to rules, and the small builders the kit's own profiles are made of.
 *
 * @example Generate valid tool responses for your own property
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { toolResponseArbitrary } from "./testing.ts";
 * import { toolResponseProfile } from "../mod.ts";
 *
 * fc.assert(
 *   fc.property(toolResponseArbitrary({ maxItems: 3 }), (r) => {
 *     assert.deepEqual(toolResponseProfile.check(r), []);
 *   }),
 *   { seed: 1, numRuns: 20 },
 * );
 * ```
 *
 * @module
 */
export * from "./tool_response/arbitraries.ts";
export * from "./tool_response/mutations.ts";
export * from "./normalizer/arbitraries.ts";
export * from "./normalizer/mutations.ts";
export * from "./netdryrun/arbitraries.ts";
export * from "./netdryrun/mutations.ts";
export * from "./netdryrun_mcp/arbitraries.ts";
export * from "./netdryrun_mcp/mutations.ts";
export * from "./netdryrun_consumer/arbitraries.ts";
export * from "./netdryrun_consumer/mutations.ts";
export * from "./chat_limits/arbitraries.ts";
export * from "./chat_limits/mutations.ts";
export * from "../src/pyliteral/py_value_arbitrary.ts";
export * from "../src/core/fixtures.ts";
export * from "../src/core/schema_checker.ts";
export * from "../src/core/edit_mutation.ts";
export * from "../src/core/finding_builder.ts";
export * from "../src/core/raised_finding.ts";
export * from "../src/core/source_error.ts";
export * from "../src/core/json_pointer.ts";
export * from "../src/core/seed.ts";
export * from "../src/core/check_profile.ts";
export type { PropertyDetails } from "../src/core/run_property.ts";
export * from "../src/core/generated_cases.ts";
