// The rules that compare a response with the simulated lab it was made in (private): the
// case's scenario says what each device did, so the items can be judged against it
// (TR-LAB-DEVICE, TR-LAB-STATUS, TR-LAB-OUTPUT; readings in spec-notes/tool-response.md).
// For the generated calls of the console tools (display, config, VPCS), whose input carries the
// scenario; the controller tools' are _check_lab_nodes.ts's. Never throws.
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import type { Finding } from "../../src/core/types.ts";
import { isObject } from "../_json_value.ts";
import type { ScenarioDevice } from "../gns3_lab/types.ts";
import { toolResponseRules } from "./rules.ts";

const finding = createFindingBuilder(toolResponseRules);
const ANSWERS = new Set(["ok", "slow", "error"]);
const INVALID = "% Invalid input detected at '^' marker.";
// Control characters a console or a telnet client may drop (all but TAB and LF).
// deno-lint-ignore no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Text as a telnet client reads it: one line end, no control characters. */
function plain(text: string): string {
  return text.replace(/\r\n|\n\r|\r/g, "\n").replace(CONTROL, "");
}

/**
 * The non-blank lines a device prints for the commands (trimmed): for configuration lines
 * (`config`), the echo of each line, and the error of an `error` device.
 */
export function printedLines(
  device: ScenarioDevice,
  commands: readonly string[],
  config = false,
): string[] {
  const texts = config
    ? [...commands, ...(device.behaviour === "error" ? [INVALID] : [])]
    : commands.map((c) =>
      device.behaviour === "error" ? INVALID : device.outputs?.[c] ?? device.output
    );
  return texts.flatMap((t) => plain(t).split("\n").map((l) => l.trim()).filter((l) => l !== ""));
}

interface LabCallInput {
  name?: unknown;
  arguments: { commands: string[]; device_names: unknown[] };
  scenario: { devices: ScenarioDevice[] };
}

/** Whether a case's input is a generated call with its lab (the only kind judged here). */
export function isLabCall(input: unknown): input is LabCallInput {
  if (!isObject(input) || !isObject(input.arguments) || !isObject(input.scenario)) return false;
  return Array.isArray(input.arguments.commands) && Array.isArray(input.arguments.device_names) &&
    Array.isArray(input.scenario.devices);
}

/**
 * The lab rules' findings for one response (appended to `out`).
 *
 * @param call The generated call and its scenario.
 * @param value The response (untrusted data).
 * @param out Findings so far.
 */
export function checkAgainstLab(call: LabCallInput, value: unknown, out: Finding[]): Finding[] {
  if (!isObject(value) || !Array.isArray(value.data)) return out;
  const byName = new Map(call.scenario.devices.map((d) => [d.name, d]));
  const byId = new Map(call.scenario.devices.map((d) => [d.id, d]));
  const commands = call.arguments.commands.filter((c) => typeof c === "string");
  value.data.forEach((item, i) => {
    if (!isObject(item) || typeof item.name !== "string") return;
    const named = byName.get(item.name);
    const identified = typeof item.id === "string" ? byId.get(item.id) : undefined;
    if (identified && identified !== named) {
      out.push(finding(
        "TR-LAB-DEVICE",
        jsonPointer("data", i, "id"),
        `the item named ${JSON.stringify(item.name)} carries the node id of ${
          JSON.stringify(identified.name)
        }`,
        { expected: named?.id ?? "no node id of the lab", actual: item.id },
      ));
    }
    const device = identified ?? named;
    if (commands.length === 0) return;
    const expected = device && ANSWERS.has(device.behaviour) ? "success" : "failed";
    if ((item.status === "success" || item.status === "failed") && item.status !== expected) {
      const what = device ? `its console's behaviour is "${device.behaviour}"` : "no such device";
      out.push(finding(
        "TR-LAB-STATUS",
        jsonPointer("data", i, "status"),
        `the item for ${JSON.stringify(item.name)} is "${item.status}", but ${what}`,
        { expected, actual: item.status },
      ));
    }
    if (item.status !== "success" || typeof item.result !== "string" || !device) return;
    if (!ANSWERS.has(device.behaviour)) return;
    const result = plain(item.result);
    const config = call.name === "execute_multiple_device_config_commands";
    const missing = printedLines(device, commands, config).find((line) => !result.includes(line));
    if (missing !== undefined) {
      out.push(finding(
        "TR-LAB-OUTPUT",
        jsonPointer("data", i, "result"),
        `the result for ${JSON.stringify(item.name)} lacks a line its device printed`,
        { expected: missing, actual: item.result },
      ));
    }
  });
  return out;
}
