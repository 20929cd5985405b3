// The runner's harness faults and its per-case timeout. Private helpers of run_suite.ts.
import type { Outcome } from "./types.ts";

/** A fault of the harness (a timeout, a crash): the case is errored, never failed. */
export class HarnessFault extends Error {
  constructor(message: string, readonly stderr?: string) {
    super(message);
  }
}

/** Every outcome at zero. */
export function emptyCounts(): Record<Outcome, number> {
  return { passed: 0, failed: 0, skipped: 0, errored: 0 };
}

/**
 * Race a promise against a timeout that aborts `signal` with a TimeoutError (as
 * `AbortSignal.timeout` does) and rejects with a {@linkcode HarnessFault}.
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortController,
  what: string,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // A TimeoutError, as AbortSignal.timeout gives: an adapter may take its request as hung.
      signal.abort(new DOMException(`${what} timed out after ${ms} ms`, "TimeoutError"));
      reject(new HarnessFault(`${what} timed out after ${ms} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
