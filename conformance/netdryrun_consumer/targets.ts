import { pythonTargetAdapter } from "../_python_target.ts";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Adapter, Request } from "../../src/core/types.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { netdryrunConsumerSuite } from "./suite.ts";
import type { Decision } from "./_result.ts";
import { consumerMutants } from "./mutants.ts";
import { decideNetdryrunResult } from "./reference.ts";
import type { DecideInput } from "./types.ts";

const PROFILE = "netdryrun.consumer/v1";

function handler(decide: (result: unknown, attempt: number) => Decision) {
  return (request: Request) => {
    if (request.operation !== "decide") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    const input = request.input as DecideInput;
    // Without an attempt (the default), a first run: a (result) => decision gate.
    return decide(input.result, input.attempt ?? 1);
  };
}

/**
 * The Python example gate over the subprocess protocol. The runtime the adapter reports
 * (the Python version) is left out, so that equal seeds give equal reports on any machine.
 */
function pythonGateAdapter(): Adapter {
  return pythonTargetAdapter(
    ["--operation", "decide", "--name", "netdryrun example gate", "netdryrun_gate.py:decide"],
    PROFILE,
  );
}

/**
 * The consumer profile's embedded targets: the TypeScript reference (in-process), the Python
 * example gate `examples/python/netdryrun_gate.py` (subprocess), and the TypeScript mutants.
 */
export const netdryrunConsumerTargets: readonly EmbeddedTarget[] = [
  {
    name: "netdryrun-consumer-reference",
    description: "the kit's reference consumer of dry_run / run_checks results (TypeScript)",
    suites: [embeddedSuite(netdryrunConsumerSuite)],
    create: () =>
      inProcessAdapter(handler(decideNetdryrunResult), {
        info: { name: "netconform reference consumer", version: "1", language: "typescript" },
      }),
  },
  {
    name: "netdryrun-consumer-reference-attempts",
    description:
      "the kit's reference consumer told which attempt each run is (option attempts: it counts its retries)",
    suites: [embeddedSuite(netdryrunConsumerSuite, { attempts: true })],
    create: () =>
      inProcessAdapter(handler(decideNetdryrunResult), {
        info: { name: "netconform reference consumer", version: "1", language: "typescript" },
      }),
  },
  {
    name: "netdryrun-consumer-python-gate",
    description: "the example CI gate examples/python/netdryrun_gate.py (Python, subprocess)",
    suites: [embeddedSuite(netdryrunConsumerSuite)],
    create: pythonGateAdapter,
  },
  ...consumerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    // A mutant of the retry count is run as a consumer that counts its retries.
    suites: [
      embeddedSuite(
        netdryrunConsumerSuite,
        m.breaks.includes("NDC-RETRY-ONCE") ? { attempts: true } : {},
      ),
    ],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.decide), { info: { name: m.name, language: "typescript" } }),
  })),
];
