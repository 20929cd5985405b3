// The cases of the lab tools other than the display tool (private helper of the suite): for
// each tool asked for, max(3, runs / 4) generated calls, each on a seed of its own (the
// seed and the tool's place in LAB_TOOLS), shrinkable as every generated case is.
import { generatedCaseStream } from "../../src/core/generated_cases.ts";
import type { Case } from "../../src/core/types.ts";
import {
  LAB_TOOLS,
  labToolCallArbitrary,
  labToolCallTitle,
  type OtherLabTool,
} from "./_lab_tool_calls.ts";

/**
 * The generated cases of the lab tools.
 *
 * @param tools The tools (the display tool left out: its cases are the suite's own).
 * @param options The run's seed and runs.
 * @returns How many cases, and the cases (ids `<tool>-<n>`).
 */
export function labToolCases(
  tools: readonly OtherLabTool[],
  options: { readonly seed: number; readonly runs: number },
): { expected: number; cases: Iterable<Case> } {
  const runs = Math.max(3, Math.ceil(options.runs / 4));
  return {
    expected: runs * tools.length,
    cases: {
      *[Symbol.iterator]() {
        for (const tool of tools) {
          const seed = (options.seed + 7919 * (LAB_TOOLS.indexOf(tool) + 1)) | 0;
          yield* generatedCaseStream(
            labToolCallArbitrary(tool),
            { seed, runs, idPrefix: tool },
            (call) => ({
              description: labToolCallTitle(call),
              input: call,
            }),
          );
        }
      },
    },
  };
}
