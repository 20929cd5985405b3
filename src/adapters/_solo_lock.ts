// A shared/exclusive lock with writer preference (private helper of the MCP client adapter): calls
// share the connection; a call re-sent alone after a crash holds it alone.

/**
 * Calls share the connection; a call re-sent alone after a crash holds it alone (writer
 * preference: calls that come while one waits, wait behind it).
 */
export class SoloLock {
  #shared = 0;
  #solo = false;
  #waiting: { solo: boolean; go: () => void }[] = [];
  async shared(): Promise<() => void> {
    if (this.#solo || this.#waiting.length > 0) {
      await new Promise<void>((go) => this.#waiting.push({ solo: false, go }));
    } else this.#shared++;
    return () => {
      this.#shared--;
      this.#pump();
    };
  }
  async solo(): Promise<() => void> {
    if (this.#solo || this.#shared > 0 || this.#waiting.length > 0) {
      await new Promise<void>((go) => this.#waiting.push({ solo: true, go }));
    } else this.#solo = true;
    return () => {
      this.#solo = false;
      this.#pump();
    };
  }
  #pump(): void {
    while (this.#waiting.length > 0 && !this.#solo) {
      const next = this.#waiting[0];
      if (next.solo) {
        if (this.#shared > 0) return;
        this.#waiting.shift();
        this.#solo = true;
        next.go();
        return;
      }
      this.#waiting.shift();
      this.#shared++;
      next.go();
    }
  }
}
