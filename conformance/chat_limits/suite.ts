import { raisedFinding } from "../../src/core/raised_finding.ts";
import { coveringGeneratedCaseStream } from "../_class_cover.ts";
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
import type { ChatSessionResult } from "./agent_http_adapter.ts";
import { transcriptFromExchange } from "./_http_transcript.ts";
import { type EventMapping, GNS3_EVENTS } from "./_http_events.ts";

const optionsSchema = {
  type: "object",
  properties: {
    surface: {
      enum: ["agent", "http", "http-agent"],
      description:
        "agent (default): scripted sessions through the run_agent operation (enforcement rules). " +
        "http: request bodies through the chat operation of an HTTP adapter (request rules). " +
        "http-agent: both over HTTP against an agent whose model is the kit's scripted model " +
        "(the http-agent adapter): the boundary bodies, then scripted sessions.",
    },
    project_id: {
      type: "string",
      minLength: 1,
      description: "Project id for the chat path (http).",
    },
    events: {
      type: "object",
      description:
        "http-agent: how the chat stream's events are read (docs/chat-limits.md, event mapping). " +
        "Each member replaces the default, which reads the GNS3 Copilot ChatResponse events.",
      properties: {
        type: { type: "string", minLength: 1 },
        tool_call_id: { type: "string", minLength: 1 },
        ...Object.fromEntries(
          [
            "tool_call",
            "tool_start",
            "tool_message",
            "tool_output",
            "content",
            "text",
            "error",
            "done",
          ].map(
            (k) => [k, { type: "array", items: { type: "string", minLength: 1 }, maxItems: 32 }],
          ),
        ),
      },
      additionalProperties: false,
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

async function evaluateBody(
  body: Record<string, unknown>,
  invoke: Invoke,
  projectId: unknown,
): Promise<Evaluation> {
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
  return { findings: checkChatLimits(obs), checked: REQUEST_RULE_IDS, subject: { data: obs } };
}

/**
 * A scripted session over HTTP: the `chat_session` operation of the http-agent adapter, each
 * request's transcript rebuilt from what the model server saw and what the stream said, then
 * the enforcement rules on the transcripts and the request rules on each response (their
 * findings under `/exchanges/<i>`).
 */
async function evaluateSession(
  input: RunAgentInput,
  invoke: Invoke,
  options: Readonly<Record<string, unknown>>,
): Promise<Evaluation> {
  const projectId = options.project_id;
  const mapping: EventMapping = { ...GNS3_EVENTS, ...(options.events as object | undefined) };
  const reply = await invoke({
    operation: "chat_session",
    input: typeof projectId === "string" ? { ...input, project_id: projectId } : input,
  });
  if (reply.kind === "raised") {
    return {
      findings: [
        raisedFinding("CL-OBSERVATION", reply, {
          what: "the chat_session operation",
          instead: "the exchanges",
        }),
      ],
      checked: ENFORCEMENT_RULE_IDS,
    };
  }
  const { exchanges } = reply.value as ChatSessionResult;
  const transcripts = exchanges.map((e, i) =>
    transcriptFromExchange(input.script, input.requests[i], e, mapping)
  );
  // A request answered with a non-2xx status is judged by the request rules (CL-REQ-ACCEPT,
  // under /exchanges/<i>), not as a tool error.
  const rejected = new Set(
    exchanges.flatMap((e, i) =>
      e.response.status < 200 || e.response.status > 299 ? [`/transcripts/${i}/ended`] : []
    ),
  );
  const findings = checkChatLimits({ kind: "agent", ...input, transcripts }).filter((f) =>
    !(f.ruleId === "CL-TOOL-ERROR" && rejected.has(f.instancePath))
  );
  exchanges.forEach((e, i) => {
    const http: HttpObservation = { kind: "http", request: e.body, response: e.response };
    for (const f of checkChatLimits(http)) {
      findings.push({ ...f, instancePath: `/exchanges/${i}${f.instancePath}` });
    }
  });
  return {
    findings,
    checked: SESSION_RULE_IDS,
    subject: { data: { kind: "agent", ...input, transcripts } },
  };
}

/** What a session over HTTP exercises: the enforcement rules and each response's framing. */
const SESSION_RULE_IDS: readonly string[] = [
  ...ENFORCEMENT_RULE_IDS,
  "CL-REQ-ACCEPT",
  "CL-SSE-CONTENT-TYPE",
  "CL-SSE-EVENTS",
];

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
 * The session classes a generated session can hit: the `boundary-*` classes are the boundary
 * sessions' own (`chatSessionClassesOf` never gives one), so searching further draws for them
 * would draw thousands of sessions for nothing.
 */
const DRAWN_SESSION_CLASSES = chatSessionClasses.filter((c) => !c.id.startsWith("boundary-"));

/**
 * The `gns3.chat-limits/v1` suite. With `surface: agent` (the default) each case is a
 * scripted session (the design's edge cases, then `runs` generated ones) sent to the
 * target's `run_agent` operation; the transcripts are checked against the enforcement rules.
 * With `surface: http` each case is a chat request body (the bounds and near misses, then
 * `runs` generated ones) sent to the `chat` operation of an HTTP adapter; the response is
 * checked against the request rules. With `surface: http-agent` (the `http-agent` adapter: an
 * agent over HTTP whose model is the kit's scripted model) the boundary bodies come first
 * (`request-*`, request rules), then the scripted sessions, each sent as chat requests through
 * the `chat_session` operation; their transcripts are rebuilt from what the model saw and what
 * the stream said, and checked against the enforcement rules.
 */
export const chatLimitsSuite: Suite = {
  profile: chatLimitsProfile,
  optionsSchema,
  classes: (options: CaseOptions) =>
    options.options.surface === "http" ? chatBodyClasses : chatSessionClasses,
  // Streamed: the boundary cases, then the generated ones one at a time (cases() lists the
  // same ones).
  caseStream(options: CaseOptions): { expected: number; cases: Iterable<Case> } {
    const [fixed, generated]: [Case[], Iterable<Case>] = options.options.surface === "http"
      ? [
        boundaryBodies.map((b) => ({
          id: `boundary-${b.id}`,
          description: b.description,
          input: b.body,
          classes: chatBodyClassesOf(b.body),
        })),
        coveringGeneratedCaseStream(
          chatBodyArbitrary(),
          chatBodyClassesOf,
          chatBodyClasses,
          options,
          (body) => ({
            description: `body ${JSON.stringify(body).slice(0, 80)}`,
            input: body,
          }),
        ),
      ]
      : [
        [
          ...(options.options.surface === "http-agent"
            ? boundaryBodies.map((b) => ({
              id: `request-${b.id}`,
              description: b.description,
              input: { body: b.body },
            }))
            : []),
          ...boundarySessions.map((s) => ({
            id: `boundary-${s.id}`,
            description: s.description,
            input: s.input,
            classes: [`boundary-${s.id}`, ...chatSessionClassesOf(s.input)],
          })),
        ],
        coveringGeneratedCaseStream(
          sessionArbitrary(),
          chatSessionClassesOf,
          DRAWN_SESSION_CLASSES,
          options,
          (input) => ({
            description: describeSession(input),
            input,
          }),
        ),
      ];
    return {
      expected: fixed.length + options.runs,
      cases: {
        *[Symbol.iterator]() {
          yield* fixed;
          yield* generated;
        },
      },
    };
  },
  cases(options: CaseOptions): Case[] {
    return [...(chatLimitsSuite.caseStream!(options) as { cases: Iterable<Case> }).cases];
  },
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
    const surface = options.options.surface;
    const evaluation = await evaluateOn(testCase, invoke, options);
    // Over http-agent both the request rules and the enforcement rules apply.
    if (surface === "http-agent") return evaluation;
    const http = surface === "http";
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
    const surface = options.options.surface;
    const projectId = options.options.project_id;
    if (surface === "http") {
      return evaluateBody(testCase.input as Record<string, unknown>, invoke, projectId);
    }
    if (surface === "http-agent") {
      const input = testCase.input as RunAgentInput | { body: Record<string, unknown> };
      if ("body" in input) return evaluateBody(input.body, invoke, projectId);
      return evaluateSession(input, invoke, options.options);
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
    return {
      findings: checkChatLimits(obs),
      checked: ENFORCEMENT_RULE_IDS,
      subject: { data: obs },
    };
  }
}
