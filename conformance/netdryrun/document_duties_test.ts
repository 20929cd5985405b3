// Duties the netdryrun.mcp-result/v1 descriptions state that a captured document alone can show
// (issue 23): a complete tested block names the netdryrun.yml that ran, and next_diagnostic is
// one read-only command.
import assert from "node:assert/strict";
import { checkNetdryrun } from "./check.ts";

const SHA = "a".repeat(64);

function failedRun(nextDiagnostic: string | null, tested: Record<string, unknown> = {}) {
  return {
    schema: "netdryrun.mcp-result/v1",
    status: "failed",
    passed: 0,
    failed: 1,
    error: null,
    inconclusive_reason: null,
    lab: "demo",
    checks: [{ name: "b", passed: false, detail: "missing" }],
    failures: [{
      check: "b",
      node: "r1",
      reason: "missing",
      evidence: null,
      next_diagnostic: nextDiagnostic,
    }],
    evidence_file: null,
    verdict: "DO NOT APPLY THIS CHANGE",
    tested: {
      config: "/lab/netdryrun.yml",
      lab_deployed_by_this_run: true,
      files: { "netdryrun.yml": SHA, "topology.clab.yml": SHA },
      complete: true,
      ...tested,
    },
  };
}

const must = (value: unknown) =>
  checkNetdryrun(value, { tool: "dry_run" }).filter((f) => f.level === "MUST")
    .map((f) => `${f.ruleId} ${f.instancePath}`);

Deno.test("next_diagnostic: a command that changes state is not one read-only command", () => {
  for (
    const command of [
      "vtysh -c 'show ip route 10.0.0.0/24'",
      "Cli -p 15 -c 'show ip bgp summary'",
      "sr_cli 'show network-instance default route-table | grep 10.0.0.0'",
    ]
  ) assert.deepEqual(must(failedRun(`docker exec clab-demo-r1 ${command}`)), [], command);
  for (
    const command of [
      "vtysh -c 'clear ip bgp *'",
      "vtysh -c 'clear bgp session'",
      "Cli -p 15 -c 'reload now'",
      "vtysh -c 'configure terminal'",
      "sr_cli 'tools system configuration delete /'",
      "sh -c 'ip route del 10.0.0.0/24'",
      "vtysh -c 'reset ip bgp'",
      "vtysh -c 'show ip route && reboot'",
    ]
  ) {
    assert.deepEqual(
      must(failedRun(`docker exec clab-demo-r1 ${command}`)),
      ["NDR-NEXT-DIAGNOSTIC /failures/0/next_diagnostic"],
      command,
    );
  }
});

Deno.test("tested: a complete list names the netdryrun.yml that ran", () => {
  assert.deepEqual(must(failedRun(null)), []);
  assert.deepEqual(
    must(failedRun(null, { files: { "topology.clab.yml": SHA } })),
    ["NDR-TESTED-COMPLETE /tested/files"],
  );
  // Under its own file name (a Windows path too), and only when complete is claimed.
  assert.deepEqual(
    must(failedRun(null, { config: "C:\\labs\\edge\\lab.yml", files: { "lab.yml": SHA } })),
    [],
  );
  assert.deepEqual(
    must(failedRun(null, { files: { "topology.clab.yml": SHA }, complete: false })),
    [],
  );
});
