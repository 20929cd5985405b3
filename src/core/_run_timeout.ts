// The runner's harness faults and its per-case timeout. Private helpers of run_suite.ts.
import type { ImplementationFault, Outcome } from "./types.ts";

/** A fault of the harness (a timeout, a crash): the case is errored, never failed. */
export class HarnessFault extends Error {
  constructor(
    message: string,
    readonly stderr?: string,
    readonly blame: { fault?: ImplementationFault; notRun?: true } = {},
  ) {
    super(message);
  }

  /** The fault is the runner's timeout of the case (or of the start). */
  timedOut = false;
}

/** Every outcome at zero. */
export function emptyCounts(): Record<Outcome, number> {
  return { passed: 0, failed: 0, skipped: 0, errored: 0 };
}

/** A timeout that can be started again (see {@linkcode withTimeout}). */
export interface RestartableClock {
  /** Starts the timeout again from now, while the promise is unsettled. */
  restart?: () => void;
}

/**
 * Race a promise against a timeout that aborts `signal` with a TimeoutError (as
 * `AbortSignal.timeout` does) and rejects with a {@linkcode HarnessFault}. With `clock`, its
 * `restart` starts the whole timeout again (a call re-sent after a restart of the target).
 */
export function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  signal: AbortController,
  what: string,
  clock?: RestartableClock,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        // A TimeoutError, as AbortSignal.timeout gives: an adapter may take its request as hung.
        signal.abort(new DOMException(`${what} timed out after ${ms} ms`, "TimeoutError"));
        const fault = new HarnessFault(`${what} timed out after ${ms} ms`);
        fault.timedOut = true;
        reject(fault);
      }, ms);
    };
    arm();
    if (clock) clock.restart = arm;
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
    if (clock) clock.restart = undefined;
  });
}
