// The bounds of shrinking, an option of runSuite (in its own file to keep run_suite.ts short).

/** Bounds of the shrinking of one failed generated case. */
export interface ShrinkOptions {
  /**
   * Most smaller candidates run through the target (each candidate is one run of the case,
   * which may make more than one call).
   *
   * @default 100
   */
  maxShrinks?: number;
  /**
   * Milliseconds the shrinking of one case may take; the candidate running then is cut short.
   *
   * @default 10000
   */
  timeMs?: number;
}
