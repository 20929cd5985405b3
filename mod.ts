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
export * from "./src/adapters/http_chat.ts";
export * from "./conformance/chat_limits/types.ts";
export * from "./conformance/chat_limits/rules.ts";
export * from "./conformance/chat_limits/profile.ts";
export * from "./conformance/chat_limits/arbitraries.ts";
export * from "./conformance/chat_limits/suite.ts";
export * from "./conformance/chat_limits/reference_agent.ts";
export * from "./conformance/chat_limits/reference_server.ts";
export * from "./conformance/netdryrun/types.ts";
export * from "./conformance/netdryrun/rules.ts";
export * from "./conformance/netdryrun/schema.ts";
export * from "./conformance/netdryrun/check.ts";
export * from "./conformance/netdryrun/profile.ts";
export * from "./conformance/netdryrun/arbitraries.ts";
export * from "./conformance/netdryrun/reference.ts";
export * from "./conformance/netdryrun/suite.ts";
export * from "./conformance/netdryrun/read_evidence_file.ts";
export * from "./conformance/netdryrun/consumer_check.ts";
export * from "./conformance/netdryrun/reference_consumer.ts";
export * from "./conformance/netdryrun/naive_consumer.ts";
export * from "./src/adapters/mcp_client.ts";
export * from "./src/adapters/mcp_stdio.ts";
export * from "./src/adapters/mcp_http.ts";
export * from "./conformance/netdryrun_mcp/rules.ts";
export * from "./conformance/netdryrun_mcp/check.ts";
export * from "./conformance/netdryrun_mcp/profile.ts";
export * from "./conformance/netdryrun_mcp/suite.ts";
export * from "./conformance/netdryrun_mcp/reference_adapter.ts";
export * from "./src/adapters/subprocess.ts";
export * from "./src/protocol/subprocess_protocol.ts";
export * from "./src/core/case_skipped.ts";
export * from "./src/pyliteral/py_value.ts";
export * from "./src/pyliteral/python_literal_error.ts";
export * from "./src/pyliteral/parse_python_literal.ts";
export * from "./src/pyliteral/print_python_literal.ts";
export * from "./src/pyliteral/python_to_json.ts";
export * from "./src/pyliteral/py_value_arbitrary.ts";
export * from "./conformance/normalizer/types.ts";
export * from "./conformance/normalizer/rules.ts";
export * from "./conformance/normalizer/check.ts";
export * from "./conformance/normalizer/profile.ts";
export * from "./conformance/normalizer/arbitraries.ts";
export * from "./conformance/normalizer/mutations.ts";
export * from "./conformance/normalizer/reference.ts";
export * from "./conformance/normalizer/suite.ts";
export * from "./src/cli/adapter_kinds.ts";
export * from "./src/core/edit_mutation.ts";
export * from "./src/core/source_error.ts";
export * from "./src/core/run_property.ts";
export * from "./src/core/finding_builder.ts";
export * from "./src/core/raised_finding.ts";
