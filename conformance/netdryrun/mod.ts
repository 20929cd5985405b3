/**
 * The `netdryrun.mcp-result/v1` profile: what a Netdryrun MCP server's `dry_run`,
 * `run_checks`, `validate`, `check_types` and `record_baseline` tools return. The spec's JSON
 * Schema (unchanged), the cross-field rules its prose states, the check, suite, arbitraries of
 * lab states, mutations, the kit's reference result builder and the verdict-consumer check.
 *
 * @example Check a validate result
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNetdryrun } from "./mod.ts";
 *
 * const result = { valid: true, lab: "lab.clab.yml", checks: ["ping"] };
 * assert.deepEqual(checkNetdryrun(result, { tool: "validate" }), []);
 * ```
 *
 * @module
 */
export * from "./types.ts";
export * from "./rules.ts";
export * from "./schema.ts";
export * from "./check.ts";
export * from "./profile.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
export * from "./reference.ts";
export * from "./read_evidence_file.ts";
export * from "./consumer_check.ts";
export type { PropertyDetails } from "../../src/core/run_property.ts";
export * from "./reference_consumer.ts";
