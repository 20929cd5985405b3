import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Request } from "../../src/core/types.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { builderMutants } from "./mutants.ts";
import { buildNetdryrunResult } from "./reference.ts";
import { NETDRYRUN_BUILD_RESULT_OPERATION, netdryrunSuite } from "./suite.ts";
import type { NetdryrunModel } from "./types.ts";

function handler(build: (model: NetdryrunModel) => unknown) {
  return (request: Request) => {
    if (request.operation !== NETDRYRUN_BUILD_RESULT_OPERATION) {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    return build((request.input as { model: NetdryrunModel }).model);
  };
}

/** The netdryrun profile's embedded targets: the reference result builder and its mutants. */
export const netdryrunTargets: readonly EmbeddedTarget[] = [
  {
    name: "netdryrun-reference",
    description: "the kit's reference Netdryrun result builder (TypeScript, in-process)",
    suites: [embeddedSuite(netdryrunSuite)],
    create: () =>
      inProcessAdapter(handler((model) => buildNetdryrunResult(model)), {
        info: {
          name: "netconform netdryrun reference builder",
          version: "1.0",
          language: "typescript",
        },
      }),
  },
  ...builderMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    suites: [embeddedSuite(netdryrunSuite)],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.build), { info: { name: m.name, language: "typescript" } }),
  })),
];
