import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Request } from "../../src/core/types.ts";
import { toolResponseSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { producerMutants } from "./mutants.ts";
import { type DeviceCommandCall, produceToolResponse } from "./producer.ts";
import { gns3ToolsTargets } from "./_gns3_tools_targets.ts";

function handler(produce: (call: DeviceCommandCall) => unknown) {
  return (request: Request) => {
    if (request.operation !== "call_tool") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    return produce(request.input as DeviceCommandCall);
  };
}

/** The tool-response profile's embedded targets: the reference producer and its mutants. */
export const toolResponseTargets: readonly EmbeddedTarget[] = [
  {
    name: "tool-response-reference",
    description: "the kit's simulated device-command tool (TypeScript, in-process)",
    suites: [embeddedSuite(toolResponseSuite)],
    create: () =>
      inProcessAdapter(handler(produceToolResponse), {
        info: { name: "netconform reference producer", version: "1.0", language: "typescript" },
      }),
  },
  ...producerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    suites: [embeddedSuite(toolResponseSuite)],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.produce), {
        info: { name: m.name, language: "typescript" },
      }),
  })),
  ...gns3ToolsTargets,
];
