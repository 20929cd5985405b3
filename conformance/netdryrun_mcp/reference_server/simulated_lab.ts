/**
 * The simulated lab driver: no containerlab, no containers. The lab's state is a JSON file,
 * `lab-state.json`, beside the topology (format in docs/netdryrun-server.md): whether deploy
 * succeeds, and per node its routes, BGP neighbours and command outputs. `show ip route json`
 * and `show bgp neighbors json` are answered from routes and neighbours; any command listed
 * under `commands` answers as written there.
 *
 * @module
 */
import { dirname, join } from "node:path";
import type { ExecResult, LabDriver, LabFault, LabHandle } from "./lab_driver.ts";
import { messageOf, readSmallText } from "./_util.ts";
import type { Topology } from "./topology.ts";

interface NodeState {
  routes?: unknown[];
  bgp?: unknown[];
  commands?: Record<string, { rc?: number | null; output?: string }>;
  down?: boolean;
}
interface LabState {
  deploy?: { status?: string; reason?: string };
  running?: boolean;
  nodes?: Record<string, NodeState>;
}

/** The lab-state file name the simulated driver reads, beside the topology. */
export const LAB_STATE_FILE = "lab-state.json";

const CLI: Record<string, string> = {
  frr: "vtysh -c",
  arista_ceos: "Cli -p 15 -c",
  nokia_srlinux: "sr_cli",
  linux: "sh -c",
};

function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'"'"'`)}'`;
}

async function readState(topology: Topology): Promise<{ state: LabState } | { fault: LabFault }> {
  const path = join(dirname(topology.path), LAB_STATE_FILE);
  let text: string;
  try {
    text = await readSmallText(path);
  } catch (error) {
    const reason = error instanceof Deno.errors.NotFound
      ? `lab "${topology.name}" is not running (no ${LAB_STATE_FILE})`
      : `cannot read "${path}": ${messageOf(error)}`;
    return { fault: { status: "error", reason } };
  }
  try {
    const value = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      throw new Error("not an object");
    }
    return { state: value as LabState };
  } catch (error) {
    return {
      fault: { status: "error", reason: `"${path}" is not a lab state: ${messageOf(error)}` },
    };
  }
}

function handle(topology: Topology, state: LabState): LabHandle {
  const nodes = state.nodes ?? {};
  return {
    name: topology.name,
    exec(node: string, command: string): Promise<ExecResult> {
      const s = Object.hasOwn(nodes, node) ? nodes[node] : undefined;
      if (!s || s.down) {
        return Promise.resolve({
          rc: 1,
          output: `Error: No such container: clab-${topology.name}-${node}`,
        });
      }
      const given = s.commands && Object.hasOwn(s.commands, command)
        ? s.commands[command]
        : undefined;
      if (given) return Promise.resolve({ rc: given.rc ?? 0, output: String(given.output ?? "") });
      if (command === "show ip route json") {
        return Promise.resolve({ rc: 0, output: JSON.stringify(s.routes ?? []) });
      }
      if (command === "show bgp neighbors json") {
        return Promise.resolve({ rc: 0, output: JSON.stringify(s.bgp ?? []) });
      }
      return Promise.resolve({ rc: 127, output: `unknown command: ${command}` });
    },
    diagnostic(node: string, command: string): string | null {
      const cli = CLI[topology.nodes[node]?.kind ?? ""];
      return cli ? `docker exec clab-${topology.name}-${node} ${cli} ${shellQuote(command)}` : null;
    },
    destroy: () => Promise.resolve(),
  };
}

/**
 * Make the simulated lab driver.
 *
 * @example Deploy a lab from a state file
 * ```ts
 * import assert from "node:assert/strict";
 * import { simulatedLabDriver } from "./simulated_lab.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/lab-state.json`, JSON.stringify({ nodes: { r1: { routes: [] } } }));
 * const topology = { path: `${dir}/lab.clab.yml`, name: "demo", nodes: { r1: { kind: "frr" } }, files: [] };
 * const lab = await simulatedLabDriver().deploy(topology);
 * assert.ok("exec" in lab);
 * assert.deepEqual(await lab.exec("r1", "show ip route json"), { rc: 0, output: "[]" });
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @returns The driver.
 */
export function simulatedLabDriver(): LabDriver {
  return {
    name: "simulated",
    async deploy(topology: Topology): Promise<LabHandle | LabFault> {
      const read = await readState(topology);
      if ("fault" in read) return read.fault;
      const s = read.state;
      const status = s.deploy?.status ?? "ok";
      if (status === "error" || status === "inconclusive") {
        return { status, reason: String(s.deploy?.reason ?? `deploy ended in ${status}`) };
      }
      return handle(topology, s);
    },
    async attach(topology: Topology): Promise<LabHandle | LabFault> {
      const read = await readState(topology);
      if ("fault" in read) return read.fault;
      const s = read.state;
      if (s.running === false) {
        return { status: "error", reason: `lab "${topology.name}" is not running` };
      }
      const status = s.deploy?.status ?? "ok";
      if (status === "error" || status === "inconclusive") {
        return { status, reason: String(s.deploy?.reason ?? `lab is in state ${status}`) };
      }
      return handle(topology, s);
    },
  };
}
