// Mutations of lab samples (private; part of toolResponseMutations): each breaks one lab rule
// alone, keeping the counts, the success flag and the global error consistent.
import fc from "fast-check";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { CheckContext, Mutated, Mutation } from "../../src/core/types.ts";
import type { DeviceCommandCall } from "./producer.ts";
import type { ToolResponse, ToolResponseItem } from "./types.ts";
import { printedLines } from "./_check_lab.ts";

type Edit = (copy: ToolResponse, i: number, call: DeviceCommandCall) => string;

function labMutation(
  id: string,
  ruleId: string,
  description: string,
  applies: (item: ToolResponseItem, call: DeviceCommandCall) => boolean,
  edit: Edit,
): Mutation<ToolResponse> {
  return {
    id,
    ruleId,
    description,
    mutate(value: ToolResponse, context?: CheckContext) {
      const call = context?.lab as DeviceCommandCall | undefined;
      if (!call?.scenario || call.arguments.commands.length === 0) return undefined;
      const indexes = value.data.flatMap((item, i) => applies(item, call) ? [i] : []);
      if (indexes.length === 0) return undefined;
      return fc.constantFrom(...indexes).map((i): Mutated<ToolResponse> => {
        const copy = structuredClone(value);
        return { value: copy, instancePath: edit(copy, i, call), context };
      });
    },
  };
}

/** Counts, success and the global error as the reference producer sets them. */
function recount(r: ToolResponse): void {
  const failed = r.data.filter((i) => i.status === "failed").length;
  r.failed = failed;
  r.successful = r.data.length - failed;
  const allFailed = r.data.length > 0 && failed === r.data.length;
  r.success = !allFailed;
  if (allFailed) r.error = `All ${r.data.length} devices failed`;
  else delete r.error;
}

const deviceOf = (item: ToolResponseItem, call: DeviceCommandCall) =>
  call.scenario.devices.find((d) => d.id === item.id && d.name === item.name);

/** The lab rules' mutations. */
export const labMutations: readonly Mutation<ToolResponse>[] = [
  labMutation(
    "refused-as-success",
    "TR-LAB-STATUS",
    "a device that refused the connection reported as a success",
    (item, call) => deviceOf(item, call)?.behaviour === "refused",
    (r, i) => {
      const { id, name } = r.data[i];
      r.data[i] = { id, name, status: "success", result: "" };
      recount(r);
      return jsonPointer("data", i, "status");
    },
  ),
  labMutation(
    "output-emptied",
    "TR-LAB-OUTPUT",
    "a success item's result emptied although its device printed lines",
    (item, call) => {
      const device = item.status === "success" ? deviceOf(item, call) : undefined;
      return device !== undefined && printedLines(device, call.arguments.commands).length > 0;
    },
    (r, i) => {
      r.data[i].result = "";
      return jsonPointer("data", i, "result");
    },
  ),
  labMutation(
    "renamed-to-other-device",
    "TR-LAB-DEVICE",
    "an item named after another device of the lab, with its own node id",
    (item, call) => deviceOf(item, call) !== undefined && call.scenario.devices.length > 1,
    (r, i, call) => {
      const other = call.scenario.devices.find((d) => d.id !== r.data[i].id)!;
      r.data[i].name = other.name;
      return jsonPointer("data", i, "id");
    },
  ),
];
