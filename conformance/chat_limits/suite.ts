import { raisedFinding } from "../../src/core/raised_finding.ts";
import { drawCoveringClasses } from "../_class_cover.ts";
import {
  chatBodyClasses,
  chatBodyClassesOf,
  chatSessionClasses,
  chatSessionClassesOf,
} from "./classes.ts";
import type {
  Case,
  CaseOptions,
  Evaluation,
  Finding,
  Invoke,
  Suite,
} from "../../src/core/types.ts";
import { chatBodyArbitrary, sessionArbitrary } from "./arbitraries.ts";
import { boundaryBodies, boundarySessions } from "./boundary_cases.ts";
import { chatLimitsProfile, checkChatLimits } from "./profile.ts";
import { ENFORCEMENT_RULE_IDS, REQUEST_RULE_IDS } from "./rules.ts";
import type { AgentObservation, HttpObservation, RunAgentInput } from "./types.ts";

const optionsSchema = {
  type: "object",
  properties: {
    surface: {
      enum: ["agent", "http"],
      description:
        "agent (default): scripted sessions through the run_agent operation (enforcement rules). " +
        "http: request bodies through the chat operation of an HTTP adapter (request rules).",
    },
    project_id: {
      type: "string",
      minLength: 1,
      description: "Project id for the chat path (http).",
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

function describeSession(input: RunAgentInput): string {
  const limits = input.requests.map((r) =>
    `N=${r.max_iterations ?? "-"} M=${r.max_tool_calls ?? "-"}`
  );
  const calls = input.script.turns.reduce(
    (n, t) => n + ("tool_calls" in t ? t.tool_calls.length : 0),
    0,
  );
  return `${input.script.turns.length} turns, ${calls} calls; ${input.requests.length} request(s): ${
    limits.join(", ")
  }`;
}

/**
 * The `gns3.chat-limits/v1` suite. With `surface: agent` (the default) each case is a
 * scripted session (the design's edge cases, then `runs` generated ones) sent to the
 * target's `run_agent` operation; the transcripts are checked against the enforcement rules.
 * With `surface: http` each case is a chat request body (the bounds and near misses, then
 * `runs` generated ones) sent to the `chat` operation of an HTTP adapter; the response is
 * checked against the request rules.
 */
export const chatLimitsSuite: Suite = {
  profile: chatLimitsProfile,
  optionsSchema,
  classes: (options: CaseOptions) =>
    options.options.surface === "http" ? chatBodyClasses : chatSessionClasses,
  cases(options: CaseOptions): Case[] {
    if (options.options.surface === "http") {
      const bodies = drawCoveringClasses(
        chatBodyArbitrary(),
        chatBodyClassesOf,
        chatBodyClasses,
        options.seed,
        options.runs,
      );
      return [
        ...boundaryBodies.map((b) => ({
          id: `boundary-${b.id}`,
          description: b.description,
          input: b.body,
          classes: chatBodyClassesOf(b.body),
        })),
        ...bodies.map(({ value: body, classes, guaranteeing }, i) => ({
          id: guaranteeing ? `class:${guaranteeing}` : `generated-${i}`,
          description: `body ${JSON.stringify(body).slice(0, 80)}`,
          input: body,
          classes,
        })),
      ];
    }
    const sessions = drawCoveringClasses(
      sessionArbitrary(),
      chatSessionClassesOf,
      chatSessionClasses,
      options.seed,
      options.runs,
    );
    return [
      ...boundarySessions.map((s) => ({
        id: `boundary-${s.id}`,
        description: s.description,
        input: s.input,
        classes: [`boundary-${s.id}`, ...chatSessionClassesOf(s.input)],
      })),
      ...sessions.map(({ value: input, classes, guaranteeing }, i) => ({
        id: guaranteeing ? `class:${guaranteeing}` : `generated-${i}`,
        description: describeSession(input),
        input,
        classes,
      })),
    ];
  },
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
    const http = options.options.surface === "http";
    const evaluation = await evaluateOn(testCase, invoke, options);
    // Coverage: the other surface's rules do not apply on this one; say so.
    const own = new Set(http ? REQUEST_RULE_IDS : ENFORCEMENT_RULE_IDS);
    const other = (http ? ENFORCEMENT_RULE_IDS : REQUEST_RULE_IDS).filter((id) => !own.has(id));
    const reason = http
      ? "an agent-surface rule: this target is run on the HTTP surface (surface: http)"
      : "an HTTP-surface rule: this target is run on the agent surface (surface: agent)";
    return { ...evaluation, unchecked: other.map((ruleId) => ({ ruleId, reason })) };
  },
};

async function evaluateOn(
  testCase: Case,
  invoke: Invoke,
  options: CaseOptions,
): Promise<Evaluation> {
  {
    if (options.options.surface === "http") {
      const body = testCase.input as Record<string, unknown>;
      const projectId = options.options.project_id;
      const reply = await invoke({
        operation: "chat",
        input: typeof projectId === "string" ? { body, project_id: projectId } : { body },
      });
      if (reply.kind === "raised") {
        return {
          findings: [
            raisedFinding("CL-OBSERVATION", reply, {
              what: "the chat operation",
              instead: "a response",
            }),
          ],
          checked: REQUEST_RULE_IDS,
        };
      }
      const obs: HttpObservation = {
        kind: "http",
        request: body,
        response: reply.value as HttpObservation["response"],
      };
      return { findings: checkChatLimits(obs), checked: REQUEST_RULE_IDS };
    }
    const input = testCase.input as RunAgentInput;
    const reply = await invoke({ operation: "run_agent", input });
    let obs: AgentObservation;
    if (reply.kind === "raised") {
      obs = { kind: "agent", ...input, raised: { type: reply.type, message: reply.message } };
    } else {
      const transcripts = (reply.value as { transcripts?: unknown } | null)?.transcripts;
      if (!Array.isArray(transcripts)) {
        const finding: Finding = {
          ruleId: "CL-TRANSCRIPT",
          level: "MUST",
          instancePath: "/transcripts",
          message: "the run_agent result has no transcripts array",
          expected: "{transcripts: [...]}",
          actual: JSON.stringify(reply.value)?.slice(0, 200),
        };
        return { findings: [finding], checked: ENFORCEMENT_RULE_IDS };
      }
      obs = { kind: "agent", ...input, transcripts };
    }
    return { findings: checkChatLimits(obs), checked: ENFORCEMENT_RULE_IDS };
  }
}
