// Which calls of the cases in flight go at once under memory pressure (private helper of the
// runner): alone, a call always goes; beside others, only while the kit's memory is under the
// mark, else it waits (in order) for calls to end. The memory window bounds the cases in
// flight, but each of them holds what its calls got back: at the start of a run all of them
// are in flight, and a target that answers 7 MB strings would have every case send its next
// call at once. The report does not depend on it: a case's clock stops while its call waits.
import { kitMemory, MEMORY_MARK } from "./_memory_window.ts";

/** A gate of the calls in flight, shut while the kit's memory is over its mark. */
export class CallGate {
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  /**
   * @param sample The memory in use now, in bytes.
   * @param mark The bytes over which a call waits for the others.
   */
  constructor(
    readonly sample: () => number = kitMemory,
    readonly mark: number = MEMORY_MARK,
  ) {}

  /** Calls sent and not ended. */
  get inFlight(): number {
    return this.#inFlight;
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
    while (this.#waiting.length > 0 && this.#open()) {
      this.#inFlight++;
      this.#waiting.shift()!();
    }
  }

  #open(): boolean {
    return this.#inFlight === 0 || this.sample() < this.mark;
  }
}
