// The transcript of one chat request served over HTTP, rebuilt from what the scripted model
// saw (model calls, the tool results sent back) and what the stream said (tool messages after
// the last model call, errors), so that the in-process enforcement checks apply unchanged.
import { type EventMapping, GNS3_EVENTS, readStream } from "./_http_events.ts";
import { callText } from "./_openai_wire.ts";
import { effectiveLimits } from "./_limits.ts";
import type { ChatExchange } from "./agent_http_adapter.ts";
import type { ChatRequest, Script, ScriptToolCall, ToolMessage, Transcript } from "./types.ts";

/**
 * Rebuild the transcript of one request. `model_calls` is how many times the model server
 * was called with the request's token. Tool messages are the `tool` messages the agent sent
 * the model during the request (the union over its calls), then the stream's tool messages
 * (read through `mapping`: natively the GNS3 `tool_end` events' `tool_output`) for calls the
 * model never got an answer to (calls answered after the last model call). When the stream
 * announces executions (`tool_start`), the executed calls are those it announced; otherwise a
 * message is an executed call's when its content contains the call's text (echo's `text`, the
 * error `message` of fail). A message of a call not executed is `limited` when it says
 * "limit". `notice` is the stream's text for the user (content and error events). The request
 * ended in `error` on a non-2xx status or an error event; else `final` when the model's last
 * answer was final, `iteration_limit` when the model was called max_iterations times,
 * `tool_limit` after a refused batch, `final` otherwise.
 */
export function transcriptFromExchange(
  script: Script,
  request: ChatRequest,
  exchange: ChatExchange,
  mapping: EventMapping = GNS3_EVENTS,
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
  const requested = script.turns.slice(0, calls.length).map((t) =>
    "tool_calls" in t ? t.tool_calls.map((c) => c.id) : []
  );
  const data = (exchange.response.events ?? []).map((e) => e.data);
  const stream = readStream(data, requested, local, mapping);
  for (const m of stream.messages) if (!seen.has(m.tool_call_id)) raw.push(m);
  const toolCalls: Transcript["tool_calls"] = [];
  const messages: ToolMessage[] = raw.map((m) => {
    const call = byId.get(m.tool_call_id);
    const text = call ? callText(call) : "";
    const executed = call !== undefined &&
      (stream.started ? stream.started.has(call.id) : text !== "" && m.content.includes(text));
    // Two messages with its output are one execution answered twice (CL-TOOL-ANSWERED).
    if (call && executed && !toolCalls.some((c) => c.id === call.id)) {
      toolCalls.push({ id: call.id, name: call.name });
    }
    const limited = call !== undefined && !executed && /limit/i.test(m.content);
    return { tool_call_id: m.tool_call_id, content: m.content, limited };
  });
  // Executions the stream announced whose message never came are executions still.
  for (const id of stream.started ?? []) {
    const call = byId.get(id);
    if (call && !toolCalls.some((c) => c.id === id)) toolCalls.push({ id, name: call.name });
  }
  const notice = stream.texts.join("\n").slice(0, 65536);
  const base = {
    model_calls: calls.length,
    tool_calls: toolCalls,
    tool_messages: messages,
    ...(notice ? { notice } : {}),
  };
  const status = exchange.response.status;
  if (status < 200 || status > 299) {
    const body = exchange.response.body ?? "";
    return { ...base, ended: "error", error: `HTTP ${status} ${body.slice(0, 200)}`.trim() };
  }
  if (stream.error !== undefined) return { ...base, ended: "error", error: stream.error };
  const last = calls.at(-1)?.answered;
  if (last && "final" in last) return { ...base, ended: "final", final: last.final };
  if (calls.length >= effectiveLimits(request).maxIterations) {
    return { ...base, ended: "iteration_limit" };
  }
  const refused = last !== undefined && "tool_calls" in last &&
    last.tool_calls.some((c) => messages.some((m) => m.tool_call_id === c.id && m.limited));
  return { ...base, ended: refused ? "tool_limit" : "final" };
}
