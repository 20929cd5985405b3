import type { Finding, Reply } from "./types.ts";

/**
 * The finding for an implementation that raised instead of returning a value: keyword
 * `raised`, at the root, with the exception's type, message and traceback as params.
 *
 * @example Report a raise
 * ```ts
 * import assert from "node:assert/strict";
 * import { raisedFinding } from "./raised_finding.ts";
 *
 * const f = raisedFinding("TR-SCHEMA", { kind: "raised", type: "KeyError", message: "'nodes'" }, {
 *   what: "the tool",
 *   instead: "a response",
 * });
 * assert.equal(f.message, "the tool raised KeyError instead of returning a response: 'nodes'");
 * ```
 *
 * @param ruleId The rule a raise violates (MUST).
 * @param reply The `raised` reply.
 * @param options `what` raised, and what it should have returned `instead`.
 * @returns The finding.
 */
export function raisedFinding(
  ruleId: string,
  reply: Extract<Reply, { kind: "raised" }>,
  options: { what: string; instead: string },
): Finding {
  return {
    ruleId,
    level: "MUST",
    instancePath: "",
    keyword: "raised",
    message:
      `${options.what} raised ${reply.type} instead of returning ${options.instead}: ${reply.message}`,
    params: { type: reply.type, message: reply.message, traceback: reply.traceback },
  };
}
