// The transcript of one chat request served over HTTP, rebuilt from what the scripted model
// saw (model calls, the tool results sent back) and what the stream said (tool messages after
// the last model call, errors), so that the in-process enforcement checks apply unchanged.
import { isObject } from "../_json_value.ts";
import { callText } from "./_openai_wire.ts";
import { effectiveLimits } from "./_limits.ts";
import type { ChatExchange } from "./agent_http_adapter.ts";
import type { ChatRequest, Script, ScriptToolCall, ToolMessage, Transcript } from "./types.ts";

/** Objects among the events' data (JSON parsed; anything else is left to the SSE rules). */
function eventObjects(exchange: ChatExchange): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const e of exchange.response.events ?? []) {
    try {
      const v = JSON.parse(e.data);
      if (isObject(v)) out.push(v);
    } catch {
      // CL-SSE-EVENTS reports it.
    }
  }
  return out;
}

/**
 * Rebuild the transcript of one request. `model_calls` is how many times the model server
 * was called with the request's token. Tool messages are the `tool` messages the agent sent
 * the model during the request (the union over its calls), then the stream's events that
 * carry `tool_call_id` and `content` for calls the model never got an answer to (tools run
 * after the last model call). A message is an executed call's when its content contains the
 * call's text (echo's `text`, the error `message` of fail), a refusal (`limited`) otherwise.
 * The request ended in `error` on a non-2xx status or an event `{"type": "error"}`; else
 * `final` when the model's last answer was final, `iteration_limit` when the model was called
 * max_iterations times, `tool_limit` after a refused batch, `final` otherwise.
 */
export function transcriptFromExchange(
  script: Script,
  request: ChatRequest,
  exchange: ChatExchange,
): Transcript {
  const prefix = `call_${exchange.token}_`;
  const local = (id: string) => id.startsWith(prefix) ? id.slice(prefix.length) : id;
  const byId = new Map<string, ScriptToolCall>();
  for (const turn of script.turns) {
    if ("tool_calls" in turn) { for (const c of turn.tool_calls) byId.set(c.id, c); }
  }
  const calls = exchange.model_calls;
  // Every tool message the model was sent during the request, once: the union over the
  // calls (an agent may trim its history), a message repeated within one call kept repeated.
  const raw: { tool_call_id: string; content: string }[] = [];
  const kept = new Map<string, number>();
  for (const c of calls) {
    const inCall = new Map<string, number>();
    for (const r of c.tool_results) {
      const m = {
        tool_call_id: local(r.tool_call_id).slice(0, 1024),
        content: r.content.slice(0, 65536),
      };
      const key = `${m.tool_call_id}\u0000${m.content}`;
      const n = (inCall.get(key) ?? 0) + 1;
      inCall.set(key, n);
      if (n > (kept.get(key) ?? 0)) {
        kept.set(key, n);
        raw.push(m);
      }
    }
  }
  const seen = new Set(raw.map((m) => m.tool_call_id));
  const events = eventObjects(exchange);
  for (const e of events) {
    if (typeof e.tool_call_id === "string" && typeof e.content === "string") {
      const id = local(e.tool_call_id).slice(0, 1024);
      if (!seen.has(id)) raw.push({ tool_call_id: id, content: e.content.slice(0, 65536) });
    }
  }
  const toolCalls: Transcript["tool_calls"] = [];
  const messages: ToolMessage[] = raw.map((m) => {
    const call = byId.get(m.tool_call_id);
    const text = call ? callText(call) : "";
    const executed = call !== undefined && text !== "" && m.content.includes(text);
    // Two messages with its output are one execution answered twice (CL-TOOL-ANSWERED).
    if (call && executed && !toolCalls.some((c) => c.id === call.id)) {
      toolCalls.push({ id: call.id, name: call.name });
    }
    return { tool_call_id: m.tool_call_id, content: m.content, limited: call ? !executed : false };
  });
  const base = { model_calls: calls.length, tool_calls: toolCalls, tool_messages: messages };
  const status = exchange.response.status;
  if (status < 200 || status > 299) {
    const body = exchange.response.body ?? "";
    return { ...base, ended: "error", error: `HTTP ${status} ${body.slice(0, 200)}`.trim() };
  }
  const failed = events.find((e) => e.type === "error");
  if (failed) {
    const text = typeof failed.message === "string"
      ? failed.message
      : typeof failed.error === "string"
      ? failed.error
      : JSON.stringify(failed);
    return { ...base, ended: "error", error: text.slice(0, 400) };
  }
  const last = calls.at(-1)?.answered;
  if (last && "final" in last) return { ...base, ended: "final", final: last.final };
  if (calls.length >= effectiveLimits(request).maxIterations) {
    return { ...base, ended: "iteration_limit" };
  }
  const refused = last !== undefined && "tool_calls" in last &&
    last.tool_calls.some((c) => messages.some((m) => m.tool_call_id === c.id && m.limited));
  return { ...base, ended: refused ? "tool_limit" : "final" };
}
