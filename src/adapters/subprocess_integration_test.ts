import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../core/seed.ts";
import type { Reply } from "../core/types.ts";
import { subprocessAdapter, type SubprocessAdapterOptions } from "./subprocess.ts";
import { pythonPath } from "../testing/python_path.ts";

const PYTHON = pythonPath();
const FAKE = new URL("./testdata/fake_impl.py", import.meta.url).pathname;
const seed = resolveSeed();
console.log(`subprocess_test seed: ${seed}`);

function fake(mode = "ok", options: Partial<SubprocessAdapterOptions> = {}) {
  return subprocessAdapter({
    argv: [PYTHON, FAKE, mode],
    profile: "test.profile/v1",
    requestTimeoutMs: 2_000,
    startTimeoutMs: 5_000,
    closeTimeoutMs: 500,
    ...options,
  });
}

function test(name: string, fn: () => Promise<void>) {
  Deno.test({ name, fn, sanitizeOps: true, sanitizeResources: true });
}

const run = (adapter: ReturnType<typeof fake>, input: unknown) =>
  adapter.run({ operation: "test", input });

function errored(reply: Reply): Extract<Reply, { kind: "errored" }> {
  assert.equal(reply.kind, "errored", `expected errored, got ${JSON.stringify(reply)}`);
  return reply as Extract<Reply, { kind: "errored" }>;
}

test("handshake sends protocol, profile and limits and returns the implementation", async () => {
  const adapter = fake("ok", { maxLineBytes: 4096, requestTimeoutMs: 1234 });
  try {
    const info = await adapter.start();
    assert.equal(info.name, "fake");
    assert.equal(info.language, "python");
    assert.deepEqual(info.operations, ["test"]);
    // The fake echoes what the kit sent in the handshake.
    assert.equal(info.profile, "test.profile/v1");
    assert.deepEqual(info.limits, { max_line_bytes: 4096, request_ms: 1234 });
  } finally {
    await adapter.close();
  }
});

test("long request lines (written as bytes) and short ones sent together arrive whole, in order", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    const long = "\u202e\x1b" + "é".repeat(200_000);
    const replies = await Promise.all(
      ["a", long, "b", long + "c"].map((value) => run(adapter, { do: "echo", value })),
    );
    assert.deepEqual(replies.map((r) => r.kind === "result" ? r.value : r), [
      "a",
      long,
      "b",
      long + "c",
    ]);
  } finally {
    await adapter.close();
  }
});

test("the four response kinds map to replies", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    assert.deepEqual(await run(adapter, { do: "echo", value: { a: [1, null] } }), {
      kind: "result",
      value: { a: [1, null] },
    });
    assert.deepEqual(await run(adapter, { do: "raise" }), {
      kind: "raised",
      type: "KeyError",
      message: "'x'",
      traceback: "tb",
    });
    assert.deepEqual(await run(adapter, { do: "skip" }), { kind: "skipped", reason: "not today" });
    const e = errored(await run(adapter, { do: "errored" }));
    assert.match(e.message, /adapter reported an internal error: "adapter bug"/);
    assert.match(e.stderr ?? "", /Traceback: boom/);
  } finally {
    await adapter.close();
  }
});

test("pipelined requests are matched by seq whatever the answer order (property)", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ value: fc.jsonValue({ maxDepth: 2 }), defer: fc.boolean() }), {
          minLength: 1,
          maxLength: 30,
        }),
        async (items) => {
          // Deferred requests are answered later, in reverse order, when "flush" arrives.
          const replies = items.map((item, i) =>
            run(adapter, { do: item.defer ? "defer" : "echo", value: [i, item.value] })
          );
          const flush = run(adapter, { do: "flush", value: "flushed" });
          const got = await Promise.all(replies);
          // JSON round trip: -0 becomes 0, as any JSON transport does.
          const expected = items.map((item, i) => JSON.parse(JSON.stringify([i, item.value])));
          assert.deepEqual(got, expected.map((value) => ({ kind: "result", value })));
          assert.deepEqual(await flush, { kind: "result", value: "flushed" });
        },
      ),
      { seed, numRuns: 25 },
    );
    assert.equal(adapter.stats().spawns, 1);
  } finally {
    await adapter.close();
  }
});

test("the kit validates its own requests before sending", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    assert.match(
      errored(await adapter.run({ operation: "", input: 1 })).message,
      /not a protocol message: "\/operation"/,
    );
    assert.match(
      errored(await adapter.run({ operation: "test", input: undefined })).message,
      /required property 'input'/,
    );
    assert.match(
      errored(await adapter.run({ operation: "test", input: { n: 1n } })).message,
      /not JSON data/,
    );
    assert.equal(adapter.stats().requests, 0);
  } finally {
    await adapter.close();
  }
});

test("invalid responses are errored with an escaped excerpt, and the process goes on", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    const garbage = errored(await run(adapter, { do: "garbage" }));
    assert.match(garbage.message, /not JSON: "garbage \\u001b\[2J here"/);
    assert.ok(!garbage.message.includes("\x1b"));
    assert.match(
      errored(await run(adapter, { do: "bad-message" })).message,
      /invalid protocol message: .*value/,
    );
    assert.match(
      errored(await run(adapter, { do: "wrong-seq" })).message,
      /which the kit never sent/,
    );
    assert.match(errored(await run(adapter, { do: "invalid-utf8" })).message, /not valid UTF-8/);
    // A valid answer after garbage still lands: the stream is line-synchronised.
    assert.deepEqual(await run(adapter, { do: "echo", value: 5 }), { kind: "result", value: 5 });
    // A second answer to the same seq is a protocol violation: the next request is errored
    // (unsent when nothing is in flight as the line is read, else blamed in flight, its own
    // answer then late); the one after runs.
    assert.deepEqual(await run(adapter, { do: "dup" }), { kind: "result", value: 1 });
    assert.match(
      errored(await run(adapter, { do: "echo", value: 6 })).message,
      /answered seq \d+ a second time \(a protocol violation\)/,
    );
    assert.deepEqual(await run(adapter, { do: "echo", value: 7 }), { kind: "result", value: 7 });
    assert.equal(adapter.stats().duplicateResponses, 1);
    assert.ok(adapter.stats().lateResponses <= 1);
    assert.equal(adapter.stats().spawns, 1);
  } finally {
    await adapter.close();
  }
});

test("a line longer than maxLineBytes is errored with its size, then reading resumes", async () => {
  const adapter = fake("ok", { maxLineBytes: 1000 });
  try {
    await adapter.start();
    const e = errored(await run(adapter, { do: "huge", bytes: 200_000 }));
    assert.match(e.message, /longer than 1000 bytes \(max_line_bytes\): "\{.*\.\.\. \(\d+ bytes\)/);
    assert.deepEqual(await run(adapter, { do: "huge", bytes: 10 }), {
      kind: "result",
      value: "x".repeat(10),
    });
  } finally {
    await adapter.close();
  }
});

test("a crash errors the request in flight, restarts, replays the handshake and the others", async () => {
  const adapter = fake();
  try {
    const first = await adapter.start();
    // Both lines reach the process together; it dies on the first one.
    const [crash, after] = await Promise.all([
      run(adapter, { do: "exit", code: 9 }),
      run(adapter, { do: "echo", value: "replayed" }),
    ]);
    assert.match(errored(crash).message, /exited with code 9 while running request \d+ \("test"\)/);
    // "replayed" would be errored "request before handshake" without the handshake replay.
    assert.deepEqual(after, { kind: "result", value: "replayed" });
    const segv = errored(await run(adapter, { do: "segv" }));
    assert.match(segv.message, /killed by signal SIGSEGV/);
    assert.deepEqual(await run(adapter, { do: "echo", value: 1 }), { kind: "result", value: 1 });
    assert.deepEqual(adapter.stats().spawns, 3);
    assert.deepEqual(adapter.stats().restarts, 2);
    assert.ok(first.pid);
  } finally {
    await adapter.close();
  }
});

test("batching: the handshake allows it unless told not to, and the answer is kept", async () => {
  for (const batching of [true, false]) {
    const adapter = fake("batch", { batching });
    try {
      await adapter.start();
      // Held answers arrive when the fake writes its batch of three.
      const [hello, ...replies] = await Promise.all([
        run(adapter, { do: "handshake" }),
        ...[1, 2].map((value) => run(adapter, { value })),
      ]);
      assert.equal(hello.kind, "result");
      assert.equal((hello as { value: { batching: boolean } }).value.batching, batching);
      assert.deepEqual(replies.map((r) => r.kind === "result" && r.value), [1, 2]);
    } finally {
      await adapter.close();
    }
  }
});

test("batching: an answer of batching the handshake did not allow fails the start", async () => {
  const adapter = fake("batch-always", { batching: false });
  try {
    await assert.rejects(
      adapter.start(),
      /answered "batching": true to a handshake that did not allow it/,
    );
  } finally {
    await adapter.close();
  }
});

test("batching: a crash with several answers held is rerun without batching, and only the culprit is errored", async () => {
  const adapter = fake("batch");
  try {
    await adapter.start();
    // The fake holds the answers to "a" and "b" (two of its three) when "exit" kills it:
    // blaming the oldest request in flight would error the innocent "a".
    const [a, b, crash, c] = await Promise.all([
      run(adapter, { value: "a" }),
      run(adapter, { value: "b" }),
      run(adapter, { do: "exit", code: 9 }),
      run(adapter, { value: "c" }),
    ]);
    assert.deepEqual([a, b, c], ["a", "b", "c"].map((value) => ({ kind: "result", value })));
    assert.match(errored(crash).message, /exited with code 9 while running request \d+ \("test"\)/);
    assert.match(
      adapter.stderr(),
      /stopped while holding answers \(batching\) with requests \d+, \d+, \d+, \d+ unanswered; the kit restarts it without batching/,
    );
    const hello = await run(adapter, { do: "handshake" });
    assert.equal((hello as { value: { batching: boolean } }).value.batching, false);
    // The rerun without batching is not counted against maxRestarts; the culprit's crash is.
    assert.deepEqual(
      [adapter.stats().spawns, adapter.stats().restarts, adapter.stats().unbatched],
      [3, 1, 1],
    );
  } finally {
    await adapter.close();
  }
});

test("batching: a timeout with several answers held is rerun without batching, and only the hung request is errored", async () => {
  const adapter = fake("batch", { requestTimeoutMs: 300 });
  try {
    await adapter.start();
    const t0 = performance.now();
    // "a" is answered but held while "hang" runs: its deadline passes first.
    const [a, hung, b] = await Promise.all([
      run(adapter, { value: "a" }),
      run(adapter, { do: "hang" }),
      run(adapter, { value: "b" }),
    ]);
    assert.deepEqual([a, b], ["a", "b"].map((value) => ({ kind: "result", value })));
    assert.match(errored(hung).message, /No response to request \d+ \("test"\) within 300 ms/);
    assert.match(
      adapter.stderr(),
      /No response to request \d+ \("test"\) within 300 ms \(request_ms\) while holding answers/,
    );
    assert.deepEqual([adapter.stats().restarts, adapter.stats().unbatched], [1, 1]);
    assert.ok(performance.now() - t0 < 3_000);
  } finally {
    await adapter.close();
  }
});

test("batching: one request unanswered is blamed at once; batching: false never reruns", async () => {
  for (const batching of [true, false]) {
    const adapter = fake("batch", { batching });
    try {
      await adapter.start();
      assert.match(
        errored(await run(adapter, { do: "exit", code: 5 })).message,
        /exited with code 5/,
      );
      // "flush" makes the fake write what it holds: a lone request is answered.
      assert.deepEqual(await run(adapter, { do: "flush", value: 1 }), { kind: "result", value: 1 });
      assert.deepEqual([adapter.stats().restarts, adapter.stats().unbatched], [1, 0]);
    } finally {
      await adapter.close();
    }
  }
});

test("a partial line then exit is errored with the unfinished line", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    const e = errored(await run(adapter, { do: "partial", then: "exit" }));
    assert.match(
      e.message,
      /exited with code 4.*unfinished line: "\{\\"seq\\": \d+, \\"type\\": \\"resp"/,
    );
  } finally {
    await adapter.close();
  }
});

test("a timeout errors the request, kills the process and replays the others", async () => {
  const adapter = fake("ok", { requestTimeoutMs: 300 });
  try {
    await adapter.start();
    const t0 = performance.now();
    const [hung, queued] = await Promise.all([
      run(adapter, { do: "partial" }),
      run(adapter, { do: "echo", value: "after" }),
    ]);
    const e = errored(hung);
    assert.match(e.message, /No response to request \d+ \("test"\) within 300 ms/);
    assert.match(e.message, /unfinished line so far: "\{\\"seq\\"/);
    assert.match(e.message, /restart 1 of at most 3/);
    assert.deepEqual(queued, { kind: "result", value: "after" });
    assert.ok(performance.now() - t0 < 3_000);
    assert.equal(adapter.stats().spawns, 2);
  } finally {
    await adapter.close();
  }
});

test("restarts are bounded: past maxRestarts every request is errored at once", async () => {
  const adapter = fake("ok", { maxRestarts: 1, requestTimeoutMs: 200 });
  try {
    await adapter.start();
    errored(await run(adapter, { do: "hang" }));
    errored(await run(adapter, { do: "exit" }));
    const t0 = performance.now();
    const late = errored(await run(adapter, { do: "echo", value: 1 }));
    assert.match(
      late.message,
      /after 1 restart\(s\) \(max_restarts 1\); the kit no longer runs it/,
    );
    assert.ok(performance.now() - t0 < 100);
    assert.equal(adapter.stats().spawns, 2);
  } finally {
    await adapter.close();
  }
});

test("stray lines while idle are kept in stderr(), not blamed", async () => {
  const adapter = fake("chatty");
  try {
    await adapter.start();
    assert.deepEqual(await run(adapter, { do: "echo", value: 1 }), { kind: "result", value: 1 });
    assert.equal(adapter.stats().strayLines, 1);
    assert.match(
      adapter.stderr(),
      /\[netconform\] The implementation wrote a line that is not JSON: "a stray line"/,
    );
  } finally {
    await adapter.close();
  }
});

test("stderr is kept in a bounded ring and attached to errored replies", async () => {
  const adapter = fake("ok", { stderrBytes: 100 });
  try {
    await adapter.start();
    await run(adapter, { do: "stderr", text: "a".repeat(500) + "\x1b[31mTAIL\n" });
    const text = adapter.stderr();
    assert.match(text, /^\[\.\.\. 4\d\d earlier bytes dropped\]\n/);
    assert.match(text, /a\\u001b\[31mTAIL\n$/);
    const e = errored(await run(adapter, { do: "exit", code: 2 }));
    assert.match(e.stderr ?? "", /TAIL/);
  } finally {
    await adapter.close();
  }
});

test("start failures reject with a clear message", async () => {
  const cases: [string, Partial<SubprocessAdapterOptions>, RegExp][] = [
    ["garbage", {}, /answered the handshake with a line that is not JSON: "hello there"/],
    ["refuse", {}, /refused the handshake: "no licence\\u001b\[31m"/],
    ["silent", { startTimeoutMs: 300 }, /did not answer the handshake within 300 ms/],
    ["exit", {}, /before answering the handshake \(the process exited with code 3\)/],
    ["wrong-seq", {}, /handshake response has seq \d+, expected \d+/],
    ["bad-protocol", {}, /handshake response is not valid: "\/protocol" must be equal to constant/],
  ];
  for (const [mode, options, pattern] of cases) {
    const adapter = fake(mode, options);
    try {
      await assert.rejects(adapter.start(), pattern, mode);
      if (mode === "exit") assert.match(adapter.stderr(), /fake: cannot start/);
    } finally {
      await adapter.close();
    }
  }
  const missing = subprocessAdapter({ argv: ["/nonexistent/program"] });
  await assert.rejects(missing.start(), /Could not start "\/nonexistent\/program"/);
  assert.match(
    errored(await missing.run({ operation: "x", input: 1 })).message,
    /could not be started/,
  );
  await missing.close();
  assert.throws(() => subprocessAdapter({ argv: [] }), /argv is empty/);
  assert.throws(
    () => subprocessAdapter({ argv: ["x"], requestTimeoutMs: 0 }),
    /"requestTimeoutMs"/,
  );
});

test("an aborted request is errored promptly and its late answer ignored", async () => {
  const adapter = fake();
  try {
    await adapter.start();
    const abort = new AbortController();
    const reply = adapter.run({ operation: "test", input: { do: "sleep", ms: 300, value: 1 } }, {
      signal: abort.signal,
    });
    abort.abort();
    assert.match(errored(await reply).message, /aborted by the kit$/);
    assert.deepEqual(await run(adapter, { do: "echo", value: 2 }), { kind: "result", value: 2 });
    assert.equal(adapter.stats().lateResponses, 1);
    assert.equal(adapter.stats().restarts, 0);
  } finally {
    await adapter.close();
  }
});

test("a hung request aborted before request_ms blames only itself; later requests run", async () => {
  // Issue 14: a case timeout shorter than request_ms used to leave the process hung, and
  // every later request queued behind it until its own case timed out too.
  for (const batching of [false, true]) {
    const adapter = fake("ok", { requestTimeoutMs: 5_000, batching, maxRestarts: 5 });
    try {
      await adapter.start();
      const abort = new AbortController();
      const hung = adapter.run({ operation: "test", input: { do: "hang" } }, {
        signal: abort.signal,
      });
      const others = [1, 2, 3].map((value) => run(adapter, { do: "sleep", ms: 50, value }));
      const t0 = performance.now();
      // The runner's case timeout aborts with a TimeoutError.
      setTimeout(() => abort.abort(new DOMException("case timed out", "TimeoutError")), 200);
      assert.deepEqual(
        await Promise.all(others),
        [1, 2, 3].map((value) => ({ kind: "result", value })),
      );
      // Well before request_ms (5 s): the others did not wait for the hung request's timeout.
      assert.ok(performance.now() - t0 < 3_000, `took ${performance.now() - t0} ms`);
      assert.match(errored(await hung).message, /aborted by the kit unanswered/);
      assert.deepEqual(await run(adapter, { do: "echo", value: 4 }), { kind: "result", value: 4 });
      assert.equal(adapter.stats().restarts, 1);
    } finally {
      await adapter.close();
    }
  }
});

test("close() ends a hung process and errors what is in flight, in bounded time", async () => {
  const adapter = fake("ok", { requestTimeoutMs: 60_000, closeTimeoutMs: 200 });
  await adapter.start();
  const hung = run(adapter, { do: "hang" });
  const t0 = performance.now();
  await adapter.close();
  assert.match(errored(await hung).message, /closed before the implementation answered/);
  assert.ok(performance.now() - t0 < 3_000, `close took ${performance.now() - t0} ms`);
  assert.match(errored(await run(adapter, { do: "echo" })).message, /adapter is closed/);
  await adapter.close(); // twice is fine
});

test("close() kills the process group, grandchildren included", async () => {
  if (Deno.build.os !== "linux") return;
  const adapter = fake("ok", { closeTimeoutMs: 200 });
  await adapter.start();
  const reply = await run(adapter, { do: "grandchild" });
  assert.equal(reply.kind, "result");
  const pid = (reply as { value: number }).value;
  await adapter.close();
  // SIGKILL to the group is delivered asynchronously: give a loaded machine a moment.
  let state = "";
  for (let i = 0; i < 40 && state !== "gone" && state !== "Z"; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, 50));
    // ps, not /proc: reading /proc takes --allow-all in Deno, which the test task does not give.
    const out = await new Deno.Command("ps", {
      args: ["-o", "stat=", "-p", String(pid)],
      stdout: "piped",
      stderr: "null",
    }).output();
    state = new TextDecoder().decode(out.stdout).trim()[0] ?? "gone";
  }
  assert.ok(state === "gone" || state === "Z", `grandchild ${pid} is in state ${state}`);
});

test("the child gets the passed variables plus env, and the working directory", async () => {
  Deno.env.set("NETCONFORM_TEST_SECRET", "x");
  try {
    const adapter = fake("ok", { env: { EXTRA: "1" }, cwd: "/tmp" });
    try {
      await adapter.start();
      const names = (await run(adapter, { do: "env" }) as { value: string[] }).value;
      assert.ok(names.includes("PATH") && names.includes("EXTRA"));
      assert.ok(!names.includes("NETCONFORM_TEST_SECRET"));
      assert.deepEqual(await run(adapter, { do: "cwd" }), { kind: "result", value: "/tmp" });
    } finally {
      await adapter.close();
    }
    const inherit = fake("ok", { inheritEnv: true });
    try {
      await inherit.start();
      const names = (await run(inherit, { do: "env" }) as { value: string[] }).value;
      assert.ok(names.includes("NETCONFORM_TEST_SECRET"));
    } finally {
      await inherit.close();
    }
  } finally {
    Deno.env.delete("NETCONFORM_TEST_SECRET");
  }
});
