import type { Decision } from "./_result.ts";

const PASSED = "CHECKS PASSED (only what the checks cover)";

/**
 * The reference consumer of dry_run / run_checks results, for `netdryrun.consumer/v1`: it
 * acts on `status` (and refuses when the verdict disagrees), never on lab text or other
 * fields. It applies only when the status is exactly `passed` and the verdict is CHECKS
 * PASSED; it retries an inconclusive run once (attempt 1) and then stops; anything else (failed,
 * error, a setup error, a status v1 may add or a respelling of a known one, a value that is
 * not a result) is `do-not-apply`. It never throws.
 *
 * @example Decide
 * ```ts
 * import assert from "node:assert/strict";
 * import { decideNetdryrunResult } from "./reference.ts";
 *
 * const passed = { status: "passed", verdict: "CHECKS PASSED (only what the checks cover)" };
 * assert.equal(decideNetdryrunResult(passed), "apply");
 * assert.equal(decideNetdryrunResult({ ...passed, status: "PASSED" }), "do-not-apply");
 * assert.equal(decideNetdryrunResult({ status: "inconclusive" }, 1), "retry");
 * assert.equal(decideNetdryrunResult({ status: "inconclusive" }, 2), "do-not-apply");
 * ```
 *
 * @param result The tool's result, as returned (untrusted).
 * @param attempt 1 for the first run of the change, 2 after one retry.
 * @returns The decision.
 */
export function decideNetdryrunResult(result: unknown, attempt = 1): Decision {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return "do-not-apply";
  const { status, verdict } = result as { status?: unknown; verdict?: unknown };
  if (status === "passed" && verdict === PASSED) return "apply";
  if (status === "inconclusive" && attempt < 2) return "retry";
  return "do-not-apply";
}
