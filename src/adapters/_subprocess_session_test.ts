import assert from "node:assert/strict";
import type { Reply } from "../core/types.ts";
import { StderrLog } from "./_subprocess_log.ts";
import { PendingRequests } from "./_subprocess_pending.ts";
import {
  encodeRequest,
  LONG_LINE,
  ProtocolSession,
  type SessionChild,
  toReply,
} from "./_subprocess_session.ts";
import type { LineEvent } from "./_subprocess_text.ts";

const encoder = new TextEncoder();

/** A stand-in process that records the lines written to it. */
class FakeChild implements SessionChild {
  lines: string[] = [];
  send(line: string | Uint8Array): void {
    this.lines.push(typeof line === "string" ? line : new TextDecoder().decode(line));
  }
  /** The seqs of the requests written to it. */
  seqs(): number[] {
    return this.lines.map((l) => JSON.parse(l).seq);
  }
}

function setup(maxLineBytes = 1000) {
  const pending = new PendingRequests<FakeChild>(5_000, () => {});
  const log = new StderrLog(4096);
  const stats = { requests: 0, lateResponses: 0, strayLines: 0, duplicateResponses: 0 };
  const session = new ProtocolSession(pending, log, stats, maxLineBytes);
  return { pending, log, stats, session };
}

const line = (message: unknown): LineEvent => ({
  kind: "line",
  bytes: encoder.encode(JSON.stringify(message)),
});
const raw = (text: string): LineEvent => ({ kind: "line", bytes: encoder.encode(text) });
const result = (seq: number, value: unknown) =>
  line({ seq, type: "response", kind: "result", value });

function errored(reply: Reply): string {
  assert.equal(reply.kind, "errored", JSON.stringify(reply));
  return (reply as Extract<Reply, { kind: "errored" }>).message;
}

/** Whether a promise is settled now (after pending microtasks). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol();
  return await Promise.race([promise, new Promise((r) => setTimeout(() => r(marker), 0))]) !==
    marker;
}

Deno.test("encodeRequest writes one protocol line, or says why it cannot", () => {
  const ok = encodeRequest(7, { operation: "echo", input: { a: [1, "é"] } });
  assert.equal(ok.error, undefined);
  assert.equal(typeof ok.line, "string");
  const text = ok.line as string;
  assert.ok(text.endsWith("}\n"));
  assert.equal(text.indexOf("\n"), text.length - 1);
  assert.deepEqual(JSON.parse(text), {
    seq: 7,
    type: "request",
    operation: "echo",
    input: { a: [1, "é"] },
  });
  assert.match(
    encodeRequest(1, { operation: "", input: 1 }).error ?? "",
    /^The kit's request is not a protocol message: "\/operation"/,
  );
  assert.match(
    encodeRequest(1, { operation: "x", input: undefined }).error ?? "",
    /required property 'input'/,
  );
  assert.match(
    encodeRequest(1, { operation: "x", input: { n: 1n } }).error ?? "",
    /^The request's input is not JSON data: /,
  );
});

Deno.test("encodeRequest gives a long line as its UTF-8 bytes, newline included", () => {
  // A surrogate pair across the edge of the chunks it is encoded by.
  const input = "\u202e" + "x".repeat(LONG_LINE - 100) + "\u{1F600}".repeat(40) + "\ud800";
  const line = encodeRequest(3, { operation: "echo", input }).line;
  assert.ok(line instanceof Uint8Array);
  const text = new TextDecoder().decode(line);
  assert.equal(text, JSON.stringify({ seq: 3, type: "request", operation: "echo", input }) + "\n");
  // Just under the length, a line stays text.
  const short = "x".repeat(LONG_LINE - 60);
  assert.equal(typeof encodeRequest(3, { operation: "echo", input: short }).line, "string");
  assert.equal(encodeRequest(3, { operation: "echo", input: 1n }).line, undefined);
});

Deno.test("toReply maps the four response kinds; errored carries the traceback as stderr", () => {
  const log = new StderrLog(4096);
  const base = { seq: 1, type: "response" } as const;
  assert.deepEqual(toReply({ ...base, kind: "result", value: [null] }, log), {
    kind: "result",
    value: [null],
  });
  assert.deepEqual(
    toReply({ ...base, kind: "raised", exception: { type: "E", message: "m" } }, log),
    { kind: "raised", type: "E", message: "m" },
  );
  assert.deepEqual(
    toReply(
      { ...base, kind: "raised", exception: { type: "E", message: "m", traceback: "t" } },
      log,
    ),
    { kind: "raised", type: "E", message: "m", traceback: "t" },
  );
  assert.deepEqual(toReply({ ...base, kind: "skipped", reason: "no" }, log), {
    kind: "skipped",
    reason: "no",
  });
  assert.deepEqual(toReply({ ...base, kind: "errored", message: "bug\u001b[31m" }, log), {
    kind: "errored",
    message: 'The implementation\'s adapter reported an internal error: "bug\\u001b[31m"',
  });
  const tb = "x".repeat(5000) + "\u001b\nend";
  const reply = toReply({ ...base, kind: "errored", message: "bug", traceback: tb }, log);
  assert.equal(reply.kind === "errored" && reply.stderr, "x".repeat(4096 - 5) + "\\u001b\nend");
});

Deno.test("requests are written to the process and matched by seq in any order", async () => {
  const { pending, stats, session } = setup();
  const child = new FakeChild();
  const a = session.request({ operation: "op", input: "a" }, undefined, child);
  const b = session.request({ operation: "op", input: "b" }, undefined, child);
  assert.deepEqual(child.seqs(), [1, 2]);
  assert.equal(stats.requests, 2);
  session.read(child, result(2, "B"));
  assert.deepEqual(await b, { kind: "result", value: "B" });
  assert.equal(await settled(a), false);
  session.read(child, result(1, "A"));
  assert.deepEqual(await a, { kind: "result", value: "A" });
  assert.equal(pending.size, 0);
  // A request that cannot be encoded is errored at once and not counted.
  assert.match(
    errored(await session.request({ operation: "", input: 1 }, undefined, child)),
    /protocol message/,
  );
  assert.equal(stats.requests, 2);
  assert.equal(child.lines.length, 2);
});

Deno.test("without a process a request waits, unwritten", async () => {
  const { pending, session } = setup();
  const reply = session.request({ operation: "op", input: 1 }, undefined, undefined);
  const [p] = pending.waiting();
  assert.equal(p.seq, 1);
  assert.equal(p.line, '{"seq":1,"type":"request","operation":"op","input":1}\n');
  const child = new FakeChild();
  session.write(child, p);
  assert.deepEqual(child.seqs(), [1]);
  assert.equal(p.child, child);
  session.read(child, result(1, true));
  assert.deepEqual(await reply, { kind: "result", value: true });
});

Deno.test("an aborted request is errored and forgotten; its late answer is counted", async () => {
  const { pending, stats, session } = setup();
  const child = new FakeChild();
  const controller = new AbortController();
  const reply = session.request({ operation: "slow", input: 1 }, {
    signal: controller.signal,
  }, child);
  controller.abort();
  assert.equal(errored(await reply), 'Request 1 ("slow") was aborted by the kit');
  assert.equal(pending.size, 0);
  session.read(child, result(1, "late"));
  assert.equal(stats.lateResponses, 1);
  assert.equal(stats.strayLines, 0);
});

Deno.test("bad lines are blamed on the oldest request in flight on that process", async () => {
  const { stats, session } = setup(10);
  const one = new FakeChild();
  const two = new FakeChild();
  const other = session.request({ operation: "op", input: 0 }, undefined, two);
  const replies = [1, 2, 3, 4, 5].map((i) =>
    session.request({ operation: "op", input: i }, undefined, one)
  );
  session.read(one, raw("not json\u001b"));
  assert.equal(
    errored(await replies[0]),
    'The implementation wrote a line that is not JSON: "not json\\u001b"',
  );
  session.read(one, { kind: "line", bytes: new Uint8Array([0x22, 0xff, 0x22]) });
  assert.match(
    errored(await replies[1]),
    /^The implementation wrote a line that is not valid UTF-8: /,
  );
  session.read(one, { kind: "oversized", head: encoder.encode("0123456789"), bytes: 12345 });
  assert.equal(
    errored(await replies[2]),
    'The implementation wrote a line longer than 10 bytes (max_line_bytes): "0123456789"... (12345 bytes)',
  );
  session.read(one, result(99, "?"));
  assert.match(
    errored(await replies[3]),
    /^The implementation answered seq 99, which the kit never sent: /,
  );
  assert.equal(await settled(replies[4]), false);
  assert.equal(await settled(other), false);
  assert.equal(stats.strayLines, 0);
  session.read(one, result(6, "last"));
  session.read(two, result(1, "other"));
  assert.deepEqual(await replies[4], { kind: "result", value: "last" });
  assert.deepEqual(await other, { kind: "result", value: "other" });
});

Deno.test("an invalid message naming a request in flight on the process is blamed on it", async () => {
  const { session } = setup();
  const child = new FakeChild();
  const other = new FakeChild();
  const a = session.request({ operation: "op", input: 1 }, undefined, child);
  const b = session.request({ operation: "op", input: 2 }, undefined, child);
  const c = session.request({ operation: "op", input: 3 }, undefined, other);
  session.read(child, line({ seq: 2, type: "response", kind: "result", vaule: 1 }));
  assert.match(
    errored(await b),
    /^The implementation wrote an invalid protocol message: .*: "\{\\"seq\\":2,/,
  );
  assert.equal(await settled(a), false);
  // Naming a request of another process: the oldest of this one is blamed instead.
  session.read(child, line({ seq: 3, type: "response", kind: "nope" }));
  assert.match(errored(await a), /invalid protocol message/);
  assert.equal(await settled(c), false);
  // A valid answer from the wrong process is late, not an answer.
  session.read(child, result(3, "wrong process"));
  assert.equal(await settled(c), false);
  session.read(other, result(3, "right"));
  assert.deepEqual(await c, { kind: "result", value: "right" });
});

Deno.test("a bad line with nothing in flight is a stray: noted in stderr, counted", () => {
  const { log, stats, session } = setup();
  session.read(new FakeChild(), raw("hello\u202e"));
  assert.equal(stats.strayLines, 1);
  assert.equal(
    log.text(),
    '[netconform] The implementation wrote a line that is not JSON: "hello\\u202e"\n',
  );
});

Deno.test("a second answer to a seq errors the oldest request in flight, else the next one", async () => {
  const { stats, session, log } = setup();
  const child = new FakeChild();
  const a = session.request({ operation: "op", input: "a" }, undefined, child);
  const b = session.request({ operation: "op", input: "b" }, undefined, child);
  session.read(child, result(1, "A"));
  assert.deepEqual(await a, { kind: "result", value: "A" });
  // seq 1 again while seq 2 is in flight: seq 2 takes the blame.
  session.read(child, result(1, "A again"));
  assert.match(errored(await b), /answered seq 1 a second time \(a protocol violation\)/);
  assert.equal(stats.duplicateResponses, 1);
  assert.equal(stats.lateResponses, 0);
  // Nothing in flight: the next request is errored unsent, the one after runs.
  const c = session.request({ operation: "op", input: "c" }, undefined, child);
  session.read(child, result(3, "C"));
  assert.deepEqual(await c, { kind: "result", value: "C" });
  session.read(child, result(3, "C again"));
  assert.match(log.text(), /answered seq 3 a second time/);
  const sent = child.lines.length;
  const d = session.request({ operation: "op", input: "d" }, undefined, child);
  assert.match(errored(await d), /answered seq 3 a second time.*errors this request unsent/);
  assert.equal(child.lines.length, sent);
  const e = session.request({ operation: "op", input: "e" }, undefined, child);
  session.read(child, result(4, "E"));
  assert.deepEqual(await e, { kind: "result", value: "E" });
  assert.equal(stats.duplicateResponses, 2);
});
