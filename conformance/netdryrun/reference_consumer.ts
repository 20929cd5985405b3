import type { ConsumerDecision } from "./consumer_check.ts";

const PASSED = "CHECKS PASSED (only what the checks cover)";

/**
 * The reference consumer of dry_run/run_checks results: it acts on `status` and `verdict`
 * only, as the schema says. It applies the change only when the status is exactly `passed`
 * and the verdict is CHECKS PASSED; it retries an inconclusive run; anything else (failed,
 * error, a setup error, a status v1 may add, a value that is not a result) is
 * `do-not-apply`. Lab text is never read.
 *
 * @example Decide
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceConsumer } from "./reference_consumer.ts";
 *
 * assert.equal(referenceConsumer({ status: "passed", verdict: "CHECKS PASSED (only what the checks cover)" }), "apply");
 * assert.equal(referenceConsumer({ status: "PASSED", verdict: "CHECKS PASSED (only what the checks cover)" }), "do-not-apply");
 * ```
 *
 * @param result The tool's result, as returned (untrusted).
 * @returns The decision.
 */
export function referenceConsumer(result: unknown): ConsumerDecision {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return "do-not-apply";
  const { status, verdict } = result as { status?: unknown; verdict?: unknown };
  if (status === "passed" && verdict === PASSED) return "apply";
  if (status === "inconclusive") return "retry";
  return "do-not-apply";
}
