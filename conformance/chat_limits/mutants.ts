import { type AgentFlaws, runAgentLoop } from "./_agent_loop.ts";
import type { RunAgentInput, RunAgentOutput } from "./types.ts";

export type { AgentFlaws } from "./_agent_loop.ts";

/** A deliberately broken agent loop and the rules a conformance run must report. */
export interface AgentMutant {
  /** Target name. */
  name: string;
  /** What is broken. */
  description: string;
  /** The rules a conformance run must report. */
  breaks: string[];
  /** The flaws of the loop. */
  flaws: AgentFlaws;
  /** Run one session. */
  run(input: RunAgentInput): RunAgentOutput;
}

function mutant(
  name: string,
  description: string,
  breaks: string[],
  flaws: AgentFlaws,
): AgentMutant {
  return {
    name,
    description,
    breaks,
    flaws,
    run: (input) => ({ transcripts: runAgentLoop(input, flaws).transcripts }),
  };
}

/** Broken variants of the reference agent loop (the list), each caught by its rules. */
export const agentMutants: readonly AgentMutant[] = [
  mutant(
    "chat-limits-mutant-tool-off-by-one",
    "refuses a batch only when it passes max_tool_calls + 1",
    ["CL-TOOL-MAX"],
    { toolOffByOne: true },
  ),
  mutant(
    "chat-limits-mutant-iteration-off-by-one",
    "allows max_iterations + 1 model calls and runs the tools of call max_iterations",
    ["CL-ITER-MAX", "CL-ITER-LAST"],
    { iterOffByOne: true },
  ),
  mutant(
    "chat-limits-mutant-counts-batches",
    "counts batches, not calls, against max_tool_calls",
    ["CL-TOOL-MAX"],
    { countBatches: true },
  ),
  mutant(
    "chat-limits-mutant-unanswered",
    "refuses a batch without answering its calls (dangling tool calls)",
    ["CL-TOOL-ANSWERED"],
    { unansweredRefusal: true },
  ),
  mutant(
    "chat-limits-mutant-ignores-default",
    "no iteration limit when max_iterations is absent",
    ["CL-ITER-MAX"],
    { ignoreDefault: true },
  ),
  mutant(
    "chat-limits-mutant-carries-count",
    "carries the tool call count over to the next request of the session",
    ["CL-PER-REQUEST"],
    { carryOver: true },
  ),
  mutant(
    "chat-limits-mutant-partial-batch",
    "executes the part of a batch that fits and refuses the rest",
    ["CL-TOOL-WHOLE-BATCH"],
    { partialBatch: true },
  ),
  mutant(
    "chat-limits-mutant-crashes-on-tool-error",
    "lets a tool's exception escape the loop",
    ["CL-TOOL-ERROR"],
    { crashOnToolError: true },
  ),
  mutant(
    "chat-limits-mutant-reworded",
    "refuses with its own words (limit and count included): a SHOULD finding",
    ["CL-LIMIT-WORDING"],
    { rewordedMessage: true },
  ),
];
