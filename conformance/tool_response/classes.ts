import type { InputClass } from "../../src/core/types.ts";
import type { DeviceCommandCall } from "./producer.ts";

/**
 * The declared input classes of the `gns3.tool-response/v1.0` suite's generated calls: the
 * scenarios the response format's branches and cross-field rules depend on (no item, one,
 * the most; every item a success, every item failed, both; each failure kind; a global error).
 */
export const toolResponseClasses: readonly InputClass[] = [
  { id: "devices-none", description: "no device named: data is empty, total 0" },
  { id: "devices-one", description: "one device named" },
  { id: "devices-many", description: "six or more devices named (the generator's cap)" },
  { id: "all-ok", description: "every named device answers: success true, failed 0" },
  { id: "all-failing", description: "every named device fails: success false, a global error" },
  { id: "mixed", description: "some devices answer and some fail" },
  { id: "refused", description: "a device refuses the connection (failed item with an error)" },
  { id: "timeout", description: "a device times out (failed item with an error)" },
  { id: "unknown-device", description: "a device name with no device (failed item)" },
  { id: "bad-project", description: "a project id that does not exist (global error)" },
  { id: "commands-none", description: "an empty command list" },
  { id: "commands-max", description: "three commands (the generator's cap)" },
  { id: "output-empty", description: 'a device that answers with empty output (result "")' },
];

/**
 * The declared classes a generated device-command call hits.
 *
 * @param call The call and its simulated world.
 * @returns The class ids.
 */
export function toolResponseClassesOf(call: DeviceCommandCall): string[] {
  const names = call.arguments.device_names;
  const byName = new Map(call.scenario.devices.map((d) => [d.name, d]));
  const ok = names.filter((n) => byName.get(n)?.behaviour === "ok");
  const out: string[] = [];
  if (names.length === 0) out.push("devices-none");
  if (names.length === 1) out.push("devices-one");
  if (names.length >= 6) out.push("devices-many");
  if (names.length > 0 && ok.length === names.length) out.push("all-ok");
  if (names.length > 0 && ok.length === 0) out.push("all-failing");
  if (ok.length > 0 && ok.length < names.length) out.push("mixed");
  if (names.some((n) => byName.get(n)?.behaviour === "refused")) out.push("refused");
  if (names.some((n) => byName.get(n)?.behaviour === "timeout")) out.push("timeout");
  if (names.some((n) => !byName.has(n))) out.push("unknown-device");
  if (call.arguments.project_id === "not-a-project") out.push("bad-project");
  if (call.arguments.commands.length === 0) out.push("commands-none");
  if (call.arguments.commands.length >= 3) out.push("commands-max");
  if (ok.some((n) => byName.get(n)!.output === "")) out.push("output-empty");
  return out;
}
