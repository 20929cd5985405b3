import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import type { Adapter, Request } from "../../src/core/types.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { netdryrunConsumerSuite } from "./suite.ts";
import type { Decision } from "./_result.ts";
import { consumerMutants } from "./mutants.ts";
import { decideNetdryrunResult } from "./reference.ts";
import type { DecideInput } from "./types.ts";

const PROFILE = "netdryrun.consumer/v1";
const PY = new URL("../../examples/python/", import.meta.url).pathname;

function handler(decide: (result: unknown, attempt: number) => Decision) {
  return (request: Request) => {
    if (request.operation !== "decide") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    const input = request.input as DecideInput;
    return decide(input.result, input.attempt);
  };
}

/**
 * The Python example gate over the subprocess protocol. The runtime the adapter reports
 * (the Python version) is left out, so that equal seeds give equal reports on any machine.
 */
function pythonGateAdapter(): Adapter {
  const inner = subprocessAdapter({
    argv: [
      pythonPath(),
      `${PY}netconform_adapter.py`,
      "--operation",
      "decide",
      "--name",
      "netdryrun example gate",
      `${PY}netdryrun_gate.py:decide`,
    ],
    profile: PROFILE,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  });
  return {
    kind: inner.kind,
    async start(options) {
      const { runtime: _runtime, ...info } = await inner.start(options);
      return info;
    },
    run: (request, options) => inner.run(request, options),
    close: () => inner.close(),
    stderr: () => inner.stderr?.() ?? "",
  };
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
    name: "netdryrun-consumer-python-gate",
    description: "the example CI gate examples/python/netdryrun_gate.py (Python, subprocess)",
    suites: [embeddedSuite(netdryrunConsumerSuite)],
    create: pythonGateAdapter,
  },
  ...consumerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    suites: [embeddedSuite(netdryrunConsumerSuite)],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.decide), { info: { name: m.name, language: "typescript" } }),
  })),
];
