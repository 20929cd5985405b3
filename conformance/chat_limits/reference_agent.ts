import { runAgentLoop } from "./_agent_loop.ts";
import type { RunAgentInput, RunAgentOutput } from "./types.ts";

/**
 * The kit's reference agent loop: GNS3 Copilot's design (runtime-agent-parameters.md) over a
 * scripted model, one session per call. For each request: the model is called at most
 * `max_iterations` times (20 by default); the tools of a batch are executed only when the
 * batch fits (`executed + len(batch) <= max_tool_calls`, 999 by default) and a model call
 * remains to read their results; a batch that does not fit is refused whole, every call
 * answered with the design's limit notice, and the model is called again; a tool that raises
 * is answered `Error: <message>`. Counts restart at zero for every request.
 *
 * @example One request with a tool limit of 2
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceChatAgent } from "./reference_agent.ts";
 *
 * const call = (id: string) => ({ id, name: "echo" as const, args: { text: id } });
 * const { transcripts } = referenceChatAgent({
 *   script: { turns: [{ tool_calls: [call("a"), call("b")] }, { tool_calls: [call("c")] }, { final: "ok" }] },
 *   requests: [{ message: "hi", max_tool_calls: 2 }],
 * });
 * assert.equal(transcripts[0].model_calls, 3);
 * assert.deepEqual(transcripts[0].tool_calls.map((c) => c.id), ["a", "b"]);
 * assert.equal(transcripts[0].tool_messages[2].limited, true);
 * ```
 *
 * @param input The script and the requests of one session.
 * @returns One transcript per request.
 * @throws {TypeError} When the input has no script turns or no request list.
 */
export function referenceChatAgent(input: RunAgentInput): RunAgentOutput {
  if (!Array.isArray(input?.script?.turns) || !Array.isArray(input?.requests)) {
    throw new TypeError('Input needs "script.turns" and "requests" arrays');
  }
  return { transcripts: runAgentLoop(input).transcripts };
}
