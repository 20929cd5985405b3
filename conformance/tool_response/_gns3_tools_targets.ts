// The reference GNS3 tool set (examples/gns3_tools/, Python: nornir, nornir-netmiko, netmiko,
// langchain-core) run unchanged against the simulated GNS3 lab, and its mutants (private
// helper of targets.ts). They need the kit's Python environment `gns3-tools`.
import { requirePythonEnv } from "../_python_env.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { labToolsAdapter } from "../gns3_lab/lab_tools_adapter.ts";
import { toolResponseSuite } from "./suite.ts";

const TOOLS = new URL("../../examples/gns3_tools/", import.meta.url).pathname;

/** A target of one tool object of examples/gns3_tools/, against the simulated lab. */
function toolTarget(
  name: string,
  description: string,
  tool: string,
  more: Partial<EmbeddedTarget> = {},
  normalizer?: string,
): EmbeddedTarget {
  return {
    name,
    description,
    suites: [embeddedSuite(toolResponseSuite)],
    pythonEnv: "gns3-tools",
    // Each case opens real telnet sessions (netmiko's login alone waits 1 s): the class
    // cover's guaranteed cases, up to 8 at a time (a worker starts when all are busy), in a
    // lane of their own.
    runs: 1,
    caseTimeoutMs: 30_000,
    startTimeoutMs: 60_000,
    startEarly: true,
    create: () =>
      labToolsAdapter({
        python: requirePythonEnv("gns3-tools"),
        tools: [tool],
        pythonPath: [TOOLS],
        jwtSetter: "lab_config:set_current_jwt_token",
        normalizer,
        workers: 8,
      }),
    ...more,
  };
}

/** The reference GNS3 tools against the simulated lab, and their mutants. */
export const gns3ToolsTargets: readonly EmbeddedTarget[] = [
  toolTarget(
    "gns3-tools-reference",
    "the reference GNS3 display tool (Python: nornir + netmiko over telnet, LangChain BaseTool) against the simulated GNS3 lab",
    "display_tool:ExecuteMultipleDeviceCommands",
  ),
  ...[
    ["counts-off", "CountsOff", "counts one device too many into total", "TR-TOTAL"],
    [
      "refused-as-success",
      "RefusedAsSuccess",
      "reports a device whose console refused the connection as a success",
      "TR-LAB-STATUS",
    ],
    [
      "timeout-raises",
      "TimeoutRaises",
      "lets a console's read timeout escape as an exception",
      "TR-SCHEMA",
    ],
    ["truncated-output", "TruncatedOutput", "keeps 8 characters of each output", "TR-LAB-OUTPUT"],
    [
      "wrong-device",
      "WrongDevice",
      "matches requested names to the project's nodes by position",
      "TR-LAB-DEVICE",
    ],
  ].map(([name, attribute, description, rule]) =>
    toolTarget(`gns3-tools-mutant-${name}`, description, `mutants:${attribute}`, {
      mutant: { breaks: [rule] },
    })
  ),
];
