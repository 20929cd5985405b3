import assert from "node:assert/strict";
import { runViewOf } from "./_run_view.ts";

Deno.test("run view: checks are sound only when every one has a boolean passed", () => {
  const check = { name: "a", passed: false, detail: "d", unready: true };
  const view = runViewOf({ status: "failed", checks: [check], failures: [] });
  assert.deepEqual(view.checks, [{ name: "a", passed: false, detail: "d", raw: check }]);
  assert.equal(view.status, "failed");
  assert.deepEqual(view.failures, []);
  assert.equal(runViewOf({ checks: [check, { name: "b", passed: "true" }] }).checks, undefined);
  assert.equal(runViewOf({ checks: [check, null] }).checks, undefined);
  assert.equal(runViewOf({ checks: {} }).checks, undefined);
  assert.deepEqual(runViewOf({ checks: [] }).checks, []);
  const odd = runViewOf({ status: 1, failures: {} });
  assert.deepEqual([odd.status, odd.failures], [undefined, undefined]);
});
