// A kit request as the simulated lab runs it (private): a generated call of a GNS3 tool
// (`{name, arguments, scenario}`, see tool_response/_lab_tool_calls.ts) becomes the lab's world
// plus the call the GNS3 Copilot agent makes, `{"tool_input": "<JSON>"}` in the tool's own
// input shape (`device_configs` for the console tools, `node_ids`, `nodes` for the controller
// tools); any other request goes to the tool as it is, with an empty lab.
import type { Request } from "../../src/core/types.ts";
import type { LabScenario } from "./types.ts";

/** The lab's world for a call, and the request the tool gets. */
export interface LabCall {
  projectId: string;
  scenario: LabScenario;
  request: Request;
}

type Args = Record<string, unknown>;
const list = (value: unknown): unknown[] => Array.isArray(value) ? value : [];

/** The tool's own input for a generated call, or undefined when it is not one. */
function toolInput(name: unknown, args: Args): unknown {
  const project_id = args.project_id;
  if (Array.isArray(args.device_names)) {
    const key = name === "execute_multiple_device_config_commands" ? "config_commands" : "commands";
    const commands = list(args.commands);
    const device_configs = args.device_names.map((device_name) => ({
      device_name,
      [key]: commands,
    }));
    return { project_id, device_configs };
  }
  if (Array.isArray(args.node_ids) && Array.isArray(args.new_names)) {
    const names = args.new_names;
    return {
      project_id,
      nodes: args.node_ids.map((node_id, i) => ({ node_id, new_name: names[i] })),
    };
  }
  if (Array.isArray(args.node_ids)) return { project_id, node_ids: args.node_ids };
  if (Array.isArray(args.template_ids)) {
    const names = list(args.names);
    const nodes = args.template_ids.map((template_id, i) => ({
      template_id,
      x: 100 * i,
      y: 50,
      name: names[i],
    }));
    return { project_id, nodes };
  }
  return name === "get_gns3_templates" ? "" : undefined;
}

/** Translate a kit request for the lab. */
export function labCallOf(request: Request): LabCall {
  const input = request.input as Record<string, unknown> | null;
  const args = (input?.arguments ?? {}) as Args;
  const scenario = input?.scenario as LabScenario | undefined;
  const projectId = typeof args.project_id === "string" ? args.project_id : "";
  const tool = scenario ? toolInput(input!.name, args) : undefined;
  if (!scenario || tool === undefined) {
    return { projectId, scenario: scenario ?? { devices: [] }, request };
  }
  const tool_input = typeof tool === "string" ? tool : JSON.stringify(tool);
  return {
    projectId,
    scenario,
    request: {
      operation: request.operation,
      input: { name: input!.name, arguments: { tool_input } },
    },
  };
}
