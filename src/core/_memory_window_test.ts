import assert from "node:assert/strict";
import { MemoryWindow } from "./_memory_window.ts";

/** Enters `n` runs at once; resolves with how many got in before any left. */
async function admitted(window: MemoryWindow, n: number): Promise<number> {
  let inside = 0;
  const entries = Array.from({ length: n }, () => window.enter().then(() => inside++));
  await new Promise((r) => setTimeout(r, 0));
  const now = inside;
  // Each run inside leaves; the ones waiting enter as places free, and leave in turn.
  for (let left = 0; left < n; left++) {
    while (inside <= left) await new Promise((r) => setTimeout(r, 0));
    window.leave();
  }
  await Promise.all(entries);
  return now;
}

Deno.test("memory window: it starts at the concurrency asked for and, under the mark, opens again one step per window's worth of runs", async () => {
  let memory = 0;
  const window = new MemoryWindow(8, () => memory, 100);
  assert.equal(window.size, 8);
  assert.equal(await admitted(window, 12), 8);
  memory = 500;
  await window.enter();
  window.leave();
  assert.equal(window.size, 4);
  memory = 0;
  const sizes: number[] = [];
  for (let i = 0; i < 40; i++) {
    await window.enter();
    window.leave();
    sizes.push(window.size);
  }
  assert.deepEqual(sizes.slice(0, 10), [4, 4, 4, 5, 5, 5, 5, 5, 6, 6]);
  assert.equal(Math.max(...sizes), 8);
});

Deno.test("memory window: over the mark it halves, and one run still goes when none is in flight", async () => {
  let memory = 0;
  const window = new MemoryWindow(8, () => memory, 100);
  assert.equal(window.size, 8);
  memory = 500;
  await window.enter();
  window.leave();
  assert.equal(window.size, 4);
  await window.enter();
  window.leave();
  assert.equal(window.size, 2);
  // Over the mark, only a run alone enters; the others wait for it.
  assert.equal(await admitted(window, 5), 1);
  assert.equal(window.size, 1);
});

Deno.test("memory window: runs that wait enter in order as others leave, and say how long they waited", async () => {
  const window = new MemoryWindow(1, () => 0, 100);
  await window.enter();
  const order: number[] = [];
  const waits = [1, 2, 3].map((n) => window.enter().then((ms) => (order.push(n), ms)));
  await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(order, []);
  for (let i = 0; i < 3; i++) {
    window.leave();
    await new Promise((r) => setTimeout(r, 0));
  }
  const waited = await Promise.all(waits);
  assert.deepEqual(order, [1, 2, 3]);
  assert.ok(waited.every((ms) => ms >= 15), String(waited));
  window.leave();
});
