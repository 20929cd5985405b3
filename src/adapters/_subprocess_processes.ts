// The processes of one subprocess adapter (private): spawning them, the current one, the
// background tasks that watch them, and stopping them all when the adapter closes.
import { messageOf } from "../core/_message_of.ts";
import { Child, type ChildOptions, within } from "./_subprocess_child.ts";

/** Every process an adapter spawned and still has to stop. */
export class Processes {
  /** The process requests are written to; undefined before the start and during restarts. */
  current: Child | undefined;
  #children = new Set<Child>();
  #tasks = new Set<Promise<unknown>>();

  /**
   * @param options How to spawn a process.
   * @param stats The counter of spawns to update.
   */
  constructor(readonly options: ChildOptions, readonly stats: { spawns: number }) {}

  /**
   * Spawn a process (it is not made current).
   *
   * @throws {Error} When the program cannot be spawned.
   */
  spawn(): Child {
    let child: Child;
    try {
      child = new Child(this.options);
    } catch (error) {
      throw new Error(
        `Could not start "${this.options.argv[0]}"${
          this.options.cwd ? ` in "${this.options.cwd}"` : ""
        }: ${messageOf(error)}`,
      );
    }
    this.stats.spawns++;
    this.#children.add(child);
    // One that ended by itself: what it left in its group goes too (and the group is untracked).
    this.track(
      child.status.then(() => child.stdoutDone).then(() => {
        this.#children.delete(child);
        child.kill();
      }),
    );
    return child;
  }

  /** Keep a background task, so that `close()` waits for it (bounded). */
  track(task: Promise<unknown>): void {
    this.#tasks.add(task);
    task.finally(() => this.#tasks.delete(task));
  }

  /**
   * Stop the current process gracefully (stdin closed, then killed after `graceMs`) and kill
   * the others; wait (bounded) for `busy()` and the background tasks, then kill whatever a
   * start or restart that completed meanwhile left.
   */
  async close(graceMs: number, busy: () => Promise<unknown>): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await Promise.all(
      [...this.#children].map((c) => c === current ? c.stop(graceMs) : c.destroy()),
    );
    await within(busy(), 5_000);
    await within(Promise.all([...this.#tasks]), 5_000);
    await Promise.all([...this.#children].map((c) => c.destroy()));
  }
}
