import assert from "node:assert/strict";
import { CallGate } from "./_call_gate.ts";
import { CaseCalls, HarnessFault, type RestartableClock, withTimeout } from "./_run_timeout.ts";
import type { Adapter, Reply } from "./types.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How a promise raced by withTimeout ends: its value, or "timed out". */
function outcome(promise: Promise<unknown>): Promise<unknown> {
  return promise.catch((e) => e instanceof HarnessFault && e.timedOut ? "timed out" : e);
}

Deno.test("withTimeout: the time its clock is paused does not count, until the last pause ends", async () => {
  const clock: RestartableClock = {};
  const abort = new AbortController();
  const ended = outcome(withTimeout(() => new Promise(() => {}), 60, abort, "x", clock));
  const resumeA = clock.pause!();
  const resumeB = clock.pause!();
  await sleep(100);
  resumeA();
  resumeA(); // a second call changes nothing
  await sleep(50);
  resumeB(); // 60 ms left from here
  assert.equal(await outcome(Promise.race([ended, sleep(40).then(() => "running")])), "running");
  assert.equal(await ended, "timed out");
  assert.equal(abort.signal.aborted, true);
  assert.equal(clock.pause, undefined);
});

Deno.test("withTimeout: a restart while paused gives the whole time again once resumed", async () => {
  const clock: RestartableClock = {};
  const ended = outcome(
    withTimeout(() => sleep(120).then(() => "done"), 80, new AbortController(), "x", clock),
  );
  await sleep(50);
  const resume = clock.pause!();
  clock.restart!();
  await sleep(20);
  resume(); // 80 ms from here, past the promise's end
  assert.equal(await ended, "done");
});

Deno.test("CaseCalls: a call waiting at the gate stops its case's clock", async () => {
  let memory = 0;
  const gate = new CallGate(() => memory, 100);
  let release: (reply: Reply) => void = () => {};
  const adapter = {
    run: () => new Promise<Reply>((resolve) => release = resolve),
  } as unknown as Adapter;
  const abort = new AbortController();
  const calls = new CaseCalls(abort, gate);
  // Another case's call is in flight and the memory is high: this case's call waits.
  assert.equal(gate.enter(), undefined);
  memory = 500;
  const ended = outcome(
    withTimeout(
      () => calls.run(adapter, { operation: "x", input: 1 }),
      40,
      abort,
      "case",
      calls.clock,
    ),
  );
  await sleep(100); // longer than the case's timeout, waiting
  gate.leave();
  await sleep(0);
  release({ kind: "result", value: 2 });
  assert.deepEqual(await ended, { kind: "result", value: 2 });
  assert.deepEqual([gate.inFlight, calls.unanswered], [0, 0]);
});
