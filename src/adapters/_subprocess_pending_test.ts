import assert from "node:assert/strict";
import type { Reply } from "../core/types.ts";
import { type Pending, PENDING_RENEWAL, PendingRequests } from "./_subprocess_pending.ts";

/** A stand-in process: the table only compares processes by identity. */
interface Proc {
  name: string;
}

function request(table: PendingRequests<Proc>, replies: Map<number, Reply[]>): Pending<Proc> {
  const seq = table.nextSeq();
  const p: Pending<Proc> = {
    seq,
    operation: "op",
    line: `${seq}\n`,
    resolve: (reply) => replies.set(seq, [...replies.get(seq) ?? [], reply]),
  };
  table.add(p);
  return p;
}

const result = (value: unknown): Reply => ({ kind: "result", value });

Deno.test("seq numbers are handed out in order, and issued() tells late from unknown", () => {
  const table = new PendingRequests<Proc>(1_000, () => {});
  assert.equal(table.nextSeq(), 1);
  assert.equal(table.nextSeq(), 2);
  assert.ok(table.issued(1));
  assert.ok(table.issued(2));
  assert.ok(!table.issued(3));
  assert.ok(!table.issued(50));
});

Deno.test("settle resolves a request once, runs its cleanup once and forgets it", () => {
  const table = new PendingRequests<Proc>(1_000, () => {});
  const replies = new Map<number, Reply[]>();
  const a = request(table, replies);
  const b = request(table, replies);
  let cleanups = 0;
  a.cleanup = () => cleanups++;
  assert.equal(table.size, 2);
  table.settle(a, result(1));
  table.settle(a, result(2));
  assert.deepEqual(replies.get(a.seq), [result(1)]);
  assert.equal(cleanups, 1);
  assert.equal(table.get(a.seq), undefined);
  assert.ok(!table.has(a));
  assert.equal(table.get(b.seq), b);
  assert.deepEqual(table.all(), [b]);
  table.settle(b, result(3));
  assert.equal(table.size, 0);
});

Deno.test("every request added stays reachable across renewals of the map", () => {
  const table = new PendingRequests<Proc>(1_000, () => {});
  const replies = new Map<number, Reply[]>();
  const all: Pending<Proc>[] = [];
  for (let i = 0; i < PENDING_RENEWAL * 2 + 10; i++) {
    all.push(request(table, replies));
    // Settle every other one, so the map is renewed while not empty too.
    if (i % 2 === 1) table.settle(all[i - 1], result(i));
  }
  assert.equal(table.size, PENDING_RENEWAL + 5);
  for (const [i, p] of all.entries()) assert.equal(table.get(p.seq), i % 2 === 0 ? undefined : p);
});

Deno.test("the oldest request in flight on the process is blamed unless one is named", () => {
  const table = new PendingRequests<Proc>(1_000, () => {});
  const replies = new Map<number, Reply[]>();
  const one: Proc = { name: "one" };
  const two: Proc = { name: "two" };
  const [a, b, c, d] = [1, 2, 3, 4].map(() => request(table, replies));
  // Written out of seq order: blame goes by seq, not by send order.
  table.sent(c, one);
  table.sent(b, one);
  table.sent(a, two);
  // d waits for a process.
  const bad: Reply = { kind: "errored", message: "bad line" };
  assert.ok(table.blame(one, undefined, () => bad));
  assert.deepEqual(replies.get(b.seq), [bad]);
  assert.ok(table.blame(one, d, () => bad));
  assert.deepEqual(replies.get(d.seq), [bad]);
  assert.ok(table.blame(one, undefined, () => bad));
  assert.deepEqual(replies.get(c.seq), [bad]);
  let built = 0;
  assert.equal(table.blame(one, undefined, () => (built++, bad)), false);
  assert.equal(built, 0);
  assert.deepEqual(table.all(), [a]);
  table.settle(a, result(0));
});

Deno.test("unanswered, waiting and detach sort requests by process", () => {
  const table = new PendingRequests<Proc>(1_000, () => {});
  const replies = new Map<number, Reply[]>();
  const one: Proc = { name: "one" };
  const two: Proc = { name: "two" };
  const [a, b, c, d, e] = [1, 2, 3, 4, 5].map(() => request(table, replies));
  table.sent(d, one);
  table.sent(a, one);
  table.sent(b, two);
  table.sent(c, one);
  assert.deepEqual(table.unanswered(one), [a, c, d]);
  assert.deepEqual(table.unanswered(two), [b]);
  assert.deepEqual(table.waiting(), [e]);
  table.detach(one, c);
  assert.deepEqual(table.unanswered(one), [c]);
  assert.deepEqual(table.waiting(), [a, d, e]);
  assert.equal(a.child, undefined);
  assert.equal(a.deadline, undefined);
  assert.equal(c.child, one);
  assert.notEqual(c.deadline, undefined);
  for (const p of table.all()) table.settle(p, result(p.seq));
  assert.equal(replies.size, 5);
});

Deno.test("requests time out in send order; settled and resent ones do not at their old deadline", async () => {
  const fired: { seq: number; at: number }[] = [];
  const table = new PendingRequests<Proc>(40, (p) => {
    fired.push({ seq: p.seq, at: performance.now() });
    table.settle(p, { kind: "errored", message: "timeout" });
  });
  const replies = new Map<number, Reply[]>();
  const one: Proc = { name: "one" };
  const two: Proc = { name: "two" };
  const [a, b, c, d] = [1, 2, 3, 4].map(() => request(table, replies));
  table.sent(b, two);
  table.sent(a, one);
  table.sent(c, one);
  table.settle(c, result("in time"));
  // d is not written: it never times out.
  await new Promise((resolve) => setTimeout(resolve, 15));
  table.detach(one, undefined);
  const resentAt = performance.now();
  table.sent(a, one); // resent: a new deadline
  for (let i = 0; i < 200 && fired.length < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.deepEqual(fired.map((f) => f.seq), [b.seq, a.seq]);
  assert.ok(fired[1].at >= resentAt + 40, "a timed out at its first deadline");
  assert.deepEqual(replies.get(c.seq), [result("in time")]);
  assert.deepEqual(table.all(), [d]);
  table.settle(d, result(4));
});

Deno.test("stopTimer leaves no timer behind", () => {
  let calls = 0;
  const table = new PendingRequests<Proc>(10, () => calls++);
  const p = request(table, new Map());
  table.sent(p, { name: "one" });
  table.stopTimer();
  // The test sanitizer fails the test if a timer is still pending.
  assert.equal(calls, 0);
  assert.ok(table.has(p));
});

Deno.test("a settled request keeps neither its reply nor its line while one in flight is older", async () => {
  // In a process whose heap holds 160 MB: 40 answered requests, each with a 7 MB reply and a
  // 7 MB request line, queued behind one still in flight, would need 560 MB if the timeout
  // queue kept them alive (it did: every reply of a long run stayed in memory).
  const url = new URL("./_subprocess_pending.ts", import.meta.url).href;
  const script = `
    const { PendingRequests } = await import(${JSON.stringify(url)});
    const table = new PendingRequests(600_000, () => {});
    const child = {};
    const add = (line) => {
      const p = { seq: table.nextSeq(), operation: "op", line, resolve: () => {} };
      const settled = new Promise((resolve) => p.resolve = resolve);
      table.add(p);
      table.sent(p, child);
      return { p, settled };
    };
    add("hung\\n");
    for (let i = 0; i < 40; i++) {
      const big = JSON.parse(JSON.stringify(String(i) + "x".repeat(7_000_000)));
      const { p, settled } = add(big);
      table.settle(p, { kind: "result", value: big });
      await settled;
    }
    table.stopTimer();
    console.log(table.size);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--max-old-space-size=160", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, `the process ended with ${out.code}: ${stderr.slice(-300)}`);
  assert.equal(new TextDecoder().decode(out.stdout).trim(), "1");
});

Deno.test("detach tells each request taken off the process that it is sent again, not the kept one", () => {
  const table = new PendingRequests<Proc>(60_000, () => {});
  const replies = new Map<number, Reply[]>();
  const child = { name: "first" };
  const [a, b, c] = [request(table, replies), request(table, replies), request(table, replies)];
  const told: number[] = [];
  for (const p of [a, b, c]) {
    p.requeued = () => told.push(p.seq);
    table.sent(p, child);
  }
  table.detach(child, a);
  assert.deepEqual(told, [b.seq, c.seq]);
  // A settled request is told nothing.
  table.settle(b, result(1));
  table.detach(child, undefined);
  assert.deepEqual(told, [b.seq, c.seq, a.seq]);
  for (const p of table.all()) table.settle(p, result(0));
  table.stopTimer();
});
