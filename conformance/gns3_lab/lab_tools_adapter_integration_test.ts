import assert from "node:assert/strict";
import { runConformance } from "../../src/core/run_conformance.ts";
import type { EmbeddedTarget } from "../_embedded_target.ts";
import type { Case } from "../../src/core/types.ts";
import { pythonEnvForTest } from "../_python_env.ts";
import { toolResponseTargets } from "../tool_response/targets.ts";
import { REFERENCE_TOOLS } from "../tool_response/_gns3_tools_targets.ts";
import { labToolCases } from "../tool_response/_lab_tool_cases.ts";
import { GHOST_NODE, LAB_TOOLS, type LabToolCall } from "../tool_response/_lab_tool_calls.ts";
import { toolResponseSuite } from "../tool_response/suite.ts";
import { labToolsAdapter } from "./lab_tools_adapter.ts";
import type { SimulatedLab } from "./simulated_lab.ts";

const env = pythonEnvForTest("gns3-tools", "the GNS3 tools against the simulated lab");
const TOOLS = new URL("../../examples/gns3_tools/", import.meta.url).pathname;
const SEED = 20261130;

function target(name: string): EmbeddedTarget {
  const t = toolResponseTargets.find((x) => x.name === name);
  assert.ok(t, name);
  return t;
}

/** Everything a worker's lab ever served: the controller and each case's consoles. */
function watched() {
  const labs: SimulatedLab[] = [];
  const homes: string[] = [];
  const ports = new Set<number>();
  const onWorker = (lab: SimulatedLab, home: string) => {
    labs.push(lab);
    homes.push(home);
    const load = lab.load.bind(lab);
    (lab as { load: SimulatedLab["load"] }).load = async (id, scenario) => {
      await load(id, scenario);
      for (const p of lab.consolePorts()) ports.add(p);
    };
  };
  return { labs, homes, ports, onWorker };
}

async function refused(port: number): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    conn.close();
    return false;
  } catch (error) {
    return error instanceof Deno.errors.ConnectionRefused;
  }
}

/**
 * The loaders of the reference tool still running. Test files run as workers of one process,
 * and another file's loaders (legacy_normalizer_integration_test.ts: legacy_tool) run beside these; no other
 * test file starts the reference tool.
 */
function toolProcesses(): string[] {
  const ps = new Deno.Command("ps", { args: ["-eo", "pid,args"], stdout: "piped" }).outputSync();
  return new TextDecoder().decode(ps.stdout).split("\n")
    .filter((l) => l.includes("netconform_tools.py --tool display_tool:"))
    .filter((l) => l.includes(new URL("../../", import.meta.url).pathname));
}

Deno.test({
  name: "GNS3 tools: the reference tool set is CONFORMANT over real telnet sessions, every " +
    "tool called, and the lab leaves no process, port or file behind",
  ignore: env.ignore,
  // About 10 s: 21 display cases and 6 config cases of real netmiko logins (1 s each,
  // netmiko's fixed wait), 4 at a time; the VPCS and controller tools' cases are quick.
  async fn() {
    const seen = watched();
    const base = target("gns3-tools-reference");
    const t: EmbeddedTarget = {
      ...base,
      create: () =>
        labToolsAdapter({
          python: env.python,
          tools: REFERENCE_TOOLS,
          pythonPath: [TOOLS],
          jwtSetter: "lab_config:set_current_jwt_token",
          onWorker: seen.onWorker,
        }),
    };
    const report = await runConformance([t], { seed: SEED, shrink: false });
    const suite = report.suites[0];
    assert.equal(suite.verdict, "conformant", JSON.stringify(suite.counts));
    assert.equal(suite.counts.passed, suite.cases.length);
    // Every tool of the set had cases (a call to a tool the set lacks is a TR-SCHEMA failure).
    const called = LAB_TOOLS.filter((t) => suite.cases.some((c) => c.id.startsWith(`${t}-`)));
    assert.equal(called.length, LAB_TOOLS.length - 1, called.join(", "));
    const lab = suite.rules.filter((r) => r.id.startsWith("TR-LAB-"));
    assert.deepEqual(lab.map((r) => r.cases > 0), [true, true, true]);
    assert.ok(seen.labs.length >= 1 && seen.ports.size >= 10, `${seen.ports.size} consoles`);
    for (const l of seen.labs) {
      await assert.rejects(fetch(`${l.url}/v3/templates`), "the controller still answers");
    }
    for (const p of seen.ports) assert.ok(await refused(p), `console port ${p} still open`);
    for (const h of seen.homes) {
      assert.throws(() => Deno.statSync(h), Deno.errors.NotFound, `${h} left behind`);
    }
    assert.deepEqual(toolProcesses(), []);
  },
});

/** Case ids of the default run that exercise each mutant's fault (a few, not all 20). */
function telling(): string[] {
  const cases = toolResponseSuite.cases({ seed: SEED, runs: 1, options: { volatile: [] } });
  const picks = [["refused"], ["timeout"], ["all-ok"], ["devices-many"]];
  const ids = new Set<string>();
  const list = cases as Case[];
  for (const want of picks) {
    const c = list.find((c) =>
      want.every((w) => c.classes?.includes(w)) &&
      !c.classes?.some((x: string) => ["commands-none", "bad-project", "output-empty"].includes(x))
    );
    assert.ok(c, `no case of ${want}`);
    ids.add(c.id);
  }
  // The new tools' mutants: one case each that shows the fault (a stop of a node; a rename of
  // a node the lab lacks, in a project it has; a config of a device that answers).
  const others = [
    ...labToolCases([
      "stop_gns3_node",
      "update_gns3_node_name",
      "execute_multiple_device_config_commands",
    ], { seed: SEED, runs: 1 }).cases,
  ];
  const shows = (tool: string, fault: (call: LabToolCall) => boolean) => {
    const c = others.find((c) => c.id.startsWith(`${tool}-`) && fault(c.input as LabToolCall));
    assert.ok(c, `no ${tool} case shows its mutant's fault`);
    return c.id;
  };
  const present = (call: LabToolCall) => call.scenario.project !== "missing";
  return [
    ...ids,
    shows("stop_gns3_node", present),
    shows(
      "update_gns3_node_name",
      (c) => present(c) && (c.arguments.node_ids as string[]).includes(GHOST_NODE),
    ),
    shows(
      "execute_multiple_device_config_commands",
      (c) => c.scenario.devices.some((d) => d.behaviour === "ok"),
    ),
  ];
}

Deno.test({
  name: "GNS3 tools: each mutant of the reference tool is caught by exactly the rule it breaks",
  ignore: env.ignore,
  // A few seconds: eight mutants, each on the few cases that exercise its fault, side by side.
  async fn() {
    const mutants = toolResponseTargets.filter((t) => t.mutant && t.pythonEnv === "gns3-tools");
    assert.equal(mutants.length, 8);
    const report = await runConformance(mutants, {
      seed: SEED,
      caseIds: telling(),
      shrink: false,
      suiteConcurrency: mutants.length + 1,
      // One tool process (Python, netmiko, nornir: about a second of CPU to start) a mutant.
      concurrency: 1,
    });
    for (const [i, m] of mutants.entries()) {
      const suite = report.suites[i];
      assert.equal(suite.counts.errored, 0, m.name);
      const fired = suite.rules.filter((r) => r.failures > 0).map((r) => r.id);
      assert.deepEqual(fired, m.mutant!.breaks, m.name);
    }
  },
});
