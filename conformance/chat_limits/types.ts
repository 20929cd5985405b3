/**
 * Data types of the `gns3.chat-limits/v1` profile: chat requests, scripts of a scripted model,
 * agent transcripts and the observation documents the profile checks.
 *
 * @module
 */

/** The body of `POST /v3/projects/{project_id}/chat/stream` (chat-request.schema.json). */
export interface ChatRequest {
  /** User message content. */
  message: string;
  /** Session id; requests with the same id share a conversation. */
  session_id?: string | null;
  /** Streaming response (server-sent events); true when absent. */
  stream?: boolean;
  /** Interaction mode, always `text`. */
  mode?: "text";
  /** Maximum model calls for this request, 1..100; 20 when absent or null. */
  max_iterations?: number | null;
  /** Maximum tool calls for this request, 1..50; unlimited (999) when absent or null. */
  max_tool_calls?: number | null;
  /** Fields the kit sends on purpose to test validation, or that a server ignores. */
  [key: string]: unknown;
}

/** A tool call a scripted model asks for. Tools: `echo` returns `args.text`, `fail` raises. */
export interface ScriptToolCall {
  /** Unique within the script. */
  id: string;
  /** `echo` or `fail`. */
  name: "echo" | "fail";
  /** `{text}` for echo, `{message}` for fail. */
  args: { text?: string; message?: string };
}

/** One answer of the scripted model: a batch of tool calls or a final answer. */
export type ScriptTurn = { tool_calls: ScriptToolCall[] } | { final: string };

/** What a scripted model answers, call after call, within each request (script.schema.json). */
export interface Script {
  /** The answers; a call past the end answers {@linkcode EXHAUSTED_FINAL}. */
  turns: ScriptTurn[];
}

/** A tool message the agent added to the conversation. */
export interface ToolMessage {
  /** The id of the tool call it answers. */
  tool_call_id: string;
  /** The tool's output, its error, or the limit notice. */
  content: string;
  /** True when the message refuses the call because of a limit. */
  limited: boolean;
}

/** What an agent did with one request (transcript.schema.json). */
export interface Transcript {
  /** How many times the agent called the model in this request. */
  model_calls: number;
  /** The tool calls it executed. */
  tool_calls: { id: string; name: string; args?: Record<string, unknown> }[];
  /** Every tool message it added. */
  tool_messages: ToolMessage[];
  /** Why the request ended. */
  ended: "final" | "iteration_limit" | "tool_limit" | "error";
  /** The final answer, when there is one. */
  final?: string;
  /** What went wrong, when ended is `error`. */
  error?: string;
  /** What the agent told the user when a limit stopped it (an iteration limit notice). */
  notice?: string;
}

/** Input of the `run_agent` operation: one session of scripted requests. */
export interface RunAgentInput {
  /** The scripted model; it restarts at its first turn for every request. */
  script: Script;
  /** The requests, in order, in one session. */
  requests: ChatRequest[];
}

/** Result of the `run_agent` operation. */
export interface RunAgentOutput {
  /** One transcript per request, in order. */
  transcripts: Transcript[];
}

/** What the kit saw of a scripted session (observation kind `agent`). */
export interface AgentObservation extends RunAgentInput {
  /** Always `agent`. */
  kind: "agent";
  /** The transcripts the agent returned, when it returned. */
  transcripts?: unknown[];
  /** What the agent raised instead, when it raised. */
  raised?: { type: string; message: string };
}

/** One server-sent event, as received. */
export interface SseEvent {
  /** The `event:` field, when present. */
  event?: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
}

/** What the kit saw of a chat endpoint's response. */
export interface ChatResponseObservation {
  /** HTTP status. */
  status: number;
  /** The Content-Type header, as sent (`""` when absent). */
  content_type: string;
  /** The events, for an event stream. */
  events?: SseEvent[];
  /** Lines of the event stream that are not SSE fields (bounded). */
  unparsed?: string[];
  /** The body text, for any other response (bounded). */
  body?: string;
  /** True when the kit stopped reading at its size or time bound. */
  truncated?: boolean;
}

/** What the kit saw of one request sent to a chat endpoint (observation kind `http`). */
export interface HttpObservation {
  /** Always `http`. */
  kind: "http";
  /** The body as sent. */
  request: Record<string, unknown>;
  /** The response as seen. */
  response: ChatResponseObservation;
}

/** The subject of the profile. */
export type ChatLimitsObservation = AgentObservation | HttpObservation;

/** The final answer of a scripted model called past the end of its script. */
export const EXHAUSTED_FINAL = "(script exhausted)";
