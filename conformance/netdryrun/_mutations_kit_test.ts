import assert from "node:assert/strict";
import { setCheckText, utf16Cut } from "./_mutations_kit.ts";
import type { NetdryrunRunResult } from "./types.ts";

Deno.test("mutation kit: setCheckText keeps the failure of a failed check in step", () => {
  const r = {
    checks: [
      { name: "a", passed: false, detail: "x" },
      { name: "b", passed: true, detail: "y" },
      { name: "c", passed: false, detail: "z" },
    ],
    failures: [{ check: "a", reason: "x" }, { check: "c", reason: "z" }],
  } as unknown as NetdryrunRunResult;
  assert.equal(setCheckText(r, 2, "name", "C"), "/checks/2/name");
  assert.equal(setCheckText(r, 2, "detail", "Z"), "/checks/2/detail");
  assert.equal(setCheckText(r, 1, "detail", "Y"), "/checks/1/detail");
  assert.deepEqual(r.failures, [{ check: "a", reason: "x" }, { check: "C", reason: "Z" }]);
  assert.equal(r.checks[1].detail, "Y");
});

Deno.test("mutation kit: utf16Cut ends on a lone high surrogate at the unit count", () => {
  for (const prefix of ["", "a", "ab", "路由"]) {
    const cut = utf16Cut(prefix, 300);
    assert.equal(cut.length, 300, prefix);
    assert.ok(!cut.isWellFormed(), prefix);
    assert.ok(cut.startsWith(prefix), prefix);
  }
});
