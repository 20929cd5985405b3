// Callbacks of runs that go on at once, delivered as if the runs had gone one after the other
// (private helper of run_conformance.ts).

/**
 * Delivers the events of numbered runs in run order: the events of run `i` reach their
 * callbacks live while every earlier run has finished, and are held until then otherwise.
 * A run's events keep their own order.
 */
export class InOrder {
  #head = 0;
  readonly #held: (() => void)[][];
  readonly #finished: boolean[];

  /** @param count How many runs there are (numbered from 0). */
  constructor(count: number) {
    this.#held = Array.from({ length: count }, () => []);
    this.#finished = Array.from({ length: count }, () => false);
  }

  /** Deliver an event of run `index` now, or once the runs before it have finished. */
  emit(index: number, event: () => void): void {
    if (index === this.#head) event();
    else this.#held[index].push(event);
  }

  /** Say that run `index` made its last event; the held events of later runs follow. */
  finish(index: number): void {
    this.#finished[index] = true;
    while (this.#head < this.#finished.length && this.#finished[this.#head]) {
      this.#head++;
      const held = this.#held[this.#head] ?? [];
      this.#held[this.#head] = [];
      for (const event of held) event();
    }
  }
}
