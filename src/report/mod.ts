/**
 * Report renderers: a per-rule text table, JUnit XML for CI, a Markdown certificate for a
 * reviewer, a self-contained HTML certificate, an SVG badge, and the escaping every one of them applies to what an implementation sent
 * (control characters, ANSI sequences, bidirectional overrides, lone surrogates). The renderers
 * take a `StreamedReport`: a long run streamed into a {@linkcode CaseLog} is rendered from it
 * one case at a time.
 *
 * @example Escape implementation text before printing it
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeText } from "./mod.ts";
 *
 * assert.equal(escapeText("ok\u001b[31m"), "ok\\u{1b}[31m");
 * ```
 *
 * @module
 */
export * from "./escape_text.ts";
export * from "./format_findings.ts";
export * from "./render_json.ts";
export * from "./render_text.ts";
export * from "./render_junit.ts";
export * from "./render_markdown.ts";
export * from "./render_html.ts";
export * from "./render_badge.ts";
export * from "./replay_case_id.ts";
export * from "./case_log.ts";
export type * from "./streamed_report.ts";
