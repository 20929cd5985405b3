/**
 * netconform: a conformance kit for AI network-lab tooling. It proves that an implementation
 * honours a contract (a *profile*: a JSON Schema, named cross-field rules citing their spec
 * clauses, fast-check generators of valid values and near-miss mutations, golden fixtures) and
 * says exactly where it does not: each finding names the rule, the JSON path and a replay.
 *
 * This module is the core a user needs: every profile's `check`, the assertions, the runner,
 * the adapter interface with the in-process adapter, and the finding and report types. It
 * needs no permission to import. The rest is behind subpath exports:
 *
 * | import                                   | what                                                 |
 * | ---------------------------------------- | ---------------------------------------------------- |
 * | `@netconform/netconform/profiles/<name>` | one profile whole (`tool-response`, `normalizer`, `netdryrun`, `netdryrun-mcp`, `netdryrun-consumer`, `chat-limits`) |
 * | `@netconform/netconform/adapters/subprocess` | an implementation in any language over JSON lines |
 * | `@netconform/netconform/adapters/mcp`    | an MCP server over stdio or Streamable HTTP (loads the MCP SDK) |
 * | `@netconform/netconform/adapters/http`   | a chat endpoint over HTTP and SSE                    |
 * | `@netconform/netconform/report`          | text, JUnit and Markdown renderers, escaping         |
 * | `@netconform/netconform/pyliteral`       | Python literals: bounded parser, printer, JSON mapping |
 * | `@netconform/netconform/testing`         | arbitraries, mutations, fixtures, authoring helpers  |
 *
 * @example Check a GNS3 Copilot tool response in your own test
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertToolResponse, toolResponseProfile } from "./mod.ts";
 *
 * assertToolResponse({ success: true, total: 0, successful: 0, failed: 0, data: [] });
 * const findings = toolResponseProfile.check({ success: true, total: 1, successful: 0, failed: 0, data: [] });
 * assert.equal(findings[0].ruleId, "TR-TOTAL");
 * ```
 *
 * @module
 */
export * from "./src/core/types.ts";
export * from "./src/core/arbitrary.ts";
export { runSuite, type RunSuiteOptions, type ShrinkOptions } from "./src/core/run_suite.ts";
export {
  type ConformanceTarget,
  runConformance,
  type RunConformanceOptions,
} from "./src/core/run_conformance.ts";
export * from "./src/core/assertion_error.ts";
export * from "./src/core/case_skipped.ts";
export * from "./src/adapters/in_process.ts";
export { toolResponseProfile } from "./conformance/tool_response/profile.ts";
export type { ToolResponse, ToolResponseItem } from "./conformance/tool_response/types.ts";
export {
  chatLimitsProfile,
  netdryrunConsumerProfile,
  netdryrunProfile,
  normalizerProfile,
} from "./conformance/_core_profiles.ts";
export * from "./conformance/tool_response/assert_tool_response.ts";
export { toolResponseSuite } from "./conformance/tool_response/suite.ts";
export { normalizerSuite } from "./conformance/normalizer/suite.ts";
export { netdryrunSuite } from "./conformance/netdryrun/suite.ts";
export { netdryrunMcpProfile } from "./conformance/netdryrun_mcp/profile.ts";
export { netdryrunMcpSuite } from "./conformance/netdryrun_mcp/suite.ts";
export { netdryrunConsumerSuite } from "./conformance/netdryrun_consumer/suite.ts";
export { chatLimitsSuite } from "./conformance/chat_limits/suite.ts";
