import assert from "node:assert/strict";
import { CallGate } from "./_call_gate.ts";

Deno.test("call gate: under the mark every call goes at once", () => {
  const gate = new CallGate(() => 0, 100);
  for (let i = 0; i < 5; i++) assert.equal(gate.enter(), undefined);
  assert.equal(gate.inFlight, 5);
});

Deno.test("call gate: over the mark a call goes alone, the others wait and go in order as calls end", async () => {
  let memory = 0;
  const gate = new CallGate(() => memory, 100);
  assert.equal(gate.enter(), undefined);
  memory = 500;
  const order: number[] = [];
  const waits = [1, 2, 3].map((n) => {
    const wait = gate.enter();
    assert.ok(wait, `call ${n} waits`);
    return wait.then(() => order.push(n));
  });
  gate.leave(); // alone, the first waiting call goes
  await new Promise((r) => setTimeout(r, 0));
  assert.deepEqual([order, gate.inFlight], [[1], 1]);
  // A new call does not pass the ones waiting, even under the mark.
  memory = 0;
  const late = gate.enter();
  assert.ok(late);
  gate.leave(); // under the mark: all that wait go
  await Promise.all([...waits, late]);
  assert.deepEqual([order, gate.inFlight], [[1, 2, 3], 3]);
});

Deno.test("call gate: past the held mark a call beside others waits until a case that held replies ends", () => {
  const gate = new CallGate(() => 0, 100, 1000);
  assert.equal(gate.enter(), undefined);
  gate.hold(1500); // a case got a 1,500-byte reply
  let went = false;
  void gate.enter()!.then(() => (went = true));
  gate.leave(); // the call ended; the waiting one goes alone
  assert.equal(gate.inFlight, 1);
  gate.hold(600);
  let second = false;
  void gate.enter()!.then(() => (second = true));
  gate.release(1500);
  assert.equal(gate.held, 600);
  assert.equal(gate.inFlight, 2);
  return Promise.resolve().then(() => assert.deepEqual([went, second], [true, true]));
});
