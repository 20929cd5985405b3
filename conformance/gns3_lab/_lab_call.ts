// A kit request as the simulated lab runs it (private): the generated device-command call
// (`{name, arguments: {project_id, commands, device_names}, scenario}`) becomes the lab's
// world plus the call the GNS3 Copilot agent makes (`{"tool_input": "<JSON>"}`, one
// `device_configs` entry per device); any other request goes to the tool as it is, with an
// empty lab.
import type { Request } from "../../src/core/types.ts";
import type { LabScenario } from "./types.ts";

/** The lab's world for a call, and the request the tool gets. */
export interface LabCall {
  projectId: string;
  scenario: LabScenario;
  request: Request;
}

/** Translate a kit request for the lab. */
export function labCallOf(request: Request): LabCall {
  const input = request.input as Record<string, unknown> | null;
  const args = (input?.arguments ?? {}) as Record<string, unknown>;
  const scenario = input?.scenario as LabScenario | undefined;
  const projectId = typeof args.project_id === "string" ? args.project_id : "";
  if (!scenario || !Array.isArray(args.device_names)) {
    return { projectId, scenario: scenario ?? { devices: [] }, request };
  }
  const commands = Array.isArray(args.commands) ? args.commands : [];
  const toolInput = {
    project_id: projectId,
    device_configs: (args.device_names as unknown[]).map((name) => ({
      device_name: name,
      commands,
    })),
  };
  return {
    projectId,
    scenario,
    request: {
      operation: request.operation,
      input: { name: input!.name, arguments: { tool_input: JSON.stringify(toolInput) } },
    },
  };
}
