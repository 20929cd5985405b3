// One project of the simulated lab (private): its nodes (each with a console listener), its
// links, and the JSON the controller serves for them (the GNS3 v3 fields the tools read).
import { DeviceState } from "./_console_dialogue.ts";
import { ConsoleListener } from "./_console_listener.ts";
import type { ScenarioDevice } from "./types.ts";

const PORTS = [0, 1, 2, 3].map((i) => ({
  name: `FastEthernet${i}/0`,
  short_name: `f${i}/0`,
  adapter_number: i,
  port_number: 0,
  link_type: "ethernet",
  data_link_types: { Ethernet: "DLT_EN10MB" },
}));

/** A node: its REST fields and its console. */
export class LabNode {
  status: "started" | "stopped" | "suspended" = "started";
  x = 0;
  y = 0;
  name: string;
  readonly node_id: string;
  readonly console: ConsoleListener;

  /**
   * @param device The scenario's device.
   * @param hostname The console's hostname.
   */
  constructor(readonly device: ScenarioDevice, hostname: string) {
    this.name = device.name;
    this.node_id = device.id;
    this.console = new ConsoleListener(new DeviceState(device, hostname));
  }

  /** The node as GET /v3/projects/{p}/nodes/{n} serves it. */
  json(): Record<string, unknown> {
    const vpcs = this.device.kind === "vpcs";
    return {
      node_id: this.node_id,
      name: this.name,
      node_type: vpcs ? "vpcs" : "dynamips",
      compute_id: "local",
      console: this.console.port,
      console_host: "127.0.0.1",
      console_type: "telnet",
      status: this.status,
      tags: this.device.tags ?? [vpcs ? "device_type:vpcs" : "device_type:cisco_ios_telnet"],
      ports: vpcs
        ? PORTS.slice(0, 1).map((p) => ({ ...p, name: "Ethernet0", short_name: "e0" }))
        : PORTS,
      x: this.x,
      y: this.y,
      z: 1,
      properties: {},
    };
  }
}

/** One project: nodes by id, links. */
export class LabProject {
  readonly nodes = new Map<string, LabNode>();
  readonly links: Record<string, unknown>[] = [];
  #made = 0;

  /**
   * @param project_id The project's id.
   * @param name The project's name.
   */
  constructor(readonly project_id: string, readonly name: string) {}

  /** Add a device (its console starts listening). */
  add(device: ScenarioDevice): LabNode {
    const hostname = device.kind === "vpcs"
      ? `PC${this.nodes.size + 1}`
      : `lab-r${this.nodes.size + 1}`;
    const node = new LabNode(device, hostname);
    this.nodes.set(node.node_id, node);
    return node;
  }

  /** A fresh node id for a node made from a template. */
  nextId(): string {
    this.#made++;
    return `0000${this.#made}`.slice(-4) + "beef-0000-4000-8000-" + "0".repeat(12);
  }

  /** GET /v3/projects/{p}. */
  summary(): Record<string, unknown> {
    return { project_id: this.project_id, name: this.name, status: "opened", auto_start: false };
  }

  /** GET /v3/projects/{p}/stats. */
  stats(): Record<string, number> {
    return { nodes: this.nodes.size, links: this.links.length, drawings: 0, snapshots: 0 };
  }

  /** The links that touch a node. */
  linksOf(nodeId: string): Record<string, unknown>[] {
    return this.links.filter((l) =>
      (l.nodes as { node_id: string }[]).some((end) => end.node_id === nodeId)
    );
  }

  /** POST /v3/projects/{p}/links: the link, or why not (409). */
  addLink(body: unknown): Record<string, unknown> | string {
    const ends = (body as { nodes?: unknown } | undefined)?.nodes;
    if (!Array.isArray(ends) || ends.length !== 2) return "A link needs two nodes";
    for (const end of ends as { node_id?: string; adapter_number?: number }[]) {
      if (!end || !this.nodes.has(String(end.node_id))) return `Node ${end?.node_id} not found`;
      const used = this.linksOf(String(end.node_id)).some((l) =>
        (l.nodes as typeof ends).some((e) =>
          e.node_id === end.node_id && e.adapter_number === end.adapter_number
        )
      );
      if (used) return `Port ${end.adapter_number} of node ${end.node_id} is already used`;
    }
    const link = {
      link_id: `1ink${this.links.length}`.padEnd(8, "0") + "-0000-4000-8000-000000000000",
      link_type: "ethernet",
      nodes: ends,
      project_id: this.project_id,
    };
    this.links.push(link);
    return link;
  }

  /** Close every console; resolves when all have stopped. */
  async close(): Promise<void> {
    await Promise.all([...this.nodes.values()].map((n) => n.console.close()));
  }
}
