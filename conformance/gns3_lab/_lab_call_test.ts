import assert from "node:assert/strict";
import fc from "fast-check";
import { labCallOf } from "./_lab_call.ts";
import {
  LAB_TOOLS,
  labToolCallArbitrary,
  type OtherLabTool,
} from "../tool_response/_lab_tool_calls.ts";

const PROJECT = "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d";
const scenario = { devices: [{ id: "n1", name: "R1", behaviour: "ok" as const, output: "" }] };

/** The tool_input a kit call becomes, parsed back. */
function toolInput(name: string, args: Record<string, unknown>): unknown {
  const { request } = labCallOf({
    operation: "call_tool",
    input: { name, arguments: args, scenario },
  });
  const text = (request.input as { arguments: { tool_input: string } }).arguments.tool_input;
  return text === "" ? "" : JSON.parse(text);
}

Deno.test("lab call: each tool gets the GNS3 Copilot input shape of its own", () => {
  const devices = { project_id: PROJECT, commands: ["a", "b"], device_names: ["R1", "R2"] };
  assert.deepEqual(toolInput("execute_multiple_device_commands", devices), {
    project_id: PROJECT,
    device_configs: [
      { device_name: "R1", commands: ["a", "b"] },
      { device_name: "R2", commands: ["a", "b"] },
    ],
  });
  assert.deepEqual(toolInput("execute_multiple_device_config_commands", devices), {
    project_id: PROJECT,
    device_configs: [
      { device_name: "R1", config_commands: ["a", "b"] },
      { device_name: "R2", config_commands: ["a", "b"] },
    ],
  });
  assert.deepEqual(toolInput("stop_gns3_node", { project_id: PROJECT, node_ids: ["n1"] }), {
    project_id: PROJECT,
    node_ids: ["n1"],
  });
  assert.deepEqual(
    toolInput("update_gns3_node_name", { project_id: PROJECT, node_ids: ["n1"], new_names: ["X"] }),
    { project_id: PROJECT, nodes: [{ node_id: "n1", new_name: "X" }] },
  );
  assert.deepEqual(
    toolInput("create_gns3_node", { project_id: PROJECT, template_ids: ["t"], names: ["N"] }),
    { project_id: PROJECT, nodes: [{ template_id: "t", x: 0, y: 50, name: "N" }] },
  );
  assert.equal(toolInput("get_gns3_templates", {}), "");
});

Deno.test("lab call: a request without a scenario, or not a lab call, goes as it is", () => {
  const plain = { operation: "call_tool", input: { name: "x", arguments: { a: 1 } } };
  assert.equal(labCallOf(plain).request, plain);
  const other = { operation: "call_tool", input: { name: "x", arguments: { a: 1 }, scenario } };
  assert.equal(labCallOf(other).request, other);
  assert.deepEqual(labCallOf(other).scenario, scenario);
});

Deno.test("lab call: every generated call of every lab tool is translated", () => {
  for (const tool of LAB_TOOLS.filter((t) => t !== "execute_multiple_device_commands")) {
    for (
      const call of fc.sample(labToolCallArbitrary(tool as OtherLabTool), { seed: 5, numRuns: 20 })
    ) {
      assert.equal(call.name, tool);
      const { request } = labCallOf({ operation: "call_tool", input: call });
      const args = (request.input as { arguments: Record<string, unknown> }).arguments;
      assert.deepEqual(Object.keys(args), ["tool_input"], tool);
    }
  }
});
