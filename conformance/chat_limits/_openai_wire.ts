/**
 * The OpenAI Chat Completions wire format as the scripted model server speaks it: turning a
 * script turn into a completion (whole or as stream chunks), reading the requests, and
 * OpenAI-style error bodies.
 *
 * @module
 */
import { isObject as isRecord } from "../_json_value.ts";
import type { ScriptToolCall, ScriptTurn } from "./types.ts";

/** Which agent tool plays a kit tool's role, and which argument carries its text. */
export interface ToolRole {
  /** The agent's tool name. */
  name: string;
  /** The argument that carries the script's `text` (echo) or `message` (fail). */
  arg: string;
  /** Fixed further arguments. */
  args?: Record<string, unknown>;
}

/** How the kit's two tools map onto the agent's tools (identity by default). */
export interface ToolMap {
  /** The tool whose output contains its argument (the kit's `echo`). */
  echo: ToolRole;
  /** The tool that raises an error containing its argument (the kit's `fail`). */
  fail: ToolRole;
}

/** The identity mapping: tools `echo(text)` and `fail(message)`. */
export const IDENTITY_TOOLS: ToolMap = {
  echo: { name: "echo", arg: "text" },
  fail: { name: "fail", arg: "message" },
};

/** The text a kit tool call carries (what an executed call's message contains). */
export function callText(call: ScriptToolCall): string {
  return (call.name === "fail" ? call.args.message : call.args.text) ?? "";
}

/** A script tool call as the agent sees it: the mapped name and arguments, a wire id. */
export function wireCall(call: ScriptToolCall, wireId: string, tools: ToolMap) {
  const role = tools[call.name];
  return {
    id: wireId,
    type: "function" as const,
    function: {
      name: role.name,
      arguments: JSON.stringify({ ...role.args, [role.arg]: callText(call) }),
    },
  };
}

/** An OpenAI-style error response. */
export function openAiError(
  status: number,
  message: string,
  extra: { param?: string | null; code?: string | null; type?: string } = {},
): Response {
  return new Response(
    JSON.stringify({
      error: {
        message,
        type: extra.type ?? "invalid_request_error",
        param: extra.param ?? null,
        code: extra.code ?? null,
      },
    }),
    { status, headers: { "content-type": "application/json" } },
  );
}

/** The text of a message's content: a string, or the text parts of an array. */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((p) => isRecord(p) && typeof p.text === "string" ? p.text : "").join("");
  }
  return "";
}

const ROLES = new Set(["system", "developer", "user", "assistant", "tool", "function"]);

/** Why a Chat Completions body is invalid (OpenAI's checks that matter here), or undefined. */
export function invalidBody(body: unknown): { message: string; param: string } | undefined {
  if (!isRecord(body)) return { message: "The body must be a JSON object.", param: "" };
  if (typeof body.model !== "string" || body.model === "") {
    return { message: "you must provide a model parameter", param: "model" };
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return { message: "'messages' must be a non-empty array", param: "messages" };
  }
  for (const [i, m] of body.messages.entries()) {
    if (!isRecord(m) || typeof m.role !== "string" || !ROLES.has(m.role)) {
      return { message: `Invalid value for 'messages[${i}].role'.`, param: `messages[${i}].role` };
    }
    if (m.role === "tool" && typeof m.tool_call_id !== "string") {
      return {
        message: `Missing required parameter: 'messages[${i}].tool_call_id'.`,
        param: `messages[${i}].tool_call_id`,
      };
    }
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools)) return { message: "'tools' must be an array", param: "tools" };
    for (const [i, t] of body.tools.entries()) {
      if (!isRecord(t) || !isRecord(t.function) || typeof t.function.name !== "string") {
        return {
          message: `Missing required parameter: 'tools[${i}].function.name'.`,
          param: `tools[${i}].function.name`,
        };
      }
    }
  }
  if (body.stream !== undefined && typeof body.stream !== "boolean") {
    return { message: "'stream' must be a boolean", param: "stream" };
  }
  return undefined;
}

/** Token counts for usage fields: deterministic, about four characters a token. */
export function usage(promptChars: number, completionChars: number) {
  const prompt_tokens = Math.ceil(promptChars / 4);
  const completion_tokens = Math.max(1, Math.ceil(completionChars / 4));
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}

/** The assistant message and finish reason for a turn. */
export function turnMessage(
  turn: ScriptTurn,
  wireIds: string[],
  tools: ToolMap,
): { message: Record<string, unknown>; finish: "stop" | "tool_calls" } {
  if ("final" in turn) {
    return { message: { role: "assistant", content: turn.final, refusal: null }, finish: "stop" };
  }
  return {
    message: {
      role: "assistant",
      content: null,
      refusal: null,
      tool_calls: turn.tool_calls.map((c, i) => wireCall(c, wireIds[i], tools)),
    },
    finish: "tool_calls",
  };
}

/** The `data:` payloads of a streamed completion (`[DONE]` last). */
export function streamChunks(
  base: { id: string; created: number; model: string },
  turn: ScriptTurn,
  wireIds: string[],
  tools: ToolMap,
  usageValue: ReturnType<typeof usage> | undefined,
): string[] {
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    JSON.stringify({
      ...base,
      object: "chat.completion.chunk",
      system_fingerprint: null,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    });
  const out = [chunk({ role: "assistant", content: "", refusal: null }, null)];
  if ("final" in turn) {
    // Two content deltas, so a client has to join them.
    const cut = Math.ceil(turn.final.length / 2);
    out.push(chunk({ content: turn.final.slice(0, cut) }, null));
    if (cut < turn.final.length) out.push(chunk({ content: turn.final.slice(cut) }, null));
    out.push(chunk({}, "stop"));
  } else {
    turn.tool_calls.forEach((c, index) => {
      const w = wireCall(c, wireIds[index], tools);
      out.push(chunk({
        tool_calls: [{
          index,
          id: w.id,
          type: "function",
          function: { name: w.function.name, arguments: "" },
        }],
      }, null));
      const args = w.function.arguments;
      const cut = Math.ceil(args.length / 2);
      out.push(
        chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, cut) } }] }, null),
      );
      out.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(cut) } }] }, null));
    });
    out.push(chunk({}, "tool_calls"));
  }
  if (usageValue) {
    out.push(JSON.stringify({
      ...base,
      object: "chat.completion.chunk",
      system_fingerprint: null,
      choices: [],
      usage: usageValue,
    }));
  }
  out.push("[DONE]");
  return out;
}
