import type { Finding } from "./types.ts";

/**
 * Thrown by the kit's assertions: an `AssertionError` that carries the findings as data.
 *
 * @example Catch it
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConformanceAssertionError } from "./assertion_error.ts";
 *
 * const error = new ConformanceAssertionError("Value is not conforming", []);
 * assert.equal(error.name, "AssertionError");
 * ```
 */
export class ConformanceAssertionError extends Error {
  /** Every finding of the checked value. */
  readonly findings: readonly Finding[];

  /**
   * Creates the error.
   *
   * @param message The message, findings listed.
   * @param findings The findings, as data.
   */
  constructor(message: string, findings: readonly Finding[]) {
    super(message);
    this.name = "AssertionError";
    this.findings = findings;
  }
}
