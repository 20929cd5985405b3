import fc from "fast-check";
import { runAgentLoop } from "./_agent_loop.ts";
import { chatReply } from "./_http_reference.ts";
import type {
  AgentObservation,
  ChatLimitsObservation,
  ChatRequest,
  HttpObservation,
  RunAgentInput,
  Script,
  ScriptToolCall,
  ScriptTurn,
} from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

function toolCall(turn: number, index: number, fails: boolean): ScriptToolCall {
  const id = `t${turn}c${index}`;
  return fails
    ? { id, name: "fail", args: { message: `device R${index} refused (turn ${turn})` } }
    : { id, name: "echo", args: { text: `R${index}: ok (turn ${turn})` } };
}

const turnShape = (maxSize: number) =>
  fc.record({
    final: fc.constant(false),
    size: fc.integer({ min: 1, max: maxSize }),
    failMask: fc.nat({ max: 0xffffff }),
  });

/**
 * Arbitrary scripts of a scripted model: models that always ask for one more tool call
 * (one call a turn, no final answer), batches of 1..10 calls, and mixed turns with final
 * answers. About one call in eight uses the failing tool.
 *
 * @example Sample scripts
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { scriptArbitrary } from "./arbitraries.ts";
 *
 * for (const script of fc.sample(scriptArbitrary(), { seed: 1, numRuns: 5 })) {
 *   assert.ok(script.turns.length > 0);
 * }
 * ```
 *
 * @returns The arbitrary.
 */
export function scriptArbitrary(): Arbitrary<Script> {
  const endless = fc.array(turnShape(1), { minLength: 1, maxLength: 24 });
  const batches = fc.tuple(fc.array(turnShape(10), { minLength: 1, maxLength: 10 }), fc.boolean())
    .map(([shapes, final]) => final ? [...shapes, { final: true, size: 0, failMask: 0 }] : shapes);
  const mixed = fc.array(
    fc.oneof(
      { weight: 4, arbitrary: turnShape(4) },
      { weight: 1, arbitrary: fc.constant({ final: true, size: 0, failMask: 0 }) },
    ),
    { minLength: 1, maxLength: 14 },
  );
  return fc.oneof(endless, batches, mixed).map((shapes): Script => ({
    turns: shapes.map((s, k): ScriptTurn =>
      s.final ? { final: `Answer ${k}` } : {
        tool_calls: Array.from({ length: s.size }, (_, j) =>
          toolCall(k, j, ((s.failMask >> (j * 2)) & 7) === 0)),
      }
    ),
  }));
}

const limitArbitrary = (max: number): Arbitrary<number | null | undefined> =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 5, arbitrary: fc.integer({ min: 1, max: 12 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max }) },
    { weight: 1, arbitrary: fc.constantFrom(1, max) },
  );

function withLimits(base: ChatRequest, n: number | null | undefined, m: number | null | undefined) {
  const request: ChatRequest = { ...base };
  if (n !== undefined) request.max_iterations = n;
  if (m !== undefined) request.max_tool_calls = m;
  return request;
}

/**
 * Arbitrary scripted sessions: a script and 1..3 requests of one session, with random limits
 * (often small, sometimes absent, null or at the bounds; later requests often repeat the
 * first request's limits, so that a carried-over count shows).
 *
 * @example Sample sessions
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { sessionArbitrary } from "./arbitraries.ts";
 *
 * const [session] = fc.sample(sessionArbitrary(), { seed: 1, numRuns: 1 });
 * assert.ok(session.requests.length >= 1 && session.requests.length <= 3);
 * ```
 *
 * @returns The arbitrary.
 */
export function sessionArbitrary(): Arbitrary<RunAgentInput> {
  const limits = fc.tuple(limitArbitrary(100), limitArbitrary(50));
  return fc.record({
    script: scriptArbitrary(),
    first: limits,
    more: fc.array(fc.option(limits, { nil: undefined }), { maxLength: 2 }),
    session: fc.nat({ max: 9999 }),
  }).map(({ script, first, more, session }) => {
    const base = (i: number): ChatRequest => ({ message: `task ${i}`, session_id: `s-${session}` });
    const requests = [withLimits(base(0), ...first)];
    more.forEach((l, i) => requests.push(withLimits(base(i + 1), ...(l ?? first))));
    return { script, requests };
  });
}

/**
 * Arbitrary chat request bodies: valid ones (limits in range, at the bounds, absent or null)
 * and near misses with one bad field (0, 101, 51, -1, 2.5, a numeric string, a word, a
 * missing message, another mode).
 *
 * @example Sample bodies and classify them
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { chatBodyArbitrary } from "./arbitraries.ts";
 *
 * const bodies = fc.sample(chatBodyArbitrary(), { seed: 1, numRuns: 20 });
 * assert.ok(bodies.every((b) => typeof b === "object" && b !== null));
 * ```
 *
 * @returns The arbitrary.
 */
export function chatBodyArbitrary(): Arbitrary<Record<string, unknown>> {
  const valid = fc.record({
    message: fc.string({ maxLength: 40 }),
    session_id: fc.option(fc.constantFrom("s-1", "s-2", null), { nil: undefined }),
    stream: fc.option(fc.constantFrom(true, false), { nil: undefined, freq: 2 }),
    mode: fc.option(fc.constant("text"), { nil: undefined }),
    n: limitArbitrary(100),
    m: limitArbitrary(50),
  }).map(({ n, m, ...rest }) => {
    const body: Record<string, unknown> = withLimits({ message: rest.message }, n, m);
    for (const [k, v] of Object.entries(rest)) if (v !== undefined) body[k] = v;
    return body;
  });
  const bad = fc.oneof(
    fc.record({
      field: fc.constant("max_iterations"),
      value: fc.constantFrom<unknown>(0, 101, -1, 2.5, "10", "ten", 1000),
    }),
    fc.record({
      field: fc.constant("max_tool_calls"),
      value: fc.constantFrom<unknown>(0, 51, -1, 2.5, "10", "many", 999),
    }),
    fc.record({ field: fc.constant("mode"), value: fc.constantFrom<unknown>("voice", 1) }),
    fc.record({ field: fc.constant("message"), value: fc.constantFrom<unknown>(undefined, 42) }),
  );
  const invalid = fc.tuple(valid, bad).map(([body, { field, value }]) => {
    const copy = { ...body };
    if (value === undefined) delete copy[field];
    else copy[field] = value;
    return copy;
  });
  return fc.oneof(valid, invalid);
}

/**
 * Arbitrary valid observations: scripted sessions with the reference agent's transcripts,
 * and chat bodies with the reference endpoint's responses. The profile finds nothing in any.
 *
 * @example Every sample passes the profile
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { observationArbitrary } from "./arbitraries.ts";
 * import { checkChatLimits } from "./profile.ts";
 *
 * for (const obs of fc.sample(observationArbitrary(), { seed: 1, numRuns: 10 })) {
 *   assert.deepEqual(checkChatLimits(obs), []);
 * }
 * ```
 *
 * @returns The arbitrary.
 */
export function observationArbitrary(): Arbitrary<ChatLimitsObservation> {
  const agent = sessionArbitrary().map((input): AgentObservation => ({
    kind: "agent",
    ...input,
    transcripts: runAgentLoop(input).transcripts,
  }));
  const http = chatBodyArbitrary().map((body): HttpObservation => {
    const reply = chatReply(body);
    return {
      kind: "http",
      request: body,
      response: reply.events
        ? {
          status: reply.status,
          content_type: reply.contentType,
          events: reply.events.map((data) => ({ data })),
        }
        : { status: reply.status, content_type: reply.contentType, body: reply.body ?? "" },
    };
  });
  return fc.oneof({ weight: 3, arbitrary: agent }, { weight: 2, arbitrary: http });
}
