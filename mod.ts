/**
 * netconform: a conformance kit for AI network-lab tooling. It proves that an implementation
 * honours a contract (a *profile*: a JSON Schema, named cross-field rules citing their spec
 * clauses, fast-check generators of valid values and near-miss mutations, golden fixtures) and
 * says exactly where it does not: each finding names the rule, the JSON path and a replay.
 *
 * @example Check a GNS3 Copilot tool response in your own test
 * ```ts
 * import { assertToolResponse } from "./mod.ts";
 *
 * assertToolResponse({ success: true, total: 0, successful: 0, failed: 0, data: [] });
 * ```
 *
 * @module
 */
export * from "./src/core/types.ts";
export * from "./src/core/schema_checker.ts";
export * from "./src/core/fixtures.ts";
export * from "./src/core/check_profile.ts";
export * from "./src/core/run_suite.ts";
export * from "./src/core/run_conformance.ts";
export * from "./src/core/seed.ts";
export * from "./src/core/json_pointer.ts";
export * from "./src/core/assertion_error.ts";
export * from "./src/adapters/in_process.ts";
export * from "./src/report/escape_text.ts";
export * from "./src/report/format_findings.ts";
export * from "./src/report/render_text.ts";
export * from "./src/report/render_junit.ts";
export * from "./src/report/render_markdown.ts";
export * from "./src/cli/load_config.ts";
export * from "./conformance/tool_response/types.ts";
export * from "./conformance/tool_response/rules.ts";
export * from "./conformance/tool_response/profile.ts";
export * from "./conformance/tool_response/arbitraries.ts";
export * from "./conformance/tool_response/mutations.ts";
export * from "./conformance/tool_response/producer.ts";
export * from "./conformance/tool_response/suite.ts";
export * from "./conformance/tool_response/assert_tool_response.ts";
