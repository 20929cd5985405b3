import assert from "node:assert/strict";
import { runConformance } from "../../src/core/run_conformance.ts";
import type { EmbeddedTarget } from "../_embedded_target.ts";
import type { Case } from "../../src/core/types.ts";
import { pythonEnvForTest } from "../_python_env.ts";
import { toolResponseTargets } from "../tool_response/targets.ts";
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
 * and another file's loaders (legacy_normalizer_test.ts: legacy_tool) run beside these; no other
 * test file starts the reference tool.
 */
function toolProcesses(): string[] {
  const ps = new Deno.Command("ps", { args: ["-eo", "pid,args"], stdout: "piped" }).outputSync();
  return new TextDecoder().decode(ps.stdout).split("\n")
    .filter((l) => l.includes("netconform_tools.py --tool display_tool:"))
    .filter((l) => l.includes(new URL("../../", import.meta.url).pathname));
}

Deno.test({
  name: "GNS3 tools: the reference tool is CONFORMANT over real telnet sessions, and the lab " +
    "leaves no process, port or file behind",
  ignore: env.ignore,
  // About 10 s: 20 cases of real netmiko logins (1 s each, netmiko's fixed wait), 4 at a time.
  async fn() {
    const seen = watched();
    const base = target("gns3-tools-reference");
    const t: EmbeddedTarget = {
      ...base,
      create: () =>
        labToolsAdapter({
          python: env.python,
          tools: ["display_tool:ExecuteMultipleDeviceCommands"],
          pythonPath: [TOOLS],
          jwtSetter: "lab_config:set_current_jwt_token",
          onWorker: seen.onWorker,
        }),
    };
    const report = await runConformance([t], { seed: SEED, shrink: false });
    const suite = report.suites[0];
    assert.equal(suite.verdict, "conformant", JSON.stringify(suite.counts));
    assert.equal(suite.counts.passed, 20);
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
  return [...ids];
}

Deno.test({
  name: "GNS3 tools: each mutant of the reference tool is caught by exactly the rule it breaks",
  ignore: env.ignore,
  // A few seconds: five mutants, each on the few cases that exercise its fault, side by side.
  async fn() {
    const mutants = toolResponseTargets.filter((t) => t.mutant && t.pythonEnv === "gns3-tools");
    assert.equal(mutants.length, 5);
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
