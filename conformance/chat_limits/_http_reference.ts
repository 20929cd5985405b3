import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import chatRequestSchema from "./chat-request.schema.json" with { type: "json" };
import { runAgentLoop } from "./_agent_loop.ts";
import type { ChatRequest, Script } from "./types.ts";

/** Deliberate faults of the reference chat endpoint. */
export interface ChatServerFlaws {
  /** Accepts any limit value and silently falls back to the defaults (CL-REQ-REJECT). */
  ignoreLimits?: boolean;
  /** Streams one event whose data is not JSON (CL-SSE-EVENTS). */
  malformedEvent?: boolean;
}

/** How the reference endpoint answers one body. */
export interface ChatReply {
  /** HTTP status. */
  status: number;
  /** Content-Type header. */
  contentType: string;
  /** For an event stream: each event's data. */
  events?: string[];
  /** For any other response: the body text. */
  body?: string;
}

/** The script the reference endpoint's scripted model follows by default. */
export const DEFAULT_SERVER_SCRIPT: Script = {
  turns: [
    { tool_calls: [{ id: "call_1", name: "echo", args: { text: "R1: IOS 15.2" } }] },
    { final: "R1 runs IOS 15.2." },
  ],
};

const validate = createSchemaChecker(chatRequestSchema, {
  defaultRule: "CL-REQ-REJECT",
  ajv: { allowUnionTypes: true },
});

const PYDANTIC_TYPES: Record<string, string> = {
  minimum: "greater_than_equal",
  maximum: "less_than_equal",
  required: "missing",
  const: "literal_error",
  type: "type_error",
};

/**
 * The reference endpoint's answer: a FastAPI-style 422 naming the field, or an event stream
 * of what the reference agent did with the scripted model. Pure: the server and the
 * profile's generators share it.
 */
export function chatReply(
  body: unknown,
  options: { script?: Script; flaws?: ChatServerFlaws } = {},
): ChatReply {
  const flaws = options.flaws ?? {};
  let checked = body;
  if (flaws.ignoreLimits && body !== null && typeof body === "object" && !Array.isArray(body)) {
    const { max_iterations: _n, max_tool_calls: _m, ...rest } = body as Record<string, unknown>;
    checked = rest;
  }
  const errors = validate(checked);
  if (errors.length > 0) {
    const detail = errors.map((e) => {
      const field = e.keyword === "required"
        ? String(e.params?.missingProperty)
        : e.instancePath.slice(1).split("/")[0];
      return {
        type: PYDANTIC_TYPES[e.keyword ?? ""] ?? e.keyword,
        loc: field ? ["body", field] : ["body"],
        msg: e.message ?? e.keyword,
        input: field && typeof body === "object" && body !== null
          ? (body as Record<string, unknown>)[field] ?? null
          : body,
      };
    });
    return { status: 422, contentType: "application/json", body: JSON.stringify({ detail }) };
  }
  const request = checked as ChatRequest;
  const limitsOk = (v: unknown, max: number) =>
    Number.isInteger(v) && (v as number) >= 1 && (v as number) <= max;
  const effective: ChatRequest = {
    ...request,
    max_iterations: limitsOk(request.max_iterations, 100) ? request.max_iterations : null,
    max_tool_calls: limitsOk(request.max_tool_calls, 50) ? request.max_tool_calls : null,
  };
  const script = options.script ?? DEFAULT_SERVER_SCRIPT;
  const [t] = runAgentLoop({ script, requests: [effective] }).transcripts;
  const events: string[] = [];
  const byId = new Map(t.tool_messages.map((m) => [m.tool_call_id, m]));
  for (const call of t.tool_calls) {
    events.push(
      JSON.stringify({
        type: "tool_call",
        tool_call_id: call.id,
        name: call.name,
        args: call.args,
      }),
    );
    const msg = byId.get(call.id);
    if (msg) events.push(JSON.stringify({ type: "tool_result", ...msg }));
  }
  for (const msg of t.tool_messages) {
    if (msg.limited) events.push(JSON.stringify({ type: "tool_result", ...msg }));
  }
  if (t.final !== undefined) {
    events.push(
      flaws.malformedEvent
        ? `{"type": "content", "content": ${JSON.stringify(t.final)}`
        : JSON.stringify({ type: "content", content: t.final }),
    );
  }
  events.push(JSON.stringify({
    type: "done",
    session_id: request.session_id ?? null,
    model_calls: t.model_calls,
    tool_calls: t.tool_calls.length,
    ended: t.ended,
  }));
  if (request.stream === false) {
    return {
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({ events: events.map((e) => e) }),
    };
  }
  return { status: 200, contentType: "text/event-stream; charset=utf-8", events };
}
