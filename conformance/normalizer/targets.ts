import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Request } from "../../src/core/types.ts";
import type { EmbeddedTarget } from "../registry.ts";
import type { NormalizerInput } from "./arbitraries.ts";
import { normalizerMutants } from "./mutants.ts";
import { normalizeToolResponse } from "./reference.ts";

const PROFILE = "gns3.normalizer/v1.0";

function handler(normalize: (raw: unknown, toolName: string) => unknown) {
  return (request: Request) => {
    if (request.operation !== "normalize") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    const input = request.input as NormalizerInput;
    return normalize(input.raw, input.tool_name);
  };
}

/** The normalizer profile's embedded targets: the TypeScript reference and its mutants. */
export const normalizerTargets: readonly EmbeddedTarget[] = [
  {
    name: "normalizer-reference",
    description: "the kit's reference normalize_tool_response (TypeScript, in-process)",
    profiles: [PROFILE],
    create: () =>
      inProcessAdapter(handler(normalizeToolResponse), {
        info: { name: "netconform reference normalizer", version: "1.0", language: "typescript" },
      }),
  },
  ...normalizerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    profiles: [PROFILE],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.normalize), { info: { name: m.name, language: "typescript" } }),
  })),
];
