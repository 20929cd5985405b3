import assert from "node:assert/strict";
import { COLLECT_MARK, MemoryWindow } from "./_memory_window.ts";

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

/** Runs one run through the window, whose replies held `held` bytes; the size after it. */
async function one(window: MemoryWindow, held = 0): Promise<number> {
  await window.enter();
  window.leave(held);
  return window.size;
}

Deno.test("memory window: it starts at one run, doubles per window's worth of calm runs up to the concurrency asked for, then, under the mark, opens again one step per window's worth", async () => {
  let memory = 0;
  const window = new MemoryWindow(8, { sample: () => memory, mark: 100 });
  assert.equal(window.size, 1);
  const start: number[] = [];
  for (let i = 0; i < 8; i++) start.push(await one(window));
  assert.deepEqual(start, [2, 2, 4, 4, 4, 4, 8, 8]);
  assert.equal(await admitted(window, 12), 8);
  memory = 500;
  assert.equal(await one(window), 4);
  memory = 0;
  const sizes: number[] = [];
  for (let i = 0; i < 40; i++) sizes.push(await one(window));
  assert.deepEqual(sizes.slice(0, 10), [4, 4, 4, 5, 5, 5, 5, 5, 6, 6]);
  assert.equal(Math.max(...sizes), 8);
});

Deno.test("memory window: over the mark it halves, and one run still goes when none is in flight", async () => {
  let memory = 0;
  const window = new MemoryWindow(8, { sample: () => memory, mark: 100 });
  for (let i = 0; i < 7; i++) await one(window);
  assert.equal(window.size, 8);
  memory = 500;
  assert.equal(await one(window), 4);
  assert.equal(await one(window), 2);
  // Over the mark, only a run alone enters; the others wait for it.
  assert.equal(await admitted(window, 5), 1);
  assert.equal(window.size, 1);
});

Deno.test("memory window: a run whose replies held more than the held mark over the window's size halves it, from the first run on", async () => {
  const window = new MemoryWindow(8, { sample: () => 0, mark: 100, heldMark: 1000 });
  // 7 MB answers, say: a window of two such runs would hold past the mark.
  const sizes: number[] = [];
  for (let i = 0; i < 12; i++) sizes.push(await one(window, 600));
  assert.ok(Math.max(...sizes) <= 2, `sizes ${sizes}`);
  assert.deepEqual(sizes.slice(0, 4), [2, 1, 2, 1]);
  // Small replies: it opens again.
  for (let i = 0; i < 40; i++) await one(window, 10);
  assert.equal(window.size, 8);
});

Deno.test("memory window: in slow start, runs that wait with none leaving widen it one at a time after its patience", async () => {
  const window = new MemoryWindow(3, { sample: () => 0, mark: 100, patienceMs: 30 });
  await window.enter();
  // The target answers only once three requests are in flight: nobody leaves.
  const from = performance.now();
  await Promise.all([window.enter(), window.enter()]);
  const ms = performance.now() - from;
  assert.equal(window.size, 3);
  assert.ok(ms >= 55, `${ms} ms`);
  for (let i = 0; i < 3; i++) window.leave();
  // After a run ended under pressure, no patience: runs wait for a place.
  const shut = new MemoryWindow(4, { sample: () => 0, mark: 100, heldMark: 10, patienceMs: 5 });
  await shut.enter();
  shut.leave(20);
  await shut.enter();
  let late = false;
  const waiting = shut.enter().then(() => (late = true));
  await new Promise((r) => setTimeout(r, 40));
  assert.equal(late, false);
  shut.leave();
  await waiting;
  shut.leave();
});

Deno.test("memory window: a run that held more than the collect mark brings a full collection as it leaves", async () => {
  let collections = 0;
  const window = new MemoryWindow(2, { sample: () => 0, collect: () => collections++ });
  await one(window, COLLECT_MARK);
  assert.equal(collections, 0);
  await one(window, COLLECT_MARK + 1);
  assert.equal(collections, 1);
});

Deno.test("memory window: runs that wait enter in order as others leave, and say how long they waited", async () => {
  const window = new MemoryWindow(1, { sample: () => 0, mark: 100 });
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
