import assert from "node:assert/strict";
import { checkNetdryrun } from "./check.ts";
import type { NetdryrunRunResult } from "./types.ts";

const DNA = "DO NOT APPLY THIS CHANGE";
const PASSED = "CHECKS PASSED (only what the checks cover)";
const SHA = "a".repeat(64);

function run(overrides: Record<string, unknown> = {}): NetdryrunRunResult {
  return {
    schema: "netdryrun.mcp-result/v1" as const,
    status: "failed",
    passed: 1,
    failed: 1,
    error: null,
    inconclusive_reason: null,
    lab: "demo",
    checks: [
      { name: "a", passed: true, detail: "ok" },
      { name: "b", passed: false, detail: "missing" },
    ],
    failures: [{
      check: "b",
      node: "r1",
      reason: "missing",
      evidence: null,
      next_diagnostic: null,
    }],
    evidence_file: "/tmp/r.json",
    verdict: DNA,
    tested: {
      config: "/lab/netdryrun.yml",
      lab_deployed_by_this_run: true,
      files: { "netdryrun.yml": SHA },
      complete: true,
    },
    ...overrides,
  };
}
const rules = (value: unknown, context: Record<string, unknown> = { tool: "dry_run" }) =>
  checkNetdryrun(value, context).map((f) => `${f.ruleId} ${f.instancePath}`);

Deno.test("a conformant run result has no finding", () => {
  assert.deepEqual(rules(run()), []);
});

Deno.test("findings are data: rule, level, pointer, keyword, params, expected, actual", () => {
  const [f] = checkNetdryrun(run({ passed: 5 }), { tool: "dry_run" });
  assert.deepEqual(
    { ...f, message: undefined },
    {
      ruleId: "NDR-COUNTS",
      level: "MUST",
      instancePath: "/passed",
      message: undefined,
      expected: 1,
      actual: 5,
    },
  );
  const [g] = checkNetdryrun(run({ error: "x\u2028y" }), { tool: "dry_run" }).filter((x) =>
    x.ruleId === "NDR-LAB-TEXT"
  );
  assert.equal(g.keyword, "lineBreak");
  assert.deepEqual(g.params, { codePoint: "U+2028", index: 1 });
});

Deno.test("caps count code points, not UTF-16 units", () => {
  const ok = run();
  ok.checks[0].detail = "🚀".repeat(300);
  assert.deepEqual(rules(ok), []);
  const over = run();
  over.checks[0].detail = "🚀".repeat(301);
  const [f] = checkNetdryrun(over, { tool: "dry_run" });
  assert.deepEqual([f.ruleId, f.instancePath, f.expected, f.actual], [
    "NDR-LAB-TEXT",
    "/checks/0/detail",
    300,
    301,
  ]);
  assert.deepEqual(f.params, { limit: 300, codePoints: 301, utf16Units: 602 });
});

Deno.test("every Python line break is a line break; tab and escape are not", () => {
  for (const br of ["\n", "\r", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]) {
    const doc = run();
    doc.checks[0].name = `a${br}b`;
    assert.deepEqual(rules(doc), ["NDR-LAB-TEXT /checks/0/name"], JSON.stringify(br));
  }
  const doc = run();
  doc.checks[0].name = "a\tb\x1b[0m\x00";
  assert.deepEqual(rules(doc), []);
});

Deno.test("a lone surrogate is reported with its index", () => {
  const doc = run();
  doc.checks[0].name = "ab\ud83d";
  const [f] = checkNetdryrun(doc, { tool: "dry_run" });
  assert.deepEqual([f.ruleId, f.keyword, f.params], ["NDR-LAB-TEXT", "wellFormed", {
    index: 2,
    codeUnit: "U+D83D",
  }]);
});

Deno.test("branch: status error without run-result properties is a setup error; with any, a run result", () => {
  assert.deepEqual(rules({ status: "error", error: "no file", verdict: DNA, extra: 1 }), []);
  assert.deepEqual(
    rules({ status: "error", error: "no file", verdict: DNA, tested: {} }).filter((r) =>
      r.startsWith("NDR-BRANCH")
    ).length,
    8,
  );
  // A setup error needs no schema field, but a run result does.
  assert.deepEqual(rules({ ...run({ status: "error", error: "x" }), schema: undefined }), [
    "NDR-BRANCH ",
  ]);
});

Deno.test("failures: count, order, names and reasons", () => {
  const doc = run({ passed: 0, failed: 2 });
  doc.checks[0].passed = false;
  doc.failures = [
    { check: "b", node: null, reason: "missing", evidence: null, next_diagnostic: null },
    { check: "a", node: null, reason: "ok", evidence: null, next_diagnostic: null },
  ];
  assert.deepEqual(rules(doc), [
    "NDR-FAILURES /failures/0/check",
    "NDR-FAILURES /failures/0/reason",
    "NDR-FAILURES /failures/1/check",
    "NDR-FAILURES /failures/1/reason",
  ]);
  assert.deepEqual(rules(run({ failures: [] })), ["NDR-FAILURES /failures"]);
});

Deno.test("status and verdict: passed, unknown statuses, error text", () => {
  assert.deepEqual(rules(run({ status: "passed", verdict: PASSED })), [
    "NDR-PASSED-ALL /failed",
    "NDR-PASSED-ALL /failures",
    "NDR-PASSED-ALL /checks/1/passed",
  ]);
  assert.deepEqual(rules(run({ status: "Passed", verdict: PASSED })), ["NDR-VERDICT /verdict"]);
  assert.deepEqual(rules(run({ status: "Passed" })), []);
  assert.deepEqual(rules(run({ status: "error" })), ["NDR-STATUS-TEXT /error"]);
  assert.deepEqual(rules(run({ error: "boom" })), ["NDR-STATUS-TEXT /error"]);
});

Deno.test("tested: deployment by tool, skipped without one; config and keys", () => {
  assert.deepEqual(rules(run(), { tool: "run_checks" }), [
    "NDR-TESTED-DEPLOYED /tested/lab_deployed_by_this_run",
  ]);
  assert.deepEqual(rules(run(), {}), []);
  assert.deepEqual(rules(run()), []);
  const doc = run();
  doc.tested.config = "C:/labs/netdryrun.yml";
  doc.tested.files["../shared/x.cfg"] = SHA;
  doc.tested.files["a/~b"] = SHA;
  assert.deepEqual(rules(doc), []);
  doc.tested.files["/abs"] = SHA;
  assert.deepEqual(rules(doc), ["NDR-TESTED-FILES /tested/files/~1abs"]);
});

Deno.test("next_diagnostic: docker exec <container> <CLI> '<command>'", () => {
  const ok = [
    "docker exec clab-demo-r1 vtysh -c 'show ip route'",
    "docker exec clab-demo-r1 Cli -p 15 -c 'show ip bgp summary'",
    "docker exec r1 sr_cli 'show network-instance default route-table'",
    `docker exec r1 vtysh -c 'show route | match "10.0.0.0/24"'`,
  ];
  const bad = [
    "docker exec clab-demo-r1 'show ip route'",
    "docker exec -it r1 vtysh -c 'show ip route'",
    "docker exec r1 vtysh -c ''",
    "docker exec r1 vtysh -c 'show ip route' && reboot",
    "docker exec r1 vtysh -c 'show\tip'",
    " docker exec r1 vtysh -c 'show ip route'",
  ];
  for (const nd of [...ok, ...bad]) {
    const doc = run();
    doc.failures[0].next_diagnostic = nd;
    assert.deepEqual(
      rules(doc),
      ok.includes(nd) ? [] : ["NDR-NEXT-DIAGNOSTIC /failures/0/next_diagnostic"],
      nd,
    );
  }
});

Deno.test("evidence file: judged only when the caller passes its text", () => {
  const good = JSON.stringify({ schema: "netdryrun.report/v1" });
  assert.deepEqual(rules(run(), { tool: "dry_run", evidenceFiles: { "/tmp/r.json": good } }), []);
  assert.deepEqual(rules(run(), { tool: "dry_run", evidenceFiles: { "/tmp/r.json": null } }), []);
  assert.deepEqual(rules(run(), { tool: "dry_run", evidenceFiles: { "/tmp/r.json": "[1" } }), [
    "NDR-EVIDENCE-FILE /evidence_file",
  ]);
  const [f] = checkNetdryrun(run(), {
    tool: "dry_run",
    evidenceFiles: { "/tmp/r.json": '{"schema":"x"}' },
  });
  assert.equal(f.level, "SHOULD");
});

Deno.test("record_baseline: bounded YAML, a mapping; other tools' branches", () => {
  const rb = { tool: "record_baseline" };
  assert.deepEqual(rules("lab: demo\n", rb), []);
  assert.deepEqual(rules("[" + "[".repeat(50_000), rb), ["NDR-BASELINE-YAML "]);
  const big = "k: " + "x".repeat(8 * 1024 * 1024) + "\n";
  assert.deepEqual(checkNetdryrun(big, rb).map((f) => f.keyword), ["maxLength"]);
  assert.deepEqual(rules({ error: "x" }, rb), []);
  assert.deepEqual(rules([1], rb), ["NDR-SCHEMA "]);
  assert.deepEqual(rules({ valid: true, lab: "t", checks: [] }, { tool: "validate" }), []);
  assert.deepEqual(
    rules({ valid: 1 }, { tool: "validate" }).every((r) => r.startsWith("NDR-SCHEMA")),
    true,
  );
});

Deno.test("check never throws: cycles, odd contexts, huge values", () => {
  const cyclic: Record<string, unknown> = { ...run() };
  cyclic.self = cyclic;
  (cyclic.checks as unknown[]).push(cyclic);
  assert.ok(Array.isArray(checkNetdryrun(cyclic, { tool: "dry_run" })));
  const hostile = new Proxy({}, {
    get() {
      throw new Error("boom");
    },
  });
  assert.ok(Array.isArray(checkNetdryrun(run(), hostile)));
  assert.ok(Array.isArray(checkNetdryrun(hostile, { tool: "dry_run" })));
  assert.ok(Array.isArray(checkNetdryrun(run(), null as unknown as Record<string, unknown>)));
  const wide = run();
  wide.checks = Array.from(
    { length: 20_000 },
    (_, i) => ({ name: `c${i}`, passed: true, detail: "ok" }),
  );
  assert.deepEqual(rules(wide), [
    "NDR-COUNTS /passed",
    "NDR-COUNTS /failed",
    "NDR-FAILURES /failures",
  ]);
});
