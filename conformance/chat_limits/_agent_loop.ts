import { jsonPointer } from "../../src/core/json_pointer.ts";
import { effectiveLimits, iterationNotice, limitMessage } from "./_limits.ts";
import {
  EXHAUSTED_FINAL,
  type RunAgentInput,
  type RunAgentOutput,
  type ScriptToolCall,
  type ToolMessage,
  type Transcript,
} from "./types.ts";

/**
 * Deliberate faults of the agent loop, for mutants and mutations. Each names the rule it
 * breaks; the reference loop has none.
 */
export interface AgentFlaws {
  /** Refuses only once the count is at the limit, so a batch may pass it (CL-TOOL-MAX). */
  overshoot?: boolean;
  /** Refuses a batch that lands exactly on the limit (CL-TOOL-FITS). */
  refuseAtLimit?: boolean;
  /** Allows one call more than the limit (CL-TOOL-MAX). */
  toolOffByOne?: boolean;
  /** Counts batches, not calls (CL-TOOL-MAX). */
  countBatches?: boolean;
  /** Counts refused calls toward the limit too (CL-TOOL-COUNTS-EXECUTED). */
  countRefused?: boolean;
  /** Says nothing when max_iterations stops it with tools asked for (CL-ITER-NOTICE). */
  silentIterationStop?: boolean;
  /** Executes the part of a batch that fits (CL-TOOL-WHOLE-BATCH). */
  partialBatch?: boolean;
  /** Gives refused calls no tool message (CL-TOOL-ANSWERED). */
  unansweredRefusal?: boolean;
  /** Refuses with a message that states neither the limit nor the count (CL-LIMIT-COUNTS). */
  vagueMessage?: boolean;
  /** Refuses with a message not marked as a limit refusal (CL-LIMIT-MESSAGE). */
  unmarkedRefusal?: boolean;
  /** Refuses with other words, limit and count included (CL-LIMIT-WORDING). */
  rewordedMessage?: boolean;
  /** Calls the model once more after the last allowed call (CL-ITER-MAX). */
  extraCall?: boolean;
  /** Executes the tools of the last allowed model call (CL-ITER-LAST). */
  execLastBatch?: boolean;
  /** Allows max_iterations + 1 model calls, tools of call max_iterations executed. */
  iterOffByOne?: boolean;
  /** No iteration limit when max_iterations is absent or null (CL-ITER-MAX). */
  ignoreDefault?: boolean;
  /** Ends the request right after executing a batch (CL-LOOP). */
  stopAfterTools?: boolean;
  /** Carries the tool call count over to the next request of the session (CL-PER-REQUEST). */
  carryOver?: boolean;
  /** Raises when a tool raises (CL-TOOL-ERROR). */
  crashOnToolError?: boolean;
}

/** Where a flaw first changed what the agent did: a JSON Pointer into the observation. */
export interface Deviation {
  /** The flaw. */
  flaw: keyof AgentFlaws;
  /** Where the rule the flaw breaks must report. */
  instancePath: string;
}

/** An error a scripted `fail` tool raises. */
export class ScriptedToolError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "ScriptedToolError";
  }
}

/** Run a kit tool: `echo` returns its text, `fail` raises its message. */
export function runTool(call: ScriptToolCall): string {
  if (call.name === "fail") throw new ScriptedToolError(call.args.message ?? "tool failed");
  if (call.name === "echo") return call.args.text ?? "";
  throw new ScriptedToolError(`Unknown tool "${call.name}"`);
}

/** Per-session state an agent keeps between requests. */
export interface SessionState {
  /** Tool calls executed so far in the session (only a carry-over flaw reads it). */
  executed: number;
}

/**
 * The kit's agent loop over a scripted model, with optional flaws. Returns the transcripts
 * and where each flaw first changed the outcome (empty without flaws).
 */
export function runAgentLoop(
  input: RunAgentInput,
  flaws: AgentFlaws = {},
  session: SessionState = { executed: 0 },
): RunAgentOutput & { deviations: Deviation[] } {
  const deviations: Deviation[] = [];
  const seen = new Set<keyof AgentFlaws>();
  const deviate = (flaw: keyof AgentFlaws, instancePath: string) => {
    if (seen.has(flaw)) return;
    seen.add(flaw);
    deviations.push({ flaw, instancePath });
  };
  const transcripts: Transcript[] = input.requests.map((request, i) => {
    const at = (...rest: (string | number)[]) => jsonPointer("transcripts", i, ...rest);
    const limits = effectiveLimits(request);
    const m = limits.maxToolCalls;
    let n = limits.maxIterations;
    if (flaws.ignoreDefault && typeof request.max_iterations !== "number") n = Infinity;
    if (flaws.iterOffByOne) n += 1;
    const carried = flaws.carryOver ? session.executed : 0;
    let own = 0; // calls executed in this request
    let counted = 0; // what the flawed counter says (batches for countBatches)
    let refusedCalls = 0; // calls refused in this request (counted by countRefused)
    let calls = 0;
    let extraUsed = false;
    const toolCalls: Transcript["tool_calls"] = [];
    const messages: ToolMessage[] = [];
    const execute = (call: ScriptToolCall) => {
      let content: string;
      try {
        content = runTool(call);
      } catch (error) {
        if (flaws.crashOnToolError) {
          deviate("crashOnToolError", "/raised");
          throw error;
        }
        content = `Error: ${(error as Error).message}`;
      }
      toolCalls.push({ id: call.id, name: call.name, args: { ...call.args } });
      messages.push({ tool_call_id: call.id, content, limited: false });
      own++;
    };
    const finish = (ended: Transcript["ended"], final?: string, notice?: string): Transcript => {
      session.executed += own;
      return {
        model_calls: calls,
        tool_calls: toolCalls,
        tool_messages: messages,
        ended,
        ...(final === undefined ? {} : { final }),
        ...(notice === undefined ? {} : { notice }),
      };
    };
    while (true) {
      if (calls >= n) return finish("iteration_limit");
      const turn = input.script.turns[calls] ?? { final: EXHAUSTED_FINAL };
      calls++;
      if ("final" in turn) return finish("final", turn.final);
      const batch = turn.tool_calls;
      const count = carried + (flaws.countBatches ? counted : own) +
        (flaws.countRefused ? refusedCalls : 0);
      if (calls >= n) {
        // The last allowed model call: no model call would read the tool results.
        if (flaws.execLastBatch && own + batch.length <= m) {
          deviate("execLastBatch", at("tool_calls", toolCalls.length));
          batch.forEach(execute);
          return finish("iteration_limit");
        }
        if (flaws.extraCall && !extraUsed) {
          extraUsed = true;
          deviate("extraCall", at("model_calls"));
          n += 1;
          continue;
        }
        if (flaws.silentIterationStop) {
          deviate("silentIterationStop", at("notice"));
          return finish("iteration_limit");
        }
        return finish("iteration_limit", undefined, iterationNotice(n));
      }
      const reference = own + batch.length > m;
      const size = flaws.countBatches ? 1 : batch.length;
      let refuse = count + size > m;
      if (flaws.overshoot) refuse = count >= m;
      if (flaws.refuseAtLimit) refuse = count + size >= m;
      if (flaws.toolOffByOne) refuse = count + size > m + 1;
      if (flaws.overshoot && !refuse && reference) deviate("overshoot", at("tool_calls", m));
      if (flaws.countRefused && refusedCalls > 0 && refuse) {
        // A batch the reference refuses too differs in its notice's count; one it runs is refused.
        deviate(
          "countRefused",
          reference
            ? at("tool_messages", messages.length, "content")
            : at("tool_messages", messages.length),
        );
      }
      if (flaws.refuseAtLimit && refuse && !reference) {
        deviate("refuseAtLimit", at("tool_messages", messages.length));
      }
      if (flaws.carryOver && carried > 0 && refuse) {
        deviate(
          "carryOver",
          reference
            ? at("tool_messages", messages.length, "content")
            : at("tool_messages", messages.length),
        );
      }
      if (!refuse) {
        batch.forEach(execute);
        counted++;
        if (flaws.stopAfterTools) {
          deviate("stopAfterTools", at("model_calls"));
          return finish("final");
        }
        continue;
      }
      refusedCalls += batch.length;
      let refused = batch;
      if (flaws.partialBatch && count < m) {
        deviate("partialBatch", at("tool_calls", toolCalls.length));
        refused = batch.slice(m - count);
        batch.slice(0, m - count).forEach(execute);
      }
      if (flaws.unansweredRefusal) {
        deviate("unansweredRefusal", at("tool_messages"));
        continue;
      }
      for (const call of refused) {
        let content = limitMessage(m, count);
        if (flaws.vagueMessage) {
          deviate("vagueMessage", at("tool_messages", messages.length, "content"));
          content = "Tool call limit reached.";
        } else if (flaws.rewordedMessage) {
          deviate("rewordedMessage", at("tool_messages", messages.length, "content"));
          content = `Limit reached: ${count}/${m} tool calls used.`;
        }
        if (flaws.unmarkedRefusal) {
          deviate("unmarkedRefusal", at("tool_messages", messages.length, "limited"));
        }
        messages.push({ tool_call_id: call.id, content, limited: !flaws.unmarkedRefusal });
      }
    }
  });
  return { transcripts, deviations };
}
