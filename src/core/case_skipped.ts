/**
 * Thrown by a suite's `evaluate` when a case cannot run against this target (the target did
 * not supply its files, has no lab, ...): the runner reports the case `skipped` with the
 * reason, never failed.
 *
 * @example Skip a case
 * ```ts
 * import assert from "node:assert/strict";
 * import { CaseSkipped } from "./case_skipped.ts";
 *
 * const skip = new CaseSkipped("the target has no lab");
 * assert.equal(skip.reason, "the target has no lab");
 * ```
 */
export class CaseSkipped extends Error {
  /** Why the case cannot run. */
  readonly reason: string;

  /**
   * Creates the signal.
   *
   * @param reason Why the case cannot run, one line.
   */
  constructor(reason: string) {
    super(reason);
    this.name = "CaseSkipped";
    this.reason = reason;
  }
}
