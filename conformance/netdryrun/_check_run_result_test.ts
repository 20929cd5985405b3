import assert from "node:assert/strict";
import type { Finding } from "../../src/core/types.ts";
import { checkRunResult } from "./_check_run_result.ts";

const findings = (value: Record<string, unknown>, tool: unknown = "dry_run") => {
  const out: Finding[] = [];
  checkRunResult(value, tool, undefined, out);
  return out.map((f) => `${f.ruleId} ${f.instancePath}`);
};

Deno.test("run-result rules: document rules first, then item by item, then tested", () => {
  const nd = "ssh r1";
  assert.deepEqual(
    findings({
      status: "passed",
      passed: 1,
      failed: 1,
      error: "x\ny",
      checks: [
        { name: "a\n", passed: true, detail: "ok", unready: true },
        { name: "b\n", passed: false, detail: "d" },
      ],
      failures: [
        { check: "b\n", reason: "d", next_diagnostic: nd },
        { check: "c\n", reason: "e", next_diagnostic: nd },
      ],
      tested: { config: "rel.yml", lab_deployed_by_this_run: false, files: { "/abs": "" } },
    }),
    [
      "NDR-FAILURES /failures",
      "NDR-PASSED-ALL /checks/1/passed",
      "NDR-STATUS-TEXT /error",
      "NDR-LAB-TEXT /error",
      "NDR-LAB-TEXT /checks/0/name",
      "NDR-UNREADY /checks/0/unready",
      "NDR-LAB-TEXT /checks/1/name",
      "NDR-LAB-TEXT /failures/0/check",
      "NDR-NEXT-DIAGNOSTIC /failures/0/next_diagnostic",
      "NDR-LAB-TEXT /failures/1/check",
      "NDR-NEXT-DIAGNOSTIC /failures/1/next_diagnostic",
      "NDR-TESTED-FILES /tested/files/~1abs",
      "NDR-TESTED-DEPLOYED /tested/lab_deployed_by_this_run",
      "NDR-TESTED-CONFIG /tested/config",
    ],
  );
});

Deno.test("run-result rules: a throw keeps the findings made before it", () => {
  const value: Record<string, unknown> = { status: "failed", failed: 0, error: "x" };
  Object.defineProperty(value, "checks", {
    get() {
      throw new Error("boom");
    },
  });
  const out: Finding[] = [];
  assert.throws(() => checkRunResult(value, "dry_run", undefined, out), /boom/);
  assert.equal(out.length, 0);
  const late: Record<string, unknown> = { status: "failed", failed: 0, error: "x", checks: [] };
  Object.defineProperty(late, "tested", {
    get() {
      throw new Error("boom");
    },
  });
  assert.throws(() => checkRunResult(late, "dry_run", undefined, out), /boom/);
  assert.deepEqual(out.map((f) => f.ruleId), ["NDR-FAILED-HAS-FAILURE", "NDR-STATUS-TEXT"]);
});
