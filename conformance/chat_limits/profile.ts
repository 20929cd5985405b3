import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import type { CheckContext, Finding, Profile, Sample } from "../../src/core/types.ts";
import chatRequestSchema from "./chat-request.schema.json" with { type: "json" };
import observationSchema from "./observation.schema.json" with { type: "json" };
import scriptSchema from "./script.schema.json" with { type: "json" };
import transcriptSchema from "./transcript.schema.json" with { type: "json" };
import { checkAgentObservation } from "./_check_agent.ts";
import { checkHttpObservation } from "./_check_http.ts";
import { ruleLevels } from "./_finding.ts";
import { observationArbitrary } from "./arbitraries.ts";
import { chatLimitsMutations } from "./mutations.ts";
import { chatLimitsRules } from "./rules.ts";
import type { AgentObservation, ChatLimitsObservation, HttpObservation } from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

const checkEnvelope = createSchemaChecker(observationSchema, {
  defaultRule: "CL-OBSERVATION",
  levels: ruleLevels,
  extraSchemas: [chatRequestSchema, scriptSchema],
  // Union types ("integer" or null) are how Pydantic's Optional fields arrive; the
  // `oneOf: [{required: [transcripts]}, {required: [raised]}]` names properties declared
  // beside it, which strictRequired flags.
  ajv: { allowUnionTypes: true, strictRequired: false },
});

/**
 * Check an observation of a chat-limits target: an HTTP exchange with the chat endpoint
 * (`kind: "http"`) or a scripted agent session (`kind: "agent"`). The observation's own
 * shape first (CL-OBSERVATION: nothing else is judged when it is malformed), then the
 * request rules or the enforcement rules. Never throws.
 *
 * @example Catch an agent that runs one tool call too many
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkChatLimits } from "./profile.ts";
 *
 * const echo = (id: string) => ({ id, name: "echo", args: { text: id } });
 * const findings = checkChatLimits({
 *   kind: "agent",
 *   script: { turns: [{ tool_calls: [echo("a"), echo("b")] }, { final: "done" }] },
 *   requests: [{ message: "hi", max_tool_calls: 1 }],
 *   transcripts: [{
 *     model_calls: 2,
 *     tool_calls: [echo("a"), echo("b")],
 *     tool_messages: [
 *       { tool_call_id: "a", content: "a", limited: false },
 *       { tool_call_id: "b", content: "b", limited: false },
 *     ],
 *     ended: "final",
 *   }],
 * });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["CL-TOOL-MAX", "/transcripts/0/tool_calls/1"]]);
 * ```
 *
 * @param value The observation (untrusted data).
 * @returns Every finding.
 */
export function checkChatLimits(value: unknown): Finding[] {
  const envelope = checkEnvelope(value);
  if (envelope.length > 0) return envelope;
  const obs = value as ChatLimitsObservation;
  return obs.kind === "agent"
    ? checkAgentObservation(obs as AgentObservation)
    : checkHttpObservation(obs as HttpObservation);
}

/**
 * The `gns3.chat-limits/v1` profile: GNS3 Copilot's runtime agent parameters
 * (`max_iterations`, `max_tool_calls`), how a chat endpoint validates them and how an agent
 * enforces them, observed through a scripted model.
 */
export const chatLimitsProfile: Profile<ChatLimitsObservation> = {
  id: "gns3.chat-limits/v1",
  title: "GNS3 Copilot runtime agent parameters (max_iterations, max_tool_calls)",
  rules: chatLimitsRules,
  schemas: {
    "chat-request": chatRequestSchema,
    script: scriptSchema,
    transcript: transcriptSchema,
    observation: observationSchema,
  },
  check: (value: unknown, _context?: CheckContext) => checkChatLimits(value),
  valid: (): Arbitrary<Sample<ChatLimitsObservation>> =>
    observationArbitrary().map((value) => ({ value })),
  mutations: chatLimitsMutations,
  fixtures: new URL("../../fixtures/chat-limits/", import.meta.url),
};
