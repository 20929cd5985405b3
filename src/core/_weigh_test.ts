import assert from "node:assert/strict";
import { weigh } from "./_weigh.ts";

Deno.test("weigh: two bytes a UTF-16 unit of strings and keys, a slot a value and member", () => {
  assert.equal(weigh("abc", 1e9), 8 + 6);
  assert.equal(weigh(null, 1e9), 8);
  assert.equal(weigh([1, 2], 1e9), 8 + 2 * 8 + 2 * 8);
  assert.equal(weigh({ ab: "xyz" }, 1e9), 8 + (8 + 4) + (8 + 6));
  assert.ok(weigh({ value: "x".repeat(7_000_000) }, 1e9) >= 14_000_000);
});

Deno.test("weigh: stops at its limit, on a huge array and on a cycle", () => {
  assert.equal(weigh(new Array(1_000_000).fill(0), 1000), 1000);
  const cycle: unknown[] = [];
  cycle.push(cycle, cycle);
  assert.equal(weigh(cycle, 10_000), 10_000);
  const deep: Record<string, unknown> = {};
  let at = deep;
  for (let i = 0; i < 100_000; i++) at = (at.next = {}) as Record<string, unknown>;
  assert.ok(weigh(deep, 1e12) > 100_000 * 8);
});
