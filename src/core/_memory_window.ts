// How many runs of cases (a case, or one of its shrink candidates) go at once under memory
// pressure (private helper of the runner): a window that starts at one run and doubles while
// runs end calm (slow start), halves whenever a run ends under pressure and grows back by one
// per window's worth of calm runs after that (additive increase, multiplicative decrease),
// between 1 and the concurrency asked for. Pressure is the kit's memory over its mark, or a
// run whose replies held so much that a window of such runs would hold more than the held
// mark. A target whose answers are huge (7 MB strings, 100,000 findings a case) then runs its
// cases nearly one at a time from its first runs on (eight first answers of 7 MB at once were
// the kit's peak of memory), and the kit's memory stays bounded; any other runs at the
// concurrency asked for after its first few runs. In slow start, while no run ends for a
// while, the window widens by one anyway: a target may answer only once several requests are
// in flight. The report does not depend on it.

/** The memory the window watches: V8's heap in use plus the memory of its array buffers. */
export function kitMemory(): number {
  const m = Deno.memoryUsage();
  return m.heapUsed + m.external;
}

/** Bytes of {@linkcode kitMemory} over which the window shrinks. */
export const MEMORY_MARK = 160 * 1024 * 1024;

/**
 * Bytes of replies (see `weigh`) that the runs in flight may hold together: past it, calls
 * wait for the others (see `CallGate`) and the window shrinks.
 */
export const HELD_MARK = 32 * 1024 * 1024;

/**
 * Milliseconds that runs wait in slow start, with none leaving, before the window widens by
 * one anyway.
 */
export const PATIENCE_MS = 250;

/**
 * Bytes of replies a run held over which its end brings a full collection (see `leave`): a
 * tool response of 100,000 items weighs about 800 KB.
 */
export const COLLECT_MARK = 512 * 1024;

/** Options of {@linkcode MemoryWindow}. */
export interface MemoryWindowOptions {
  /** The memory in use now, in bytes. Default: {@linkcode kitMemory}. */
  sample?: () => number;
  /** The bytes over which the window halves. Default: {@linkcode MEMORY_MARK}. */
  mark?: number;
  /** The bytes of replies a window of runs may hold. Default: {@linkcode HELD_MARK}. */
  heldMark?: number;
  /** See {@linkcode PATIENCE_MS}, the default. */
  patienceMs?: number;
  /**
   * A full collection, run when a run that held more than {@linkcode COLLECT_MARK} leaves.
   * Default: the engine's `gc` when the kit runs with `--v8-flags=--expose-gc` (as its task
   * does), else none.
   */
  collect?: () => void;
}

/** A window of cases in flight, sized by memory pressure. */
export class MemoryWindow {
  #size = 1;
  #active = 0;
  /** Runs finished calm since the window last changed. */
  #calm = 0;
  /** Doubling while calm: no run has ended under pressure yet. */
  #slowStart = true;
  #patience: ReturnType<typeof setTimeout> | undefined;
  readonly #waiting: (() => void)[] = [];
  readonly sample: () => number;
  readonly mark: number;
  readonly heldMark: number;
  readonly #patienceMs: number;
  readonly #collect: () => void;

  /**
   * @param max The concurrency asked for (the largest window).
   * @param options The memory watched, the marks and the patience of slow start.
   */
  constructor(readonly max: number, options: MemoryWindowOptions = {}) {
    this.sample = options.sample ?? kitMemory;
    this.mark = options.mark ?? MEMORY_MARK;
    this.heldMark = options.heldMark ?? HELD_MARK;
    this.#patienceMs = options.patienceMs ?? PATIENCE_MS;
    this.#collect = options.collect ?? engineCollect;
  }

  /** The window's size now. */
  get size(): number {
    return this.#size;
  }

  /** Waits for a place in the window; resolves with the milliseconds waited. */
  async enter(): Promise<number> {
    // Alone, a run always goes; beside others, only while the memory is under the mark.
    if (this.#active === 0 || (this.#active < this.#size && this.sample() < this.mark)) {
      this.#active++;
      return 0;
    }
    const from = performance.now();
    const entered = new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#armPatience();
    await entered;
    return performance.now() - from;
  }

  /**
   * A run finished, whose replies held `held` bytes: the window resizes, and the next runs
   * waiting enter.
   */
  leave(held = 0): void {
    this.#active--;
    if (this.sample() >= this.mark || held * this.#size >= this.heldMark) {
      this.#size = Math.max(1, Math.floor(this.#size / 2));
      this.#calm = 0;
      this.#slowStart = false;
    } else if (++this.#calm >= this.#size) {
      // Wider after a window's worth of calm runs (a burst of runs entering on one low sample
      // would be over it before the sample shows it): twice as wide in slow start, else one.
      const wider = this.#slowStart ? this.#size * 2 : this.#size + 1;
      this.#size = Math.min(this.max, wider);
      this.#calm = 0;
    }
    // The garbage of a run that held big replies is collected before the next ones make more
    // (V8 marks incrementally, and went on allocating to twice the memory in use meanwhile).
    if (held > COLLECT_MARK) this.#collect();
    this.#admit();
    clearTimeout(this.#patience);
    this.#patience = undefined;
    this.#armPatience();
  }

  /** Lets waiting runs in while the window has places. */
  #admit(): void {
    while (this.#active < this.#size && this.#waiting.length > 0) {
      this.#active++;
      this.#waiting.shift()!();
    }
  }

  /** In slow start, with runs waiting: widen by one if none leaves within the patience. */
  #armPatience(): void {
    if (
      !this.#slowStart || this.#size >= this.max || this.#patience !== undefined ||
      this.#waiting.length === 0
    ) return;
    // Any leave clears the timer (and slow start ends only in one): when it fires, the window
    // is still in slow start and below the concurrency asked for.
    this.#patience = setTimeout(() => {
      this.#patience = undefined;
      this.#size++;
      this.#admit();
      this.#armPatience();
    }, this.#patienceMs);
  }
}

/** The engine's full collection, when the kit runs with `--expose-gc`. */
function engineCollect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
