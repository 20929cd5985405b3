import type { ToolResponse, ToolResponseItem } from "./types.ts";

/** How one simulated device answers. */
export interface SimulatedDevice {
  /** Node id. */
  id: string;
  /** Device name. */
  name: string;
  /** `ok` answers with `output`; the others fail. */
  behaviour: "ok" | "refused" | "timeout";
  /** What the device prints for the commands. */
  output: string;
}

/** A call of the simulated device-command tool, with the world it runs in. */
export interface DeviceCommandCall {
  /** Always `execute_multiple_device_commands`. */
  name: string;
  /** The tool's arguments. */
  arguments: { project_id: string; commands: string[]; device_names: string[] };
  /** The simulated lab the tool talks to. */
  scenario: { devices: SimulatedDevice[] };
}

const PROJECT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The kit's reference producer: a simulated `execute_multiple_device_commands` tool that
 * returns tool responses in the v1.0 format (GNS3 Copilot's device-command tool, without a
 * lab). A bad project id or an empty command list fails the whole call with a global error.
 *
 * @example Run two devices
 * ```ts
 * import assert from "node:assert/strict";
 * import { produceToolResponse } from "./producer.ts";
 *
 * const response = produceToolResponse({
 *   name: "execute_multiple_device_commands",
 *   arguments: {
 *     project_id: "00000000-0000-4000-8000-000000000000",
 *     commands: ["show version"],
 *     device_names: ["R1", "R2"],
 *   },
 *   scenario: {
 *     devices: [
 *       { id: "n1", name: "R1", behaviour: "ok", output: "IOS 15" },
 *       { id: "n2", name: "R2", behaviour: "refused", output: "" },
 *     ],
 *   },
 * });
 * assert.deepEqual([response.total, response.successful, response.failed], [2, 1, 1]);
 * ```
 *
 * @param call The tool call and its simulated world.
 * @returns The tool response.
 */
export function produceToolResponse(call: DeviceCommandCall): ToolResponse {
  const started = 0;
  const metadata = { tool_name: call.name, version: "v1.0", execution_time: started };
  const fail = (error: string): ToolResponse => ({
    success: false,
    total: 0,
    successful: 0,
    failed: 0,
    data: [],
    error,
    metadata,
  });
  if (!PROJECT_ID.test(call.arguments.project_id)) return fail("Invalid project_id format");
  if (call.arguments.commands.length === 0) return fail("No commands given");
  const byName = new Map(call.scenario.devices.map((d) => [d.name, d]));
  const data: ToolResponseItem[] = call.arguments.device_names.map((name, i) => {
    const device = byName.get(name);
    if (!device) {
      return { id: `missing-${i}`, name, status: "failed", error: `Device "${name}" not found` };
    }
    if (device.behaviour === "ok") {
      return { id: device.id, name, status: "success", result: device.output };
    }
    return {
      id: device.id,
      name,
      status: "failed",
      error: device.behaviour === "refused" ? "Connection refused" : "Timed out after 30 s",
    };
  });
  const failed = data.filter((i) => i.status === "failed").length;
  const allFailed = data.length > 0 && failed === data.length;
  const response: ToolResponse = {
    success: !allFailed,
    total: data.length,
    successful: data.length - failed,
    failed,
    data,
    metadata: { ...metadata, execution_time: data.length * 0.5 },
  };
  if (allFailed) response.error = `All ${data.length} devices failed`;
  return response;
}
