/**
 * The `gns3.tool-response/v1.0` profile: the GNS3 Copilot tool response format
 * `{success, total, successful, failed, data[], error?, metadata?}`. Its rules, check, suite,
 * arbitraries of valid responses and near-miss mutations, and the kit's reference producer.
 *
 * @example Check a response and read the findings as data
 * ```ts
 * import assert from "node:assert/strict";
 * import { toolResponseProfile } from "./mod.ts";
 *
 * const findings = toolResponseProfile.check({
 *   success: true, total: 2, successful: 1, failed: 0,
 *   data: [{ id: "R1", name: "R1", status: "success", result: "ok" }],
 * });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["TR-TOTAL", "/total"]]);
 * ```
 *
 * @module
 */
export * from "./types.ts";
export * from "./rules.ts";
export * from "./profile.ts";
export * from "./assert_tool_response.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
export * from "./producer.ts";
