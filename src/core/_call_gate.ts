// Which calls of the cases in flight go at once under memory pressure (private helper of the
// runner): alone, a call always goes; beside others, only while the kit's memory is under the
// mark and the replies the cases in flight hold are under theirs, else it waits (in order)
// for calls and cases to end. The memory window bounds the cases in flight, but each of them
// holds what its calls got back: at the start of a run all of them are in flight, and a
// target that answers 7 MB strings would have every case send its next call at once. The
// report does not depend on it: a case's clock stops while its call waits.
import { HELD_MARK, kitMemory, MEMORY_MARK } from "./_memory_window.ts";

/** A gate of the calls in flight, shut while the kit's memory is over its mark. */
export class CallGate {
  #inFlight = 0;
  #held = 0;
  readonly #waiting: (() => void)[] = [];

  /**
   * @param sample The memory in use now, in bytes.
   * @param mark The bytes over which a call waits for the others.
   * @param heldMark The bytes of replies the cases in flight hold over which a call waits.
   */
  constructor(
    readonly sample: () => number = kitMemory,
    readonly mark: number = MEMORY_MARK,
    readonly heldMark: number = HELD_MARK,
  ) {}

  /** Calls sent and not ended. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** The bytes of replies the cases in flight hold (see `weigh`). */
  get held(): number {
    return this.#held;
  }

  /** A case got a reply of `bytes`, which it holds until it ends. */
  hold(bytes: number): void {
    this.#held += bytes;
  }

  /** A case that held `bytes` of replies ended: the calls waiting go while the gate is open. */
  release(bytes: number): void {
    this.#held -= bytes;
    this.#pump();
  }

  /** A call is to go: undefined when it goes now, else a promise of when it may. */
  enter(): Promise<void> | undefined {
    if (this.#waiting.length === 0 && this.#open()) {
      this.#inFlight++;
      return undefined;
    }
    return new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /** A call ended: the calls waiting go, in order, while the gate is open. */
  leave(): void {
    this.#inFlight--;
    this.#pump();
  }

  #pump(): void {
    while (this.#waiting.length > 0 && this.#open()) {
      this.#inFlight++;
      this.#waiting.shift()!();
    }
  }

  #open(): boolean {
    return this.#inFlight === 0 || (this.#held < this.heldMark && this.sample() < this.mark);
  }
}
