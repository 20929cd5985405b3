// The lab rules for the controller tools' calls (private): node actions, renaming and new
// nodes, judged against the scenario the lab ran (a node the controller has succeeds, an
// unknown one or a missing project fails; readings in spec-notes/tool-response.md). Never
// throws.
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import type { Finding } from "../../src/core/types.ts";
import { isObject } from "../_json_value.ts";
import type { ScenarioDevice } from "../gns3_lab/types.ts";
import { LAB_TEMPLATES } from "../gns3_lab/_templates.ts";
import { toolResponseRules } from "./rules.ts";

const finding = createFindingBuilder(toolResponseRules);
const AFTER: Record<string, string> = {
  start_gns3_node: "started",
  stop_gns3_node: "stopped",
  suspend_gns3_node: "suspended",
};

interface NodeCallInput {
  name: string;
  arguments: { node_ids?: unknown[]; new_names?: unknown[]; template_ids?: unknown[] };
  scenario: { devices: ScenarioDevice[]; project?: string };
}

/** Whether a case's input is a generated controller-tool call with its lab. */
export function isNodeLabCall(input: unknown): input is NodeCallInput {
  if (!isObject(input) || typeof input.name !== "string") return false;
  if (!isObject(input.arguments) || !isObject(input.scenario)) return false;
  const a = input.arguments;
  return (Array.isArray(a.node_ids) || Array.isArray(a.template_ids)) &&
    Array.isArray(input.scenario.devices);
}

/** What the item of each asked-for entry should be: its node (if any) and outcome. */
interface Expectation {
  device?: ScenarioDevice;
  ok: boolean;
  result?: string;
}

/** The expectation of an item of a response, from the item and its place. */
type ExpectationOf = (item: Record<string, unknown>, i: number) => Expectation | undefined;

/**
 * What the item at `i` of a response should be: a create's item is about the entry at its
 * place; a node tool's is found by its `id`.
 */
function expectationOf(call: NodeCallInput): ExpectationOf {
  const present = call.scenario.project !== "missing";
  const a = call.arguments;
  if (Array.isArray(a.template_ids)) {
    const known = new Set(LAB_TEMPLATES.map((t) => t.template_id));
    const byPlace = a.template_ids.map((t) => ({ ok: present && known.has(String(t)) }));
    return (_item, i) => byPlace[i];
  }
  const byId = new Map(call.scenario.devices.map((d) => [d.id, d]));
  const byNode = new Map((a.node_ids ?? []).map((id, i) => {
    const device = byId.get(String(id));
    const result = a.new_names ? String(a.new_names[i]) : AFTER[call.name];
    return [String(id), { device, ok: present && device !== undefined, result }];
  }));
  return (item) => typeof item.id === "string" ? byNode.get(item.id) : undefined;
}

/**
 * The lab rules' findings for one controller-tool response (appended to `out`).
 *
 * @param call The generated call and its scenario.
 * @param value The response (untrusted data).
 * @param out Findings so far.
 */
export function checkNodesAgainstLab(call: NodeCallInput, value: unknown, out: Finding[]) {
  if (!isObject(value) || !Array.isArray(value.data)) return out;
  const expected = expectationOf(call);
  // A rename's item carries the new name: it is not judged by its node's.
  const renamed = call.arguments.new_names !== undefined;
  value.data.forEach((item, i) => {
    if (!isObject(item)) return;
    const want = expected(item, i);
    if (want?.device && !renamed && item.name !== want.device.name) {
      out.push(finding(
        "TR-LAB-DEVICE",
        jsonPointer("data", i, "name"),
        `the item of node ${JSON.stringify(item.id)} is named ${
          JSON.stringify(item.name)
        }, not its node's name`,
        { expected: want.device.name, actual: item.name },
      ));
    }
    const status = want?.ok ? "success" : "failed";
    if ((item.status === "success" || item.status === "failed") && item.status !== status) {
      const why = want === undefined
        ? "no such entry was asked for"
        : want.ok
        ? "the controller has it"
        : "the controller has no such node, template or project";
      out.push(finding(
        "TR-LAB-STATUS",
        jsonPointer("data", i, "status"),
        `the item ${JSON.stringify(item.id)} is "${item.status}", but ${why}`,
        { expected: status, actual: item.status },
      ));
    }
    if (item.status === "success" && want?.ok && want.result !== undefined) {
      if (item.result !== want.result) {
        out.push(finding(
          "TR-LAB-OUTPUT",
          jsonPointer("data", i, "result"),
          `the result for node ${JSON.stringify(item.id)} is not what the controller now has`,
          { expected: want.result, actual: item.result },
        ));
      }
    }
  });
  return out;
}
