// The runner's harness faults and its per-case timeout. Private helpers of run_suite.ts.
import type { Adapter, ErroredCaseReport, Outcome, Reply, Request } from "./types.ts";
import type { CallGate } from "./_call_gate.ts";
import { HELD_MARK } from "./_memory_window.ts";
import { weigh } from "./_weigh.ts";

type ImplementationFault = NonNullable<ErroredCaseReport["fault"]>;

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

  /** The fault of an errored reply, with what it says of the implementation. */
  static of(reply: { message: string; stderr?: string } & HarnessFault["blame"]): HarnessFault {
    return new HarnessFault(reply.message, reply.stderr, {
      ...(reply.fault ? { fault: reply.fault } : {}),
      ...(reply.notRun ? { notRun: true } : {}),
    });
  }

  /**
   * What an errored case says of the implementation: the fault its adapter named, or a hang
   * when the case timed out with a call unanswered; `notRun` when it was never sent.
   */
  blamed(unanswered: boolean, caseTimeoutMs: number): HarnessFault["blame"] {
    const fault = this.blame.fault ??
      (this.timedOut && unanswered
        ? {
          kind: "hung" as const,
          detail: `no answer within the case timeout (${caseTimeoutMs} ms)`,
        }
        : undefined);
    return { ...(fault ? { fault } : {}), ...(this.blame.notRun ? { notRun: true } : {}) };
  }
}

/** Every outcome at zero. */
export function emptyCounts(): Record<Outcome, number> {
  return { passed: 0, failed: 0, skipped: 0, errored: 0 };
}

/**
 * The calls of one case: how many are unanswered (a reply to an aborted call does not count
 * as an answer), and the clock that a call the adapter sends again restarts. With a gate, a
 * call waits there while the kit's memory is high, its case's clock stopped meanwhile.
 */
export class CaseCalls {
  readonly clock: RestartableClock = {};
  unanswered = 0;
  /** The bytes of the replies the case got (see `weigh`), held by the gate until `end`. */
  held = 0;

  constructor(readonly abort: AbortController, readonly gate?: CallGate) {}

  /** Runs one call through the adapter. */
  async run(adapter: Adapter, request: Request): Promise<Reply> {
    this.unanswered++;
    const waiting = this.gate?.enter();
    if (waiting) {
      const resume = this.clock.pause?.();
      await waiting;
      resume?.();
    }
    try {
      const reply = await adapter.run(request, {
        signal: this.abort.signal,
        // It waited behind another call that failed: its time starts again.
        onRequeue: () => this.clock.restart?.(),
        // It waits behind other calls: that time is theirs.
        onWait: () => this.clock.pause?.() ?? (() => {}),
      });
      if (!this.abort.signal.aborted) this.unanswered--;
      this.#hold(reply);
      return reply;
    } finally {
      this.gate?.leave();
    }
  }

  /** The case ended: the gate no longer counts what it held. */
  end(): void {
    this.gate?.release(this.held);
  }

  #hold(reply: Reply): void {
    let bytes: number;
    try {
      bytes = weigh(reply, HELD_MARK);
    } catch {
      bytes = 0; // a value of an in-process target whose getter throws: its own business
    }
    this.held += bytes;
    this.gate?.hold(bytes);
  }
}

/** A timeout that can be started again, or stopped a while (see {@linkcode withTimeout}). */
export interface RestartableClock {
  /** Starts the timeout again from now, while the promise is unsettled. */
  restart?: () => void;
  /**
   * Stops the timeout until the function returned is called (the time in between is not the
   * promise's); while several pauses overlap, until the last of them ends.
   */
  pause?: () => () => void;
}

/**
 * Race what `run` returns against a timeout that aborts `signal` with a TimeoutError (as
 * `AbortSignal.timeout` does) and rejects with a {@linkcode HarnessFault}. With `clock`, its
 * `restart` starts the whole timeout again (a call re-sent after a restart of the target), and
 * its `pause` stops it a while (a call waiting for the kit's memory, or behind other calls);
 * both are set before `run` is called, so its first call can use them.
 */
export function withTimeout<T>(
  run: () => Promise<T>,
  ms: number,
  signal: AbortController,
  what: string,
  clock?: RestartableClock,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settled = false;
  let pauses = 0;
  /** While paused: the time left; else when the timeout fires (performance.now() ms). */
  let left = ms;
  let deadline = 0;
  const timeout = new Promise<never>((_, reject) => {
    const fire = () => {
      // A TimeoutError, as AbortSignal.timeout gives: an adapter may take its request as hung.
      signal.abort(new DOMException(`${what} timed out after ${ms} ms`, "TimeoutError"));
      const fault = new HarnessFault(`${what} timed out after ${ms} ms`);
      fault.timedOut = true;
      reject(fault);
    };
    const start = (after: number) => {
      clearTimeout(timer);
      if (settled) return;
      deadline = performance.now() + after;
      timer = setTimeout(fire, after);
    };
    const arm = () => pauses > 0 ? (left = ms) : start(ms);
    arm();
    if (!clock) return;
    clock.restart = arm;
    clock.pause = () => {
      if (pauses++ === 0) {
        clearTimeout(timer);
        left = Math.max(0, deadline - performance.now());
      }
      let resumed = false;
      return () => {
        if (resumed) return;
        resumed = true;
        if (--pauses === 0) start(left);
      };
    };
  });
  // An async wrapper: a `run` that throws at once rejects, with the timer cleared.
  const promise = (async () => await run())();
  return Promise.race([promise, timeout]).finally(() => {
    settled = true;
    clearTimeout(timer);
    if (clock) clock.restart = clock.pause = undefined;
  });
}
