import { formatFindings } from "../../src/report/format_findings.ts";
import { ConformanceAssertionError } from "../../src/core/assertion_error.ts";
import { checkToolResponse } from "./profile.ts";
import type { ToolResponse } from "./types.ts";

/** Options of {@linkcode assertToolResponse}. */
export interface AssertToolResponseOptions {
  /**
   * Also fail on SHOULD findings.
   *
   * @default false
   */
  strict?: boolean;
}

/**
 * Assert that a value is a conforming GNS3 Copilot tool response (format v1.0), for use in
 * your own `Deno.test`s.
 *
 * @example Assert a tool's output
 * ```ts
 * import assert from "node:assert/strict";
 * import { assertToolResponse } from "./assert_tool_response.ts";
 *
 * assertToolResponse({ success: true, total: 0, successful: 0, failed: 0, data: [] });
 * assert.throws(
 *   () => assertToolResponse({ success: true, total: 1, successful: 0, failed: 0, data: [] }),
 *   /TR-TOTAL \(MUST\) at "\/total"/,
 * );
 * ```
 *
 * @param value The value to check.
 * @param options `strict` also fails on SHOULD findings.
 * @throws {ConformanceAssertionError} Listing every finding (rule, level, path, message).
 */
export function assertToolResponse(
  value: unknown,
  options: AssertToolResponseOptions = {},
): asserts value is ToolResponse {
  const findings = checkToolResponse(value);
  const failing = options.strict ? findings : findings.filter((f) => f.level === "MUST");
  if (failing.length > 0) {
    throw new ConformanceAssertionError(
      `Value is not a conforming gns3.tool-response/v1.0 response:\n${formatFindings(findings)}`,
      findings,
    );
  }
}
