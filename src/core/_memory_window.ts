// How many runs of cases (a case, or one of its shrink candidates) go at once under memory
// pressure (private helper of the runner): a window that starts at the concurrency asked for
// (a target may answer only once several requests are in flight), halves whenever a run ends
// under pressure and grows back by one per window's worth of calm runs (additive increase,
// multiplicative decrease), between 1 and the concurrency asked for. Pressure is the kit's
// memory over its mark, or a run whose replies held so much that a window of such runs would
// hold more than the held mark. A target whose answers are huge (7 MB strings, 100,000
// findings a case) then runs its cases nearly one at a time after its first runs, and the
// kit's memory stays bounded; any other runs at the concurrency asked for. The report does
// not depend on it.

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

/** A window of cases in flight, sized by memory pressure. */
export class MemoryWindow {
  #size: number;
  #active = 0;
  /** Runs finished calm since the window last changed. */
  #calm = 0;
  readonly #waiting: (() => void)[] = [];

  /**
   * @param max The concurrency asked for (the largest window).
   * @param sample The memory in use now, in bytes.
   * @param mark The bytes over which the window halves.
   * @param heldMark The bytes of replies a window of runs may hold (see `HELD_MARK`).
   */
  constructor(
    readonly max: number,
    readonly sample: () => number = kitMemory,
    readonly mark: number = MEMORY_MARK,
    readonly heldMark: number = HELD_MARK,
  ) {
    this.#size = max;
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
    await new Promise<void>((resolve) => this.#waiting.push(resolve));
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
    } else if (++this.#calm >= this.#size) {
      // One more after a window's worth of calm runs (a burst of runs entering on one low
      // sample would be over it before the sample shows it).
      this.#size = Math.min(this.max, this.#size + 1);
      this.#calm = 0;
    }
    while (this.#active < this.#size && this.#waiting.length > 0) {
      this.#active++;
      this.#waiting.shift()!();
    }
  }
}
