import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";
import { type ParsedSseEvent, SseParser } from "./_sse_parser.ts";

export type { ParsedSseEvent } from "./_sse_parser.ts";

/** The default path of GNS3 Copilot's streaming chat endpoint. */
export const DEFAULT_CHAT_PATH = "/v3/projects/{project_id}/chat/stream";

/** Options of {@linkcode httpChatAdapter}. */
export interface HttpChatAdapterOptions {
  /** The server's base URL, for example `http://127.0.0.1:3080`. */
  baseUrl: string;
  /**
   * The endpoint's path; `{project_id}` is replaced by the (URL-encoded) project id.
   *
   * @default "/v3/projects/{project_id}/chat/stream"
   */
  path?: string;
  /**
   * The project id used when a request's input names none.
   *
   * @default "00000000-0000-4000-8000-000000000000"
   */
  projectId?: string;
  /**
   * Bearer token sent as `Authorization: Bearer <token>`.
   *
   * @default undefined (no Authorization header, unless tokenEnv names one)
   */
  token?: string;
  /**
   * Environment variable holding the bearer token, read when the adapter starts.
   *
   * @default undefined
   */
  tokenEnv?: string;
  /**
   * Extra headers on every request.
   *
   * @default {}
   */
  headers?: Readonly<Record<string, string>>;
  /**
   * Milliseconds one request may take, headers and body; a stream still open then is cut
   * and reported `truncated`.
   *
   * @default 10000
   */
  timeoutMs?: number;
  /**
   * Body bytes read at most; the rest is dropped and the response reported `truncated`.
   *
   * @default 1048576
   */
  maxBytes?: number;
  /**
   * Events kept at most.
   *
   * @default 1000
   */
  maxEvents?: number;
  /**
   * What the target says about itself.
   *
   * @default { name: "http chat endpoint", url: baseUrl }
   */
  info?: ImplementationInfo;
}

/** Input of the `chat` operation. */
export interface ChatOperationInput {
  /** The JSON body to send, as given (invalid bodies included). */
  body: unknown;
  /** The project id; the adapter's default when absent. */
  project_id?: string;
  /** Extra headers for this request. */
  headers?: Record<string, string>;
}

/** Result of the `chat` operation: what the kit saw, bounded. */
export interface ChatOperationResult {
  /** HTTP status. */
  status: number;
  /** Content-Type header (`""` when absent). */
  content_type: string;
  /** Events of a `text/event-stream` response. */
  events?: ParsedSseEvent[];
  /** Lines of the stream that are not SSE fields. */
  unparsed?: string[];
  /** Body text of any other response. */
  body?: string;
  /** True when reading stopped at a bound (bytes, events or time). */
  truncated?: boolean;
}

/**
 * An {@linkcode Adapter} for a chat endpoint over HTTP. Its one operation, `chat`, posts a
 * JSON body to `baseUrl + path` and returns what came back as data: the status, the content
 * type, and either the server-sent events (parsed, never evaluated) or the body text. Reads
 * are bounded in bytes, events and time; a stream cut at a bound is reported `truncated`.
 * A connection failure or a timeout before the response headers is a harness fault
 * (`errored`); other operations are `skipped`.
 *
 * @example Post a request to a chat endpoint
 * ```ts
 * import assert from "node:assert/strict";
 * import { httpChatAdapter } from "./http_chat.ts";
 *
 * const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () =>
 *   new Response('data: {"type":"done"}\n\n', { headers: { "content-type": "text/event-stream" } }));
 * const adapter = httpChatAdapter({ baseUrl: `http://127.0.0.1:${server.addr.port}` });
 * await adapter.start();
 * const reply = await adapter.run({ operation: "chat", input: { body: { message: "hi" } } });
 * assert.deepEqual(reply, {
 *   kind: "result",
 *   value: { status: 200, content_type: "text/event-stream", events: [{ data: '{"type":"done"}' }] },
 * });
 * await adapter.close();
 * await server.shutdown();
 * ```
 *
 * @param options The endpoint, its token and the bounds.
 * @returns The adapter.
 */
export function httpChatAdapter(options: HttpChatAdapterOptions): Adapter {
  const path = options.path ?? DEFAULT_CHAT_PATH;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBytes = options.maxBytes ?? 1 << 20;
  const maxEvents = options.maxEvents ?? 1000;
  let token = options.token;
  const inflight = new Set<AbortController>();
  return {
    kind: "http",
    start(): Promise<ImplementationInfo> {
      try {
        new URL(options.baseUrl);
      } catch {
        return Promise.reject(new Error(`Base URL "${options.baseUrl}" is not a URL`));
      }
      if (options.tokenEnv !== undefined && token === undefined) {
        let value: string | undefined;
        try {
          value = Deno.env.get(options.tokenEnv);
        } catch (error) {
          return Promise.reject(
            new Error(`Cannot read "${options.tokenEnv}": ${(error as Error).message}`),
          );
        }
        if (!value) {
          return Promise.reject(
            new Error(`Environment variable "${options.tokenEnv}" (the bearer token) is not set`),
          );
        }
        token = value;
      }
      return Promise.resolve(options.info ?? { name: "http chat endpoint", url: options.baseUrl });
    },
    async run(request: Request, callOptions: AdapterCallOptions = {}): Promise<Reply> {
      if (request.operation !== "chat") {
        return {
          kind: "skipped",
          reason: `operation "${request.operation}" is not supported over http (only "chat")`,
        };
      }
      const input = (request.input ?? {}) as ChatOperationInput;
      const projectId = typeof input.project_id === "string"
        ? input.project_id
        : options.projectId ?? "00000000-0000-4000-8000-000000000000";
      const url = options.baseUrl.replace(/\/+$/, "") +
        path.replaceAll("{project_id}", encodeURIComponent(projectId));
      const abort = new AbortController();
      inflight.add(abort);
      const onAbort = () => abort.abort(callOptions.signal?.reason);
      callOptions.signal?.addEventListener("abort", onAbort, { once: true });
      if (callOptions.signal?.aborted) abort.abort();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort(new Error(`timed out after ${timeoutMs} ms`));
      }, timeoutMs);
      try {
        let response: Response;
        try {
          response = await fetch(url, {
            method: "POST",
            headers: {
              "content-type": "application/json",
              accept: "text/event-stream, application/json",
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...options.headers,
              ...input.headers,
            },
            body: JSON.stringify(input.body),
            redirect: "manual",
            signal: abort.signal,
          });
        } catch (error) {
          return {
            kind: "errored",
            message: timedOut
              ? `POST "${url}" got no response within ${timeoutMs} ms`
              : `POST "${url}" failed: ${(error as Error).message}`,
          };
        }
        const contentType = response.headers.get("content-type") ?? "";
        const isStream = contentType.split(";")[0].trim().toLowerCase() === "text/event-stream";
        const parser = new SseParser({ maxEvents, maxUnparsed: 50 });
        const decoder = new TextDecoder();
        let text = "";
        let bytes = 0;
        let truncated = false;
        const reader = response.body?.getReader();
        if (reader) {
          try {
            while (true) {
              const { done, value } = await reader.read();
              if (done) break;
              const room = maxBytes - bytes;
              const chunk = value.byteLength > room ? value.subarray(0, room) : value;
              bytes += chunk.byteLength;
              const decoded = decoder.decode(chunk, { stream: true });
              if (isStream) parser.feed(decoded);
              else text += decoded;
              if (value.byteLength > room || (isStream && parser.overflow)) {
                truncated = true;
                await reader.cancel().catch(() => {});
                break;
              }
            }
          } catch (error) {
            if (!timedOut && !abort.signal.aborted) {
              return {
                kind: "errored",
                message: `Reading the response of "${url}" failed: ${(error as Error).message}`,
              };
            }
            truncated = true;
          }
        }
        const tail = decoder.decode();
        const value: ChatOperationResult = { status: response.status, content_type: contentType };
        if (isStream) {
          parser.feed(tail);
          if (!truncated) parser.end();
          value.events = parser.events;
          if (parser.unparsed.length > 0) value.unparsed = parser.unparsed;
        } else value.body = text + tail;
        if (truncated) value.truncated = true;
        return { kind: "result", value };
      } finally {
        clearTimeout(timer);
        callOptions.signal?.removeEventListener("abort", onAbort);
        inflight.delete(abort);
      }
    },
    close(): Promise<void> {
      for (const abort of inflight) abort.abort(new Error("adapter closed"));
      inflight.clear();
      return Promise.resolve();
    },
  };
}
