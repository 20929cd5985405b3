import type { ChatRequest } from "./types.ts";

/** max_iterations when absent or null (runtime-agent-parameters.md, Parameter Limits). */
export const DEFAULT_MAX_ITERATIONS = 20;
/** max_tool_calls when absent or null: "unlimited (999)". */
export const DEFAULT_MAX_TOOL_CALLS = 999;

/** The limits that apply to a request. */
export function effectiveLimits(
  request: ChatRequest,
): { maxIterations: number; maxToolCalls: number } {
  const n = request.max_iterations;
  const m = request.max_tool_calls;
  return {
    maxIterations: typeof n === "number" ? n : DEFAULT_MAX_ITERATIONS,
    maxToolCalls: typeof m === "number" ? m : DEFAULT_MAX_TOOL_CALLS,
  };
}

/** The design's limit notice, verbatim (Agent Graph Changes, `tool_node`). */
export function limitMessage(max: number, count: number): string {
  return `Tool call limit reached (${max} calls). ` +
    `Please simplify your request or break it into smaller steps. ` +
    `Current tool call count: ${count}/${max}.`;
}

/** The whole numbers a text contains, as strings. */
export function numbersIn(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

/** What the kit's reference agents say when max_iterations stops them with tools asked for. */
export function iterationNotice(maxIterations: number): string {
  return `Iteration limit reached (max_iterations ${maxIterations}): ` +
    `the tools of the last model call were not run.`;
}
