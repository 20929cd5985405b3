import assert from "node:assert/strict";
import {
  handshake,
  type HandshakeChild,
  handshakeEnded,
  handshakeLine,
  type HandshakeOptions,
  statusText,
} from "./_subprocess_handshake.ts";
import type { LineEvent } from "./_subprocess_text.ts";

const encoder = new TextEncoder();

type Answer =
  | { line: unknown }
  | { raw: string }
  | { event: LineEvent }
  | { end: string }
  | { none: true };

/** A stand-in process that answers the handshake as told, through the line hooks. */
class FakeChild implements HandshakeChild {
  handshake?: { seq: number; resolve: (line: Uint8Array | Error) => void };
  batching = false;
  encodings?: readonly string[];
  readonly status: Promise<Deno.CommandStatus | undefined>;
  sent: string[] = [];
  destroyed = 0;
  unfinished: Uint8Array | undefined;
  readonly splitter = {
    partial: () => this.unfinished && { head: this.unfinished, bytes: this.unfinished.length },
  };

  constructor(readonly answer: (request: Record<string, unknown>) => Answer, code = 3) {
    this.status = Promise.resolve({ success: false, code, signal: null });
  }

  send(line: string): void {
    this.sent.push(line);
    const answer = this.answer(JSON.parse(line));
    queueMicrotask(() => {
      if ("none" in answer) return;
      if ("end" in answer) {
        this.unfinished = encoder.encode(answer.end);
        assert.ok(handshakeEnded(this));
        return;
      }
      const event: LineEvent = "event" in answer ? answer.event : {
        kind: "line",
        bytes: encoder.encode("raw" in answer ? answer.raw : JSON.stringify(answer.line)),
      };
      assert.ok(handshakeLine(this, event, 100));
      // The read buffer is reused by the next read: the handshake must have copied the line.
      if (event.kind === "line") event.bytes.fill(0x20);
      assert.equal(this.handshake, undefined);
    });
  }

  destroy(): Promise<void> {
    this.destroyed++;
    return Promise.resolve();
  }
}

const ready = (seq: unknown, extra: Record<string, unknown> = {}) => ({
  seq,
  type: "handshake",
  kind: "ready",
  protocol: "netconform.subprocess/v1",
  implementation: { name: "fake", version: "1", language: "test" },
  ...extra,
});

const options = (extra: Partial<HandshakeOptions> = {}): HandshakeOptions => ({
  seq: 5,
  profile: "p/v1",
  batching: true,
  maxLineBytes: 4096,
  requestTimeoutMs: 1234.5,
  startTimeoutMs: 2_000,
  ...extra,
});

async function failure(child: FakeChild, opts = options()): Promise<string> {
  const error = await handshake(child, opts).then(
    () => assert.fail("the handshake succeeded"),
    (e: Error) => e,
  );
  assert.equal(child.destroyed, 1, "the process is destroyed when the handshake fails");
  assert.equal(child.handshake, undefined);
  return error.message;
}

Deno.test("the handshake sends protocol, profile, batching and limits, and returns the implementation", async () => {
  const child = new FakeChild((r) => ({ line: ready(r.seq, { operations: ["op"] }) }));
  const info = await handshake(child, options());
  assert.deepEqual(info, { name: "fake", version: "1", language: "test", operations: ["op"] });
  assert.equal(child.sent.length, 1);
  assert.ok(child.sent[0].endsWith("}\n"));
  assert.deepEqual(JSON.parse(child.sent[0]), {
    seq: 5,
    type: "handshake",
    protocol: "netconform.subprocess/v1",
    profile: "p/v1",
    batching: true,
    limits: { max_line_bytes: 4096, request_ms: 1235 },
  });
  assert.equal(child.batching, false);
  assert.equal(child.destroyed, 0);
  assert.equal(child.handshake, undefined);
});

Deno.test("no profile, no profile member; batching is what the answer says when allowed", async () => {
  const child = new FakeChild((r) => ({ line: ready(r.seq, { batching: true }) }));
  const info = await handshake(child, options({ profile: undefined }));
  assert.deepEqual(info, { name: "fake", version: "1", language: "test" });
  assert.equal("profile" in JSON.parse(child.sent[0]), false);
  assert.equal(child.batching, true);
});

Deno.test("an answer of batching to a handshake that did not allow it fails", async () => {
  const child = new FakeChild((r) => ({ line: ready(r.seq, { batching: true }) }));
  assert.match(
    await failure(child, options({ batching: false })),
    /^The implementation answered "batching": true to a handshake that did not allow it/,
  );
  assert.equal(JSON.parse(child.sent[0]).batching, false);
});

Deno.test("a refusal, a wrong seq, a bad line or an oversized one fail the handshake", async () => {
  assert.equal(
    await failure(
      new FakeChild((r) => ({
        line: { seq: r.seq, type: "handshake", kind: "refused", message: "no\u001b[2J" },
      })),
    ),
    'The implementation refused the handshake: "no\\u001b[2J"',
  );
  assert.equal(
    await failure(new FakeChild(() => ({ line: ready(9) }))),
    "The implementation's handshake response has seq 9, expected 5",
  );
  assert.equal(
    await failure(new FakeChild(() => ({ raw: "hello" }))),
    'The implementation answered the handshake with a line that is not JSON: "hello"',
  );
  assert.match(
    await failure(new FakeChild((r) => ({ line: { ...ready(r.seq), kind: "maybe" } }))),
    /^The implementation's handshake response is not valid: .*: "\{\\"seq\\":5,/,
  );
  assert.equal(
    await failure(
      new FakeChild(() => ({
        event: { kind: "oversized", head: encoder.encode("{"), bytes: 101 },
      })),
    ),
    `The implementation's handshake response is longer than 100 bytes: "{"`,
  );
});

Deno.test("no answer in time, an abort or an early end fail the handshake", async () => {
  assert.equal(
    await failure(new FakeChild(() => ({ none: true })), options({ startTimeoutMs: 30 })),
    "The implementation did not answer the handshake within 30 ms",
  );
  const controller = new AbortController();
  const aborted = failure(
    new FakeChild(() => ({ none: true })),
    options({
      signal: controller.signal,
    }),
  );
  controller.abort();
  assert.equal(await aborted, "The start was aborted");
  assert.equal(
    await failure(new FakeChild(() => ({ end: '{"se' }))),
    'The implementation ended its output before answering the handshake; unfinished line: "{\\"se" (the process exited with code 3)',
  );
});

Deno.test("without a handshake waiting, lines and ends are not the handshake's", () => {
  const child = new FakeChild(() => ({ none: true }));
  assert.equal(handshakeLine(child, { kind: "line", bytes: new Uint8Array(1) }, 100), false);
  assert.equal(handshakeEnded(child), false);
});

Deno.test("statusText says how a process ended", () => {
  assert.equal(statusText({ success: false, code: 3, signal: null }), "exited with code 3");
  assert.equal(
    statusText({ success: false, code: 137, signal: "SIGKILL" }),
    "was killed by signal SIGKILL",
  );
});

Deno.test("the handshake records the input encodings the answer lists (none when absent), not in the info", async () => {
  const child = new FakeChild((r) => ({
    line: ready(r.seq, { encodings: ["netconform.pyvalue/v1"] }),
  }));
  const info = await handshake(child, options());
  assert.deepEqual(child.encodings, ["netconform.pyvalue/v1"]);
  assert.equal("encodings" in info, false);
  const plain = new FakeChild((r) => ({ line: ready(r.seq) }));
  await handshake(plain, options());
  assert.deepEqual(plain.encodings, []);
  const bad = new FakeChild((r) => ({
    line: ready(r.seq, { encodings: "netconform.pyvalue/v1" }),
  }));
  assert.match(await failure(bad), /handshake response is not valid: "\/encodings" must be array/);
});
