// The restart policy of the subprocess adapter (private): what a crash or a timeout does to
// the requests in flight (blame one, or rerun them all without batching), the process
// retired, and restarts within the budget of max_restarts (then giving up). Generic over
// the process type, so that it is tested with stand-ins.
import { messageOf } from "../core/_message_of.ts";
import { exitFault } from "./_exit_fault.ts";
import type { StderrLog } from "./_subprocess_log.ts";
import type { Pending, PendingRequests } from "./_subprocess_pending.ts";
import { within } from "./_subprocess_child.ts";
import { statusText } from "./_subprocess_handshake.ts";
import { excerpt } from "./_subprocess_text.ts";

/** What the policy needs of a process (a `Child` has it all). */
export interface RestartChild {
  /** Set when the adapter no longer uses the process. */
  retired: boolean;
  /** Whether its handshake said it holds answers. */
  batching: boolean;
  readonly status: Promise<Deno.CommandStatus | undefined>;
  readonly stderrDone: Promise<void>;
  readonly splitter: { partial(): { head: Uint8Array; bytes: number } | undefined };
  destroy(): Promise<void>;
}

/** What the policy works on: the adapter's parts it reads and changes. */
export interface RestartHost<C> {
  readonly pending: PendingRequests<C>;
  readonly log: StderrLog;
  readonly stats: { restarts: number; unbatched: number };
  /** The process requests are written to (undefined while none) and background tasks. */
  readonly processes: { current: C | undefined; track(task: Promise<unknown>): void };
  /** Whether the adapter is closing. */
  closing(): boolean;
  /** Spawn a process and run its handshake (allowing batching per `batching`). */
  launch(): Promise<{ child: C }>;
  /** Write a request to a process. */
  write(child: C, p: Pending<C>): void;
}

/** The limits the policy applies. */
export interface RestartOptions {
  /** Whether handshakes allow batching, until an unbatched restart. */
  batching: boolean;
  maxRestarts: number;
  /** For messages. */
  requestTimeoutMs: number;
}

/** Reacts to failed processes: blames, retires, restarts, gives up. */
export class RestartPolicy<C extends RestartChild> {
  /** Whether the next handshake allows batching (false for good after an unbatched restart). */
  batching: boolean;
  /** Set when the budget is spent: the message every later request is errored with. */
  gaveUp: string | undefined;
  #restarting: Promise<void> | undefined;

  constructor(readonly host: RestartHost<C>, readonly options: RestartOptions) {
    this.batching = options.batching;
  }

  /** The restart under way, if any. */
  get restarting(): Promise<void> | undefined {
    return this.#restarting;
  }

  /** A request got no answer in time: blame it (or rerun without batching) and restart. */
  onTimeout(p: Pending<C>): void {
    this.#hung(
      p,
      `No response to request ${p.seq} ("${p.operation}") within ${this.options.requestTimeoutMs} ms (request_ms)`,
      false,
    );
  }

  /**
   * The kit aborted a request written to a process and still unanswered (its case timed
   * out): the process is taken as hung on it, as on a request timeout, so that later
   * requests do not queue behind it. Only this request is errored (the others in flight are
   * resent to the new process); a batching process is restarted without batching.
   *
   * @returns false when the request is not in flight on a live process (nothing done).
   */
  onAbort(p: Pending<C>): boolean {
    const child = p.child;
    if (!child || child.retired || !this.host.pending.has(p)) return false;
    this.#hung(p, `Request ${p.seq} ("${p.operation}") was aborted by the kit unanswered`, true);
    return true;
  }

  #hung(p: Pending<C>, what: string, aborted: boolean): void {
    const { pending, log, processes } = this.host;
    const child = p.child;
    if (!child || child.retired || !pending.has(p)) return;
    const unanswered = child.batching ? pending.unanswered(child) : [];
    if (unanswered.length > 1) {
      // An aborted request's case is over: it is errored now, the others are run again.
      if (aborted) {
        pending.settle(p, log.errored(`${what}; the process is restarted without batching`));
      }
      this.#unbatch(child, what, unanswered.filter((q) => pending.has(q)));
      processes.track(child.destroy());
      return;
    }
    const partial = child.splitter.partial();
    pending.settle(p, {
      ...log.errored(
        `${what}${
          partial ? `; unfinished line so far: ${excerpt(partial.head, partial.bytes)}` : ""
        }; ${this.#restartNote()}`,
      ),
      fault: {
        kind: "hung",
        detail: aborted
          ? "no answer within the case timeout"
          : `${this.options.requestTimeoutMs} ms`,
      },
    });
    this.retire(child, undefined);
    processes.track(child.destroy());
    this.#schedule();
  }

  /** A process ended its output (after its handshake): blame, retire, restart. */
  onEnd(child: C): void {
    if (child.retired) return;
    const { pending, log, processes } = this.host;
    const unanswered = pending.unanswered(child);
    if (child.batching && unanswered.length > 1) {
      this.#unbatch(child, "The implementation stopped", unanswered);
      processes.track((async () => {
        const status = await within(child.status, 1_000);
        await within(child.stderrDone, 500);
        log.note(`The stopped process ${status ? statusText(status) : "closed its output"}`);
        await child.destroy();
      })());
      return;
    }
    const blamed = unanswered[0];
    // The blamed request waits for the exit status, not for its timeout.
    if (blamed) blamed.deadline = undefined;
    this.retire(child, blamed);
    const partial = child.splitter.partial();
    processes.track((async () => {
      const status = await within(child.status, 1_000);
      await within(child.stderrDone, 500);
      const how = status ? statusText(status) : "closed its output";
      const message = `The implementation ${how}${
        blamed ? ` while running request ${blamed.seq} ("${blamed.operation}")` : " while idle"
      }${
        partial ? `; unfinished line: ${excerpt(partial.head, partial.bytes)}` : ""
      }; ${this.#restartNote()}`;
      if (blamed) pending.settle(blamed, { ...log.errored(message), fault: exitFault(status) });
      else log.note(message);
      if (!this.host.closing()) this.#schedule();
      await child.destroy();
    })());
  }

  /** Stop using a process; its requests in flight (but `keep`) will be resent. */
  retire(child: C, keep: Pending<C> | undefined): void {
    child.retired = true;
    if (this.host.processes.current === child) this.host.processes.current = undefined;
    this.host.pending.detach(child, keep);
  }

  #restartNote(): string {
    const n = this.host.stats.restarts;
    const max = this.options.maxRestarts;
    return n < max
      ? `the process is restarted (restart ${n + 1} of at most ${max})`
      : `no restart left (max_restarts ${max})`;
  }

  /**
   * A batching process crashed or timed out with several requests unanswered: any of them may
   * be the culprit (the others' answers may have been held). Blame none; restart without
   * batching (not counted in maxRestarts) and run them all again, so that the culprit fails
   * again alone and is blamed as with any sequential process.
   */
  #unbatch(child: C, what: string, unanswered: Pending<C>[]): void {
    this.retire(child, undefined);
    this.batching = false;
    this.host.stats.unbatched++;
    const seqs = unanswered.map((p) => p.seq);
    this.host.log.note(
      `${what} while holding answers (batching) with requests ${seqs.slice(0, 10).join(", ")}${
        seqs.length > 10 ? ` and ${seqs.length - 10} more` : ""
      } unanswered; the kit restarts it without batching and runs them again to find which one failed`,
    );
    this.#schedule(true);
  }

  #schedule(uncounted = false): void {
    const host = this.host;
    if (this.#restarting || host.closing()) return;
    this.#restarting = (async () => {
      let free = uncounted;
      while (!host.closing()) {
        if (!free && host.stats.restarts >= this.options.maxRestarts) {
          this.#giveUp(
            `The implementation failed again after ${host.stats.restarts} restart(s) (max_restarts ${this.options.maxRestarts}); the kit no longer runs it`,
          );
          return;
        }
        if (!free) host.stats.restarts++;
        free = false;
        try {
          const { child } = await host.launch();
          if (host.closing()) {
            await child.destroy();
            return;
          }
          host.processes.current = child;
          break;
        } catch (error) {
          host.log.note(`Restart ${host.stats.restarts} failed: ${messageOf(error)}`);
        }
      }
      const child = host.processes.current;
      if (!child) return;
      for (const p of host.pending.waiting()) host.write(child, p);
    })().finally(() => this.#restarting = undefined);
  }

  #giveUp(message: string): void {
    this.gaveUp = message;
    for (const p of this.host.pending.all()) {
      if (!p.child) {
        this.host.pending.settle(p, { ...this.host.log.errored(message), notRun: true });
      }
    }
  }
}
