import assert from "node:assert/strict";
import type { Reply } from "../core/types.ts";
import { StderrLog } from "./_subprocess_log.ts";
import { type Pending, PendingRequests } from "./_subprocess_pending.ts";
import { type RestartChild, RestartPolicy } from "./_subprocess_restart.ts";

const encoder = new TextEncoder();

/** A stand-in process: how it ended, what was written to it, whether it was destroyed. */
class FakeChild implements RestartChild {
  retired = false;
  batching = false;
  readonly status: Promise<Deno.CommandStatus | undefined>;
  readonly stderrDone = Promise.resolve();
  unfinished: Uint8Array | undefined;
  readonly splitter = {
    partial: () => this.unfinished && { head: this.unfinished, bytes: this.unfinished.length },
  };
  destroyed = 0;
  written: number[] = [];

  constructor(readonly name: string, status?: Deno.CommandStatus) {
    this.status = Promise.resolve(status);
  }

  destroy(): Promise<void> {
    this.destroyed++;
    return Promise.resolve();
  }
}

const exited = (code: number): Deno.CommandStatus => ({ success: code === 0, code, signal: null });

interface Setup {
  maxRestarts?: number;
  batching?: boolean;
  /** What each launch gives, in turn. */
  launches?: (FakeChild | Error)[];
}

function setup({ maxRestarts = 3, batching = true, launches = [] }: Setup = {}) {
  const tasks: Promise<unknown>[] = [];
  const stats = { restarts: 0, unbatched: 0 };
  const log = new StderrLog(8192);
  const replies = new Map<number, Reply>();
  /** The batching allowed at each launch. */
  const launched: boolean[] = [];
  const state = { closing: false };
  const processes = {
    current: undefined as FakeChild | undefined,
    track: (task: Promise<unknown>) => void tasks.push(task),
  };
  const pending: PendingRequests<FakeChild> = new PendingRequests<FakeChild>(
    60_000,
    (p) => policy.onTimeout(p),
  );
  const write = (child: FakeChild, p: Pending<FakeChild>) => {
    pending.sent(p, child);
    child.written.push(p.seq);
  };
  const policy: RestartPolicy<FakeChild> = new RestartPolicy<FakeChild>({
    pending,
    log,
    stats,
    processes,
    closing: () => state.closing,
    launch: () => {
      launched.push(policy.batching);
      const next = launches.shift();
      if (next === undefined) return Promise.reject(new Error("no process left"));
      return next instanceof Error ? Promise.reject(next) : Promise.resolve({ child: next });
    },
    write,
  }, { batching, maxRestarts, requestTimeoutMs: 100 });
  const request = (child?: FakeChild): Pending<FakeChild> => {
    const seq = pending.nextSeq();
    const p: Pending<FakeChild> = {
      seq,
      operation: "op",
      line: "",
      resolve: (reply) => replies.set(seq, reply),
    };
    pending.add(p);
    if (child) write(child, p);
    return p;
  };
  /** Wait for the background tasks and the restart under way. */
  const drain = async () => {
    for (;;) {
      const task = tasks.shift() ?? policy.restarting;
      if (!task) break;
      await task;
    }
  };
  /** Settle what is left, so that no timer outlives the test. */
  const end = () => {
    for (const p of pending.all()) pending.settle(p, { kind: "skipped", reason: "end" });
  };
  return { policy, pending, log, stats, replies, launched, state, processes, request, drain, end };
}

function message(reply: Reply | undefined): string {
  assert.equal(reply?.kind, "errored", JSON.stringify(reply));
  return (reply as Extract<Reply, { kind: "errored" }>).message;
}

Deno.test("a crash blames the oldest request in flight, restarts and resends the others", async () => {
  const first = new FakeChild("first", exited(3));
  const second = new FakeChild("second");
  const t = setup({ launches: [second] });
  t.processes.current = first;
  const [a, b] = [t.request(first), t.request(first)];
  const c = t.request();
  first.unfinished = encoder.encode('{"par');
  t.policy.onEnd(first);
  assert.equal(first.retired, true);
  assert.equal(t.processes.current, undefined);
  // The blamed request waits for the exit status, not for a process; the others wait for one.
  assert.equal(a.child, first);
  assert.equal(a.deadline, undefined);
  assert.deepEqual(t.pending.waiting(), [b, c]);
  await t.drain();
  assert.equal(
    message(t.replies.get(a.seq)),
    'The implementation exited with code 3 while running request 1 ("op"); unfinished line: "{\\"par"; the process is restarted (restart 1 of at most 3)',
  );
  assert.equal(t.replies.size, 1);
  assert.deepEqual(second.written, [b.seq, c.seq]);
  assert.equal(t.processes.current, second);
  assert.equal(first.destroyed, 1);
  assert.deepEqual(t.stats, { restarts: 1, unbatched: 0 });
  assert.deepEqual(t.launched, [true]);
  t.end();
});

Deno.test("a crash while idle is noted in stderr, then restarted", async () => {
  const first = new FakeChild("first", { success: false, code: 137, signal: "SIGKILL" });
  const t = setup({ launches: [new FakeChild("second")] });
  t.processes.current = first;
  t.policy.onEnd(first);
  await t.drain();
  assert.equal(
    t.log.text(),
    "[netconform] The implementation was killed by signal SIGKILL while idle; the process is restarted (restart 1 of at most 3)\n",
  );
  assert.equal(t.stats.restarts, 1);
  // A retired process's end is ignored.
  t.policy.onEnd(first);
  await t.drain();
  assert.equal(t.stats.restarts, 1);
});

Deno.test("a batching process that crashes with several unanswered is rerun without batching", async () => {
  const first = new FakeChild("first", exited(3));
  first.batching = true;
  const second = new FakeChild("second", exited(4));
  const t = setup({ launches: [second, new FakeChild("third")] });
  t.processes.current = first;
  const all = Array.from({ length: 12 }, () => t.request(first));
  t.policy.onEnd(first);
  await t.drain();
  assert.equal(t.replies.size, 0, "nobody is blamed");
  assert.equal(
    t.log.text(),
    "[netconform] The implementation stopped while holding answers (batching) with requests 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 2 more unanswered; the kit restarts it without batching and runs them again to find which one failed\n" +
      "[netconform] The stopped process exited with code 3\n",
  );
  assert.deepEqual(t.stats, { restarts: 0, unbatched: 1 });
  assert.deepEqual(t.launched, [false]);
  assert.deepEqual(second.written, all.map((p) => p.seq));
  assert.equal(first.destroyed, 1);
  // The rerun process does not batch: its crash blames the oldest alone.
  t.policy.onEnd(second);
  await t.drain();
  assert.deepEqual([...t.replies.keys()], [1]);
  assert.match(message(t.replies.get(1)), /^The implementation exited with code 4 while running/);
  assert.deepEqual(t.stats, { restarts: 1, unbatched: 1 });
  assert.deepEqual(t.launched, [false, false]);
  t.end();
});

Deno.test("a timeout errors the request, destroys the process and resends the others", async () => {
  const first = new FakeChild("first");
  const second = new FakeChild("second");
  const t = setup({ launches: [second] });
  t.processes.current = first;
  const [a, b] = [t.request(first), t.request(first)];
  first.unfinished = encoder.encode("{");
  t.policy.onTimeout(b);
  assert.equal(
    message(t.replies.get(b.seq)),
    'No response to request 2 ("op") within 100 ms (request_ms); unfinished line so far: "{"; the process is restarted (restart 1 of at most 3)',
  );
  await t.drain();
  assert.equal(first.destroyed, 1);
  assert.deepEqual(second.written, [a.seq]);
  // A timeout of a request settled or on a retired process does nothing.
  t.policy.onTimeout(b);
  t.policy.onTimeout({ ...a, child: first });
  await t.drain();
  assert.equal(t.stats.restarts, 1);
  assert.equal(t.replies.size, 1);
  t.end();
});

Deno.test("a timeout of a batching process with several unanswered reruns them all", async () => {
  const first = new FakeChild("first");
  first.batching = true;
  const second = new FakeChild("second");
  const t = setup({ launches: [second] });
  t.processes.current = first;
  const [a, b] = [t.request(first), t.request(first)];
  t.policy.onTimeout(a);
  await t.drain();
  assert.equal(t.replies.size, 0);
  assert.match(
    t.log.text(),
    /^\[netconform\] No response to request 1 \("op"\) within 100 ms \(request_ms\) while holding answers \(batching\) with requests 1, 2 unanswered;/,
  );
  assert.deepEqual(second.written, [a.seq, b.seq]);
  assert.deepEqual(t.stats, { restarts: 0, unbatched: 1 });
  assert.equal(first.destroyed, 1);
  t.end();
});

Deno.test("restarts are bounded: a failed restart counts, then the policy gives up", async () => {
  const first = new FakeChild("first", exited(1));
  const t = setup({ maxRestarts: 2, launches: [new Error("boom")] });
  t.processes.current = first;
  const a = t.request(first);
  const b = t.request();
  // In flight on another process: not errored by the give-up.
  const other = t.request(new FakeChild("other"));
  t.policy.onEnd(first);
  await t.drain();
  assert.match(message(t.replies.get(a.seq)), /restart 1 of at most 2\)$/);
  assert.equal(t.replies.has(other.seq), false);
  const gaveUp =
    "The implementation failed again after 2 restart(s) (max_restarts 2); the kit no longer runs it";
  assert.equal(message(t.replies.get(b.seq)), gaveUp);
  assert.equal(t.policy.gaveUp, gaveUp);
  assert.equal(
    t.log.text(),
    "[netconform] Restart 1 failed: boom\n[netconform] Restart 2 failed: no process left\n",
  );
  assert.equal(t.stats.restarts, 2);
  assert.deepEqual(t.pending.all(), [other]);
  t.end();
});

Deno.test("with no restart left the message says so; closing stops restarts", async () => {
  const first = new FakeChild("first", exited(1));
  const t = setup({ maxRestarts: 0 });
  t.processes.current = first;
  const a = t.request(first);
  t.policy.onEnd(first);
  await t.drain();
  assert.match(message(t.replies.get(a.seq)), /; no restart left \(max_restarts 0\)$/);
  assert.notEqual(t.policy.gaveUp, undefined);

  const other = new FakeChild("other", exited(1));
  const u = setup({ launches: [new FakeChild("next")] });
  u.processes.current = other;
  const b = u.request(other);
  u.state.closing = true;
  u.policy.onEnd(other);
  await u.drain();
  assert.match(message(u.replies.get(b.seq)), /^The implementation exited with code 1/);
  assert.deepEqual(u.launched, []);
  assert.equal(u.stats.restarts, 0);
});

Deno.test("retire forgets the process only if it is the current one, and keeps one request", () => {
  const t = setup();
  const one = new FakeChild("one");
  const two = new FakeChild("two");
  t.processes.current = two;
  const [a, b] = [t.request(one), t.request(one)];
  t.policy.retire(one, b);
  assert.equal(one.retired, true);
  assert.equal(t.processes.current, two);
  assert.equal(a.child, undefined);
  assert.equal(b.child, one);
  t.policy.retire(two, undefined);
  assert.equal(t.processes.current, undefined);
  t.end();
});
