import { isObject } from "../_json_value.ts";
import {
  contentText,
  IDENTITY_TOOLS,
  invalidBody,
  openAiError,
  streamChunks,
  type ToolMap,
  turnMessage,
  usage,
} from "./_openai_wire.ts";
import { EXHAUSTED_FINAL, type Script, type ScriptTurn } from "./types.ts";
import { stableId } from "./_stable_id.ts";
import { readBoundedBody } from "./_read_bounded.ts";

export type { ToolMap, ToolRole } from "./_openai_wire.ts";

/** The marker the kit puts in a user message to name its script: `[netconform-script:TOKEN]`. */
export const SCRIPT_MARKER = /\[netconform-script:([A-Za-z0-9_-]{1,64})\]/;

/** The final answer to a request whose last user message names no script. */
export const NO_SCRIPT_FINAL = "(no script)";

/** A tool result the agent sent back to the model. */
export interface RecordedToolResult {
  /** The `tool_call_id` as sent. */
  tool_call_id: string;
  /** Its content, as text. */
  content: string;
}

/** One Chat Completions request the model server answered for a script. */
export interface RecordedModelCall {
  /** Whether the agent asked for a stream. */
  stream: boolean;
  /** Names of the tools the agent offered. */
  tools: string[];
  /** The `tool_choice` it sent, when it sent one. */
  tool_choice?: unknown;
  /** How many messages it sent. */
  message_count: number;
  /**
   * The tool results of the current request: the `tool` messages after the last user message
   * that names the script, in order.
   */
  tool_results: RecordedToolResult[];
  /** Wire ids of assistant tool calls after that user message (what the model asked for). */
  asked: string[];
  /** What the model answered (the script turn). */
  answered: ScriptTurn;
}

/** Options of {@linkcode startScriptedModelServer}. */
export interface ScriptedModelServerOptions {
  /**
   * Port on 127.0.0.1; 0 picks a free one.
   *
   * @default 0
   */
  port?: number;
  /**
   * How the kit's tools `echo` and `fail` are named and called on the wire.
   *
   * @default echo(text), fail(message)
   */
  tools?: ToolMap;
  /**
   * Largest request body read, in bytes; larger ones get 413.
   *
   * @default 4194304
   */
  maxBodyBytes?: number;
  /**
   * Model calls recorded at most per script; later calls answer 429.
   *
   * @default 1000
   */
  maxCalls?: number;
}

/** A running scripted model server. */
export interface ScriptedModelServer {
  /** The OpenAI base URL, `http://127.0.0.1:<port>/v1`. */
  readonly baseUrl: string;
  /** The port. */
  readonly port: number;
  /**
   * Register a script for one chat request and get its token; put
   * {@linkcode scriptMarker}(token) in the request's message. With a `key` (the request's
   * content, say) the token is derived from it, so that equal runs get equal tokens; a token
   * already in use gets a suffix.
   */
  register(script: Script, key?: string): string;
  /** The calls recorded for a token so far (a copy). */
  calls(token: string): RecordedModelCall[];
  /** Forget a token. */
  release(token: string): void;
  /** Every request the server got that names no script, or a bad one (bounded, for debugging). */
  readonly unscripted: number;
  /** Stop the server (open streams are cut). */
  close(): Promise<void>;
}

/**
 * The marker for a token, to append to the message of the chat request the script is for.
 *
 * @example Mark a message
 * ```ts
 * import assert from "node:assert/strict";
 * import { SCRIPT_MARKER, scriptMarker } from "./model_server.ts";
 *
 * const message = `check R1 ${scriptMarker("s1ab")}`;
 * assert.equal(SCRIPT_MARKER.exec(message)?.[1], "s1ab");
 * ```
 *
 * @param token A token from {@linkcode ScriptedModelServer.register}.
 * @returns `[netconform-script:TOKEN]`.
 */
export function scriptMarker(token: string): string {
  return `[netconform-script:${token}]`;
}

interface Session {
  script: Script;
  calls: RecordedModelCall[];
  wireIds: Map<string, string>;
}

async function readBody(req: Request, max: number): Promise<string | undefined> {
  const bytes = await readBoundedBody(req, max);
  return bytes === undefined ? undefined : new TextDecoder().decode(bytes);
}

/**
 * Start the kit's scripted model on 127.0.0.1, speaking the OpenAI Chat Completions API:
 * `POST /v1/chat/completions` (with `tools`, non-streaming or `stream: true`, usage
 * included) and `GET /v1/models`. A chat request names its script by a marker in its last
 * user message (`[netconform-script:TOKEN]`, from {@linkcode ScriptedModelServer.register});
 * the i-th model call of that request answers the script's i-th turn: tool calls (wire ids
 * `call_<token>_<script id>`, unique across requests) or a final text, and a call past the end
 * answers `(script exhausted)`. Every call is recorded: the tools offered and the tool results
 * sent back with their `tool_call_id`. A request naming no script gets the final text
 * `(no script)`; a malformed one an OpenAI-style 400. Any key is accepted.
 *
 * @example Answer a script's tool call, then its final text
 * ```ts
 * import assert from "node:assert/strict";
 * import { scriptMarker, startScriptedModelServer } from "./model_server.ts";
 *
 * const server = startScriptedModelServer();
 * const token = server.register({
 *   turns: [{ tool_calls: [{ id: "a", name: "echo", args: { text: "R1 ok" } }] }, { final: "done" }],
 * });
 * const ask = (messages: unknown[]) =>
 *   fetch(`${server.baseUrl}/chat/completions`, {
 *     method: "POST",
 *     headers: { "content-type": "application/json", authorization: "Bearer any" },
 *     body: JSON.stringify({ model: "scripted", messages }),
 *   }).then((r) => r.json());
 * const user = { role: "user", content: `check R1 ${scriptMarker(token)}` };
 * const first = await ask([user]);
 * const call = first.choices[0].message.tool_calls[0];
 * assert.equal(call.function.name, "echo");
 * const second = await ask([user, first.choices[0].message,
 *   { role: "tool", tool_call_id: call.id, content: "R1 ok" }]);
 * assert.equal(second.choices[0].message.content, "done");
 * assert.deepEqual(server.calls(token)[1].tool_results, [{ tool_call_id: call.id, content: "R1 ok" }]);
 * await server.close();
 * ```
 *
 * @param options Port, tool names, bounds.
 * @returns The running server.
 */
export function startScriptedModelServer(
  options: ScriptedModelServerOptions = {},
): ScriptedModelServer {
  const tools = options.tools ?? IDENTITY_TOOLS;
  const maxBody = options.maxBodyBytes ?? 4 << 20;
  const maxCalls = options.maxCalls ?? 1000;
  const sessions = new Map<string, Session>();
  let counter = 0;
  let unscripted = 0;
  const abort = new AbortController();

  async function completions(req: Request): Promise<Response> {
    const text = await readBody(req, maxBody);
    if (text === undefined) return openAiError(413, "Request body too large.");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return openAiError(400, "We could not parse the JSON body of your request.", {
        code: "invalid_json",
      });
    }
    const bad = invalidBody(body);
    if (bad) return openAiError(400, bad.message, { param: bad.param || null });
    const b = body as Record<string, unknown>;
    const messages = b.messages as Record<string, unknown>[];
    // The request's script: the marker in the last user message.
    let userAt = -1;
    for (let i = messages.length - 1; i >= 0; i--) {
      if (messages[i].role === "user") {
        userAt = i;
        break;
      }
    }
    const match = userAt < 0 ? null : SCRIPT_MARKER.exec(contentText(messages[userAt].content));
    const stream = b.stream === true;
    const model = b.model as string;
    const promptChars = JSON.stringify(messages).length;
    let turn: ScriptTurn;
    let wireIds: string[] = [];
    let idBase: string;
    if (!match) {
      unscripted++;
      turn = { final: NO_SCRIPT_FINAL };
      idBase = `chatcmpl-noscript-${++counter}`;
    } else {
      const token = match[1];
      const session = sessions.get(token);
      if (!session) {
        unscripted++;
        return openAiError(404, `No script is registered for token "${token}".`, {
          code: "script_not_found",
        });
      }
      if (session.calls.length >= maxCalls) {
        return openAiError(429, `Script "${token}" answered ${maxCalls} calls already.`, {
          type: "rate_limit_error",
          code: "script_call_limit",
        });
      }
      const after = messages.slice(userAt + 1);
      turn = session.script.turns[session.calls.length] ?? { final: EXHAUSTED_FINAL };
      if ("tool_calls" in turn) {
        wireIds = turn.tool_calls.map((c) => {
          const id = `call_${token}_${c.id}`;
          session.wireIds.set(id, c.id);
          return id;
        });
      }
      session.calls.push({
        stream,
        tools: Array.isArray(b.tools)
          ? (b.tools as { function: { name: string } }[]).map((t) => t.function.name)
          : [],
        ...(b.tool_choice === undefined ? {} : { tool_choice: b.tool_choice }),
        message_count: messages.length,
        tool_results: after.filter((m) => m.role === "tool").map((m) => ({
          tool_call_id: m.tool_call_id as string,
          content: contentText(m.content),
        })),
        asked: after.flatMap((m) =>
          m.role === "assistant" && Array.isArray(m.tool_calls)
            ? m.tool_calls.flatMap((c) => isObject(c) && typeof c.id === "string" ? [c.id] : [])
            : []
        ),
        answered: turn,
      });
      idBase = `chatcmpl-${token}-${session.calls.length}`;
    }
    const { message, finish } = turnMessage(turn, wireIds, tools);
    const completionChars = JSON.stringify(message).length;
    const use = usage(promptChars, completionChars);
    const created = Math.floor(Date.now() / 1000);
    if (!stream) {
      return Response.json({
        id: idBase,
        object: "chat.completion",
        created,
        model,
        system_fingerprint: null,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        usage: use,
      });
    }
    const wantUsage = isObject(b.stream_options) && b.stream_options.include_usage === true;
    const chunks = streamChunks(
      { id: idBase, created, model },
      turn,
      wireIds,
      tools,
      wantUsage ? use : undefined,
    );
    const encoder = new TextEncoder();
    return new Response(
      new ReadableStream({
        start(controller) {
          for (const c of chunks) controller.enqueue(encoder.encode(`data: ${c}\n\n`));
          controller.close();
        },
      }),
      { headers: { "content-type": "text/event-stream", "cache-control": "no-cache" } },
    );
  }

  const server = Deno.serve(
    { hostname: "127.0.0.1", port: options.port ?? 0, signal: abort.signal, onListen() {} },
    async (req) => {
      const path = new URL(req.url).pathname.replace(/\/+$/, "");
      if (path === "/v1/chat/completions") {
        if (req.method !== "POST") {
          return openAiError(405, "Use POST.", { type: "invalid_request_error" });
        }
        try {
          return await completions(req);
        } catch (error) {
          return openAiError(500, `The scripted model failed: ${String(error)}`, {
            type: "server_error",
          });
        }
      }
      if (path === "/v1/models" && req.method === "GET") {
        return Response.json({
          object: "list",
          data: [{
            id: "netconform-scripted",
            object: "model",
            created: 0,
            owned_by: "netconform",
          }],
        });
      }
      return openAiError(404, `Unknown path "${path}".`, { code: "unknown_url" });
    },
  );
  const port = server.addr.port;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    port,
    register(script: Script, key?: string): string {
      let token = key === undefined
        ? `s${++counter}${crypto.randomUUID().slice(0, 8)}`
        : `s${stableId(key)}`;
      for (let n = 2; sessions.has(token); n++) token = `${token.replace(/-\d+$/, "")}-${n}`;
      sessions.set(token, { script, calls: [], wireIds: new Map() });
      return token;
    },
    calls(token: string): RecordedModelCall[] {
      return [...(sessions.get(token)?.calls ?? [])];
    },
    release(token: string): void {
      sessions.delete(token);
    },
    get unscripted() {
      return unscripted;
    },
    async close(): Promise<void> {
      abort.abort();
      await server.finished;
    },
  };
}
