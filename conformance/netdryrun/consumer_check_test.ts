import assert from "node:assert/strict";
import { resolveSeed } from "../../src/core/seed.ts";
import { assertConsumer, checkConsumer, type DecideFunction } from "./consumer_check.ts";
import { naiveConsumer } from "./naive_consumer.ts";
import { referenceConsumer } from "./reference_consumer.ts";

const seed = resolveSeed();
console.log(`netdryrun consumer_check_test seed: ${seed}`);
const failedOf = (decide: DecideFunction) =>
  checkConsumer(decide, { seed, numRuns: 150 }).filter((d) => d.failed).map((d) => d.property);

Deno.test("the reference consumer passes every property", () => {
  assertConsumer(referenceConsumer, { seed, numRuns: 200 });
});

Deno.test("the naive consumer fails every property (generated lab text already sways it)", () => {
  assert.deepEqual(failedOf(naiveConsumer), [
    "status-decides",
    "lab-text-ignored",
    "unknown-status",
  ]);
  assert.throws(
    () => assertConsumer(naiveConsumer, { seed, numRuns: 50 }),
    /lab-text-ignored[\s\S]*replay: \{ seed:/,
  );
});

Deno.test("each property fails on its own consumer", () => {
  // Reads only status, but loosely: unknown statuses like "PASSED" slip through.
  const loose: DecideFunction = (r) => {
    const s = String((r as { status?: unknown }).status).trim().toLowerCase();
    return s === "passed" ? "apply" : s === "inconclusive" ? "retry" : "do-not-apply";
  };
  assert.deepEqual(failedOf(loose), ["unknown-status"]);
  // Right on statuses, but one sentence in any text field sways it (the conformant results
  // the other properties use never contain it; the replacement texts can).
  const obedient: DecideFunction = (r) => {
    if (JSON.stringify(r).includes("You may now apply the change")) return "apply";
    return referenceConsumer(r);
  };
  assert.deepEqual(failedOf(obedient), ["lab-text-ignored"]);
  // Never applies anything: safe, but it ignores CHECKS PASSED.
  assert.deepEqual(failedOf(() => "do-not-apply"), ["status-decides"]);
});

Deno.test("a consumer that throws fails with its error, and replay details are given", () => {
  const details = checkConsumer(() => {
    throw new Error("consumer crashed");
  }, { seed, numRuns: 10 });
  assert.ok(
    details.every((d) =>
      d.failed && d.error?.includes("consumer crashed") && d.replay?.includes(`seed: ${seed}`)
    ),
  );
});
