import type { InputClass } from "../../src/core/types.ts";
import { boundarySessions } from "./boundary_cases.ts";
import type { RunAgentInput } from "./types.ts";

/** Both limits of a chat request: name, bounds, and the class id prefix. */
const LIMITS = [
  { field: "max_iterations", prefix: "iterations", min: 1, max: 100 },
  { field: "max_tool_calls", prefix: "tool-calls", min: 1, max: 50 },
] as const;

function limitClasses(): InputClass[] {
  return LIMITS.flatMap(({ field, prefix, min, max }) => [
    { id: `${prefix}-absent`, description: `${field} absent (the default applies)` },
    { id: `${prefix}-null`, description: `${field} null (the default applies)` },
    { id: `${prefix}-min`, description: `${field} at its lower bound ${min}` },
    { id: `${prefix}-max`, description: `${field} at its upper bound ${max}` },
    { id: `${prefix}-inside`, description: `${field} strictly between ${min} and ${max}` },
  ]);
}

/**
 * The declared input classes of the `gns3.chat-limits/v1` suite on its HTTP surface: every
 * limit's boundaries on both sides (absent, null, at each bound, inside, just below, just
 * above, not an integer, a string), a bad mode, a bad message, streaming on and off.
 */
export const chatBodyClasses: readonly InputClass[] = [
  ...limitClasses(),
  ...LIMITS.flatMap(({ field, prefix, min, max }) => [
    { id: `${prefix}-below`, description: `${field} below ${min} (invalid)` },
    { id: `${prefix}-above`, description: `${field} above ${max} (invalid)` },
    { id: `${prefix}-fraction`, description: `${field} not an integer (invalid)` },
    { id: `${prefix}-string`, description: `${field} a string (invalid)` },
  ]),
  { id: "mode-bad", description: "a mode other than text (invalid)" },
  { id: "message-bad", description: "no message, or a message that is not a string (invalid)" },
  { id: "stream-on", description: "streaming (stream true or absent)" },
  { id: "stream-off", description: "stream false" },
];

/**
 * The declared input classes of the `gns3.chat-limits/v1` suite on its agent surface: each
 * of the design's edge sessions, each limit at its bounds, absent and null, sessions of
 * several requests, batches and failing tool calls.
 */
export const chatSessionClasses: readonly InputClass[] = [
  ...boundarySessions.map((s) => ({ id: `boundary-${s.id}`, description: s.description })),
  ...limitClasses(),
  { id: "session-several-requests", description: "a session of several requests" },
  { id: "batch", description: "a model turn asking for several tool calls at once" },
  { id: "failing-tool", description: "a tool call that fails" },
  { id: "final-answer", description: "a script with a final answer" },
];

function limitClassOf(value: unknown, has: boolean, limit: (typeof LIMITS)[number]): string[] {
  const { prefix, min, max } = limit;
  if (!has) return [`${prefix}-absent`];
  if (value === null) return [`${prefix}-null`];
  if (typeof value === "string") return [`${prefix}-string`];
  if (typeof value !== "number") return [];
  if (!Number.isInteger(value)) return [`${prefix}-fraction`];
  if (value < min) return [`${prefix}-below`];
  if (value > max) return [`${prefix}-above`];
  if (value === min) return [`${prefix}-min`];
  if (value === max) return [`${prefix}-max`];
  return [`${prefix}-inside`];
}

/**
 * The declared classes a chat request body hits.
 *
 * @param body The body.
 * @returns The class ids.
 */
export function chatBodyClassesOf(body: Record<string, unknown>): string[] {
  const out = LIMITS.flatMap((l) => limitClassOf(body[l.field], Object.hasOwn(body, l.field), l));
  if (Object.hasOwn(body, "mode") && body.mode !== "text") out.push("mode-bad");
  if (typeof body.message !== "string") out.push("message-bad");
  out.push(body.stream === false ? "stream-off" : "stream-on");
  return out;
}

/**
 * The declared classes a scripted session hits.
 *
 * @param input The session.
 * @returns The class ids.
 */
export function chatSessionClassesOf(input: RunAgentInput): string[] {
  const out = input.requests.flatMap((r) =>
    LIMITS.flatMap((l) =>
      limitClassOf(
        (r as unknown as Record<string, unknown>)[l.field],
        Object.hasOwn(r, l.field),
        l,
      )
    )
  );
  if (input.requests.length > 1) out.push("session-several-requests");
  for (const turn of input.script.turns) {
    if ("tool_calls" in turn) {
      if (turn.tool_calls.length > 1) out.push("batch");
      if (turn.tool_calls.some((c) => c.name === "fail")) out.push("failing-tool");
    } else out.push("final-answer");
  }
  return [...new Set(out)];
}
