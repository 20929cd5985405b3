/**
 * The `gns3.normalizer/v1.0` profile: a `normalize_tool_response(raw, tool_name)` function
 * that turns legacy shapes (lists, `{"nodes": [...]}`, JSON or Python-literal strings, old
 * field names) into the standard tool response. Its rules, the observation check, suite,
 * arbitraries, mutations, and the kit's reference normalizer.
 *
 * @example Normalize a legacy list with the reference and check the observation
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeToolResponse } from "./mod.ts";
 *
 * const out = normalizeToolResponse([{ device_name: "R1", output: "ok" }], "run_cmd");
 * assert.equal(out.total, 1);
 * assert.equal(out.data[0].name, "R1");
 * ```
 *
 * @module
 */
export * from "./types.ts";
export * from "./rules.ts";
export * from "./check.ts";
export * from "./profile.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
export * from "./reference.ts";
