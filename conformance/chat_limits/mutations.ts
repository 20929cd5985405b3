import fc from "fast-check";
import { editMutation } from "../../src/core/edit_mutation.ts";
import type { Mutation } from "../../src/core/types.ts";
import { type AgentFlaws, runAgentLoop } from "./_agent_loop.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { classifyRequest } from "./_check_http.ts";
import { effectiveLimits } from "./_limits.ts";
import type {
  AgentObservation,
  ChatLimitsObservation,
  HttpObservation,
  Transcript,
} from "./types.ts";

/** A mutation with no random choice (see `editMutation`). */
const fixed = (
  id: string,
  ruleId: string,
  description: string,
  edit: (copy: ChatLimitsObservation) => string | undefined,
): Mutation<ChatLimitsObservation> => editMutation({ id, ruleId, description }, edit);

/**
 * A mutation that replays the session's script and requests through the agent loop with one
 * flaw: the transcripts are what a broken agent would return. Not applicable when the flaw
 * changes nothing on this session.
 */
function flawed(
  id: string,
  ruleId: string,
  description: string,
  flaw: keyof AgentFlaws,
): Mutation<ChatLimitsObservation> {
  return {
    id,
    ruleId,
    description,
    mutate(value) {
      if (value.kind !== "agent") return undefined;
      const input = structuredClone({ script: value.script, requests: value.requests });
      try {
        const { transcripts, deviations } = runAgentLoop(input, { [flaw]: true });
        if (deviations.length === 0) return undefined;
        const mutated: AgentObservation = { kind: "agent", ...input, transcripts };
        return fc.constant({ value: mutated, instancePath: deviations[0].instancePath });
      } catch (error) {
        const e = error as Error;
        const mutated: AgentObservation = {
          kind: "agent",
          ...input,
          raised: { type: e.name, message: e.message },
        };
        return fc.constant({ value: mutated, instancePath: "/raised" });
      }
    },
  };
}

const http = (
  o: ChatLimitsObservation,
): HttpObservation | undefined => (o.kind === "http" ? o : undefined);
const accepted = (o: HttpObservation) =>
  o.response.status >= 200 && o.response.status < 300 && o.response.events !== undefined;
const rejected = (o: HttpObservation) => o.response.status >= 400 && o.response.status < 500;

function acceptAsStream(o: HttpObservation): void {
  o.response = {
    status: 200,
    content_type: "text/event-stream",
    events: [{ data: JSON.stringify({ type: "content", content: "ok" }) }, {
      data: '{"type":"done"}',
    }],
  };
}

/** Mutations of valid observations, each caught by exactly the rule it names. */
export const chatLimitsMutations: readonly Mutation<ChatLimitsObservation>[] = [
  fixed("drop-script", "CL-OBSERVATION", "an agent observation without its script", (o) => {
    if (o.kind !== "agent") return undefined;
    delete (o as Partial<AgentObservation>).script;
    return "";
  }),
  fixed("drop-status", "CL-OBSERVATION", "an HTTP observation without a status", (o) => {
    const h = http(o);
    if (!h) return undefined;
    delete (h.response as Partial<HttpObservation["response"]>).status;
    return "/response";
  }),
  fixed("valid-request-rejected", "CL-REQ-ACCEPT", "a valid request answered 422", (o) => {
    const h = http(o);
    if (!h || classifyRequest(h.request).kind !== "valid") return undefined;
    h.response = { status: 422, content_type: "application/json", body: '{"detail":[]}' };
    return "/response/status";
  }),
  fixed(
    "invalid-request-accepted",
    "CL-REQ-REJECT",
    "an out-of-range or mistyped field accepted",
    (o) => {
      const h = http(o);
      if (!h || classifyRequest(h.request).kind !== "invalid") return undefined;
      acceptAsStream(h);
      return "/response/status";
    },
  ),
  fixed("rejection-names-nothing", "CL-REQ-NAMES-FIELD", "a rejection that names no field", (o) => {
    const h = http(o);
    if (!h || !rejected(h)) return undefined;
    h.response.body = '{"detail":"Invalid request"}';
    return "/response/body";
  }),
  fixed("rejection-400", "CL-REQ-422", "a rejection with status 400", (o) => {
    const h = http(o);
    if (!h || !rejected(h)) return undefined;
    h.response.status = 400;
    return "/response/status";
  }),
  fixed("numeric-string-coerced", "CL-REQ-STRICT-TYPES", 'a limit "10" accepted', (o) => {
    const h = http(o);
    if (!h || classifyRequest(h.request).kind !== "numeric-string") return undefined;
    acceptAsStream(h);
    return "/response/status";
  }),
  fixed(
    "stream-as-json",
    "CL-SSE-CONTENT-TYPE",
    "an accepted stream sent as application/json",
    (o) => {
      const h = http(o);
      if (!h || !accepted(h)) return undefined;
      h.response.content_type = "application/json";
      return "/response/content_type";
    },
  ),
  fixed("event-not-json", "CL-SSE-EVENTS", "an event whose data is not JSON", (o) => {
    const h = http(o);
    if (!h || !accepted(h)) return undefined;
    h.response.events![0].data = '{"type": "content", "content": "R1';
    return "/response/events/0/data";
  }),
  fixed("drop-ended", "CL-TRANSCRIPT", "a transcript without ended", (o) => {
    if (o.kind !== "agent" || !o.transcripts?.length) return undefined;
    delete (o.transcripts[0] as Record<string, unknown>).ended;
    return "/transcripts/0";
  }),
  flawed(
    "one-model-call-too-many",
    "CL-ITER-MAX",
    "the model called once more after the last allowed call",
    "extraCall",
  ),
  flawed(
    "tools-of-last-call",
    "CL-ITER-LAST",
    "the tools of the last allowed model call executed",
    "execLastBatch",
  ),
  flawed(
    "stop-after-tools",
    "CL-LOOP",
    "the request ends right after executing tools",
    "stopAfterTools",
  ),
  flawed(
    "overshoot-tool-limit",
    "CL-TOOL-MAX",
    "a batch executed while the count is under the limit, passing it",
    "overshoot",
  ),
  flawed(
    "refuse-at-limit",
    "CL-TOOL-FITS",
    "a batch landing exactly on the limit refused",
    "refuseAtLimit",
  ),
  fixed("call-executed-twice", "CL-TOOL-BATCH", "an executed call executed once more", (o) => {
    if (o.kind !== "agent" || !o.transcripts) return undefined;
    // The last transcript with an executed call and room under its limit: the extra execution
    // breaks "each once" and nothing else (not the count, every call still has its message).
    for (let i = Math.min(o.transcripts.length, o.requests.length) - 1; i >= 0; i--) {
      const t = o.transcripts[i] as Transcript;
      const calls = t.tool_calls;
      const m = effectiveLimits(o.requests[i]).maxToolCalls;
      if (t.ended === "error" || calls.length === 0 || calls.length >= m) continue;
      calls.push(structuredClone(calls[0]));
      return jsonPointer("transcripts", i, "tool_calls", calls.length - 1);
    }
    return undefined;
  }),
  flawed(
    "partial-batch",
    "CL-TOOL-WHOLE-BATCH",
    "the part of a batch that fits executed",
    "partialBatch",
  ),
  flawed(
    "unanswered-refusal",
    "CL-TOOL-ANSWERED",
    "refused calls left without a tool message",
    "unansweredRefusal",
  ),
  flawed(
    "unmarked-refusal",
    "CL-LIMIT-MESSAGE",
    "refusals not marked as limit refusals",
    "unmarkedRefusal",
  ),
  flawed(
    "vague-refusal",
    "CL-LIMIT-COUNTS",
    'refusal "Tool call limit reached." (no limit, no count)',
    "vagueMessage",
  ),
  flawed(
    "reworded-refusal",
    "CL-LIMIT-WORDING",
    "refusal in other words, limit and count included",
    "rewordedMessage",
  ),
  flawed(
    "carry-count-over",
    "CL-PER-REQUEST",
    "the tool call count carried into the next request",
    "carryOver",
  ),
  flawed(
    "counts-refused",
    "CL-TOOL-COUNTS-EXECUTED",
    "refused calls counted toward max_tool_calls",
    "countRefused",
  ),
  flawed(
    "silent-iteration-stop",
    "CL-ITER-NOTICE",
    "the stop at max_iterations with tools asked for says nothing",
    "silentIterationStop",
  ),
  flawed(
    "crash-on-tool-error",
    "CL-TOOL-ERROR",
    "a tool's exception escapes the agent",
    "crashOnToolError",
  ),
];
