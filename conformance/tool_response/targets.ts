import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Request } from "../../src/core/types.ts";
import type { EmbeddedTarget } from "../registry.ts";
import { producerMutants } from "./mutants.ts";
import { type DeviceCommandCall, produceToolResponse } from "./producer.ts";

const PROFILE = "gns3.tool-response/v1.0";

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
    profiles: [PROFILE],
    create: () =>
      inProcessAdapter(handler(produceToolResponse), {
        info: { name: "netconform reference producer", version: "1.0", language: "typescript" },
      }),
  },
  ...producerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    profiles: [PROFILE],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.produce), {
        info: { name: m.name, language: "typescript" },
      }),
  })),
];
