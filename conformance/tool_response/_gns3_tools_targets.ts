// The reference GNS3 tool set (examples/gns3_tools/, Python: nornir, nornir-netmiko, netmiko,
// langchain-core) run unchanged against the simulated GNS3 lab, and its mutants (private
// helper of targets.ts). They need the kit's Python environment `gns3-tools`.
import { requirePythonEnv } from "../_python_env.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { labToolsAdapter } from "../gns3_lab/lab_tools_adapter.ts";
import { toolResponseSuite } from "./suite.ts";
import { LAB_TOOLS, type LabToolName } from "./_lab_tool_calls.ts";

const DISPLAY = "execute_multiple_device_commands";
const TOOLS = new URL("../../examples/gns3_tools/", import.meta.url).pathname;

/** The reference tool set: each tool object (`module:attribute`) of examples/gns3_tools/. */
export const REFERENCE_TOOLS: readonly string[] = [
  "display_tool:ExecuteMultipleDeviceCommands",
  "config_tool:ExecuteMultipleDeviceConfigCommands",
  "vpcs_tool:VPCSCommands",
  ...["StartNode", "StopNode", "SuspendNode", "UpdateNodeName", "CreateNode"].map((n) =>
    `node_tools:GNS3${n}Tool`
  ),
  "node_tools:GNS3TemplateTool",
];

/** A target of tool objects of examples/gns3_tools/, against the simulated lab. */
function toolTarget(
  name: string,
  description: string,
  tools: readonly string[],
  more: Partial<EmbeddedTarget> = {},
  calls: readonly LabToolName[],
): EmbeddedTarget {
  return {
    name,
    description,
    suites: [embeddedSuite(toolResponseSuite, { lab_tools: calls })],
    pythonEnv: "gns3-tools",
    // Each case opens real telnet sessions (netmiko's login alone waits 1 s): the class
    // cover's guaranteed cases, up to 6 at a time (a worker starts when all are busy), in a
    // lane of their own. Measured with the whole tool set (44 cases, 2 cores shared with the
    // other targets of `deno task conform`): the whole run 16.3 s with 4 workers, 13.8 s with
    // 6 and 14.7 s with 8 (a worker's Python imports cost about a second of CPU each).
    runs: 1,
    caseTimeoutMs: 30_000,
    startTimeoutMs: 60_000,
    startEarly: true,
    create: () =>
      labToolsAdapter({
        python: requirePythonEnv("gns3-tools"),
        tools,
        pythonPath: [TOOLS],
        jwtSetter: "lab_config:set_current_jwt_token",
        workers: 6,
      }),
    ...more,
  };
}

/**
 * The mutants of examples/gns3_tools/mutants.py: name, class, fault, the rule that catches it
 * and the tool whose calls show it.
 */
const MUTANTS: readonly [string, string, string, string, LabToolName][] = [
  ["counts-off", "CountsOff", "counts one device too many into total", "TR-TOTAL", DISPLAY],
  [
    "refused-as-success",
    "RefusedAsSuccess",
    "reports a device whose console refused the connection as a success",
    "TR-LAB-STATUS",
    DISPLAY,
  ],
  [
    "timeout-raises",
    "TimeoutRaises",
    "lets a console's read timeout escape as an exception",
    "TR-SCHEMA",
    DISPLAY,
  ],
  [
    "truncated-output",
    "TruncatedOutput",
    "keeps 8 characters of each output",
    "TR-LAB-OUTPUT",
    DISPLAY,
  ],
  [
    "wrong-device",
    "WrongDevice",
    "matches requested names to the project's nodes by position",
    "TR-LAB-DEVICE",
    DISPLAY,
  ],
  [
    "stop-old-status",
    "StopReportsOldStatus",
    "the stop tool reports each node's status from before the stop",
    "TR-LAB-OUTPUT",
    "stop_gns3_node",
  ],
  [
    "ghost-renamed",
    "GhostRenamed",
    "the rename tool reports a node the controller does not have as renamed",
    "TR-LAB-STATUS",
    "update_gns3_node_name",
  ],
  [
    "config-output-dropped",
    "ConfigOutputDropped",
    "the config tool returns an empty output for every device it configured",
    "TR-LAB-OUTPUT",
    "execute_multiple_device_config_commands",
  ],
];

/** The reference GNS3 tools against the simulated lab, and their mutants. */
export const gns3ToolsTargets: readonly EmbeddedTarget[] = [
  toolTarget(
    "gns3-tools-reference",
    "the reference GNS3 tool set (Python: display and config on nornir + netmiko, VPCS on netmiko, the controller tools on the v3 REST API; LangChain BaseTools) against the simulated GNS3 lab",
    REFERENCE_TOOLS,
    {},
    LAB_TOOLS,
  ),
  ...MUTANTS.map(([name, attribute, description, rule, call]) =>
    toolTarget(
      `gns3-tools-mutant-${name}`,
      description,
      [`mutants:${attribute}`],
      { mutant: { breaks: [rule] } },
      [call],
    )
  ),
];
