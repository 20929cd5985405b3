import { pythonTargetAdapter } from "../_python_target.ts";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Adapter, Request } from "../../src/core/types.ts";
import { normalizerSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import type { NormalizerInput } from "./arbitraries.ts";
import { normalizerMutants } from "./mutants.ts";
import { normalizeToolResponse } from "./reference.ts";

function handler(normalize: (raw: unknown, toolName: string) => unknown) {
  return (request: Request) => {
    if (request.operation !== "normalize") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    const input = request.input as NormalizerInput;
    return normalize(input.raw, input.tool_name);
  };
}

/** Broken Python normalizers of `examples/python/broken/`, run as production runs them. */
const pythonMutants = [
  {
    file: "deep_recursion.py",
    description:
      "a Python normalizer that walks decoded JSON recursively: RecursionError at 1,000-10,000 levels under the default limit",
    breaks: ["NORM-TOTAL"],
  },
  {
    file: "python_objects.py",
    description:
      "a Python normalizer written for JSON-decoded input: a real tuple, a real int of 5,001 digits (str() under the default limit) or a real non-string dict key makes it raise",
    breaks: ["NORM-TOTAL-OTHER"],
  },
];

/** The normalizer profile's embedded targets: the TypeScript reference and its mutants. */
export const normalizerTargets: readonly EmbeddedTarget[] = [
  {
    name: "normalizer-reference",
    description: "the kit's reference normalize_tool_response (TypeScript, in-process)",
    suites: [embeddedSuite(normalizerSuite)],
    create: () =>
      inProcessAdapter(handler(normalizeToolResponse), {
        info: { name: "netconform reference normalizer", version: "1.0", language: "typescript" },
      }),
  },
  ...normalizerMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    suites: [embeddedSuite(normalizerSuite)],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(handler(m.normalize), { info: { name: m.name, language: "typescript" } }),
  })),
  ...pythonMutants.map((m): EmbeddedTarget => ({
    name: `normalizer-python-mutant-${m.file.replace(/\.py$/, "").replaceAll("_", "-")}`,
    description: m.description,
    suites: [embeddedSuite(normalizerSuite)],
    mutant: { breaks: m.breaks },
    create: () => pythonMutantAdapter(m.file),
  })),
];

/**
 * A broken Python normalizer over the subprocess protocol, named without its path; the runtime
 * (the Python version) is left out, so that equal seeds give equal reports on any machine.
 */
function pythonMutantAdapter(file: string): Adapter {
  return pythonTargetAdapter(
    ["--name", `examples/python/broken/${file}`, `broken/${file}:normalize_tool_response`],
    normalizerSuite.profile.id,
  );
}
