// Arbitrary calls of the GNS3 tool set beyond the display tool, each with the simulated lab it
// runs in (private; the suite's `tools` option): the config and VPCS console tools, and the
// controller tools (node actions, renaming, new nodes, templates). A call is kit data:
// `{name, arguments, scenario}`; gns3_lab/_lab_call.ts turns it into the tool's own input.
import fc from "fast-check";
import type { Arbitrary } from "../../src/core/arbitrary.ts";
import type { DeviceBehaviour, DeviceKind, LabScenario } from "../gns3_lab/types.ts";
import { LAB_TEMPLATES } from "../gns3_lab/_templates.ts";
import { deviceOutputArbitrary } from "./arbitraries.ts";

/** The tools of the GNS3 tool set a call can be generated for. */
export const LAB_TOOLS = [
  "execute_multiple_device_commands",
  "execute_multiple_device_config_commands",
  "execute_vpcs_commands",
  "start_gns3_node",
  "stop_gns3_node",
  "suspend_gns3_node",
  "update_gns3_node_name",
  "create_gns3_node",
  "get_gns3_templates",
] as const;

/** A tool of {@linkcode LAB_TOOLS}. */
export type LabToolName = typeof LAB_TOOLS[number];

/** A tool whose calls {@linkcode labToolCallArbitrary} makes (the display tool's are the suite's). */
export type OtherLabTool = Exclude<LabToolName, "execute_multiple_device_commands">;

/** A generated call of a lab tool, with its world. */
export interface LabToolCall {
  name: LabToolName;
  arguments: Record<string, unknown>;
  scenario: LabScenario;
}

const PROJECT = "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d";
/** A node id no generated lab has. */
export const GHOST_NODE = "0bad0bad-0000-4000-8000-000000000000";
const GHOST_TEMPLATE = "0bad0bad-0000-4000-8000-00000000feed";

const CONFIG_LINES = [
  "interface Loopback0",
  "description netconform",
  "logging buffered 4096",
  "no ip domain-lookup",
];
const VPCS_COMMANDS = ["show ip", "ping 10.0.0.2", "arp"];

function devices(kind: DeviceKind, behaviours: DeviceBehaviour[]) {
  return fc.uniqueArray(
    fc.record({
      id: fc.uuid(),
      name: fc.constantFrom("R1", "R2", "R3", "edge", "core", "PC-a", "PC-b"),
      behaviour: fc.constantFrom(...behaviours),
      output: deviceOutputArbitrary(30),
    }).map((d) => ({ ...d, kind })),
    { minLength: 1, maxLength: 4, selector: (d) => d.name },
  );
}

function consoleCall(name: LabToolName, kind: DeviceKind, lines: string[]) {
  return fc.record({
    devices: devices(kind, ["ok", "ok", "refused", "timeout", "error"]),
    commands: fc.subarray(lines, { minLength: 1 }),
    unknown: fc.boolean(),
  }).map(({ devices, commands, unknown }): LabToolCall => ({
    name,
    arguments: {
      project_id: PROJECT,
      commands,
      device_names: [...devices.map((d) => d.name), ...(unknown ? ["ghost-router"] : [])],
    },
    scenario: { devices },
  }));
}

function nodeCall(name: LabToolName) {
  return fc.record({
    devices: devices("cisco_ios", ["ok"]),
    ghost: fc.boolean(),
    missing: fc.constantFrom(false, false, false, true),
    newNames: fc.array(fc.constantFrom("edge-1", "core", "R9", "lab router"), {
      minLength: 5,
      maxLength: 5,
    }),
  }).map(({ devices, ghost, missing, newNames }): LabToolCall => {
    const ids = [...devices.map((d) => d.id), ...(ghost ? [GHOST_NODE] : [])];
    const args: Record<string, unknown> = { project_id: PROJECT, node_ids: ids };
    if (name === "update_gns3_node_name") args.new_names = newNames.slice(0, ids.length);
    return {
      name,
      arguments: args,
      scenario: { devices, project: missing ? "missing" : "present" },
    };
  });
}

function createCall() {
  const template = fc.constantFrom(...LAB_TEMPLATES.map((t) => t.template_id), GHOST_TEMPLATE);
  return fc.array(template, { minLength: 1, maxLength: 3 }).map((ids): LabToolCall => ({
    name: "create_gns3_node",
    arguments: {
      project_id: PROJECT,
      template_ids: ids,
      names: ids.map((_, i) => `new-node-${i + 1}`),
    },
    scenario: { devices: [] },
  }));
}

/**
 * Arbitrary calls of one lab tool with their simulated world.
 *
 * @param tool The tool.
 * @returns The arbitrary.
 */
export function labToolCallArbitrary(tool: OtherLabTool): Arbitrary<LabToolCall> {
  switch (tool) {
    case "execute_multiple_device_config_commands":
      return consoleCall(tool, "cisco_ios", CONFIG_LINES);
    case "execute_vpcs_commands":
      return consoleCall(tool, "vpcs", VPCS_COMMANDS);
    case "create_gns3_node":
      return createCall();
    case "get_gns3_templates":
      return fc.constant({ name: tool, arguments: {}, scenario: { devices: [] } });
    default:
      return nodeCall(tool);
  }
}

/** A generated call's title: the tool, what it asks for and what of it the lab lacks. */
export function labToolCallTitle(call: LabToolCall): string {
  const a = call.arguments;
  const ids = (a.node_ids ?? a.device_names ?? a.template_ids ?? []) as string[];
  const known = new Set(call.scenario.devices.flatMap((d) => [d.id, d.name]));
  for (const t of LAB_TEMPLATES) known.add(t.template_id);
  const unknown = ids.filter((id) => !known.has(id)).length;
  const failing = call.scenario.devices.filter((d) => d.behaviour !== "ok").length;
  if (call.name === "get_gns3_templates") return "get_gns3_templates: the lab's templates";
  return `${call.name}: ${ids.length} asked` + (unknown > 0 ? `, ${unknown} unknown` : "") +
    (failing > 0 && "commands" in a ? `, ${failing} failing console(s)` : "") +
    (call.scenario.project === "missing" ? ", project missing" : "");
}
