import { chatReply, type ChatServerFlaws } from "./_http_reference.ts";
import type { Script } from "./types.ts";
import { readBoundedBody } from "./_read_bounded.ts";

export type { ChatServerFlaws } from "./_http_reference.ts";

/** Options of {@linkcode startReferenceChatServer}. */
export interface ReferenceChatServerOptions {
  /**
   * Bearer token the server requires; requests without it get 401.
   *
   * @default undefined (no authentication)
   */
  token?: string;
  /**
   * The script its scripted model follows for every request.
   *
   * @default a script that asks for one echo call, then answers
   */
  script?: Script;
  /**
   * Deliberate faults, for the kit's HTTP mutants.
   *
   * @default {}
   */
  flaws?: ChatServerFlaws;
  /**
   * Largest request body read, in bytes; larger bodies get 413.
   *
   * @default 65536
   */
  maxBodyBytes?: number;
}

/** A running reference chat server. */
export interface ReferenceChatServer {
  /** Its base URL, `http://127.0.0.1:<port>`. */
  baseUrl: string;
  /** Stop it (waits for open streams). */
  close(): Promise<void>;
}

const ROUTE = /^\/v3\/projects\/([^/]+)\/chat\/stream$/;

function json(status: number, value: unknown): Response {
  return new Response(JSON.stringify(value), {
    status,
    headers: { "content-type": "application/json" },
  });
}

/**
 * Start the kit's reference chat endpoint on 127.0.0.1 (an ephemeral port):
 * `POST /v3/projects/{project_id}/chat/stream` validates the body as the design's Pydantic
 * model does (422 with FastAPI's `{"detail": [{"loc": ["body", field], ...}]}`, strict JSON
 * types) and streams, as `data: <json>` server-sent events, what the reference agent did
 * with its scripted model under the request's limits.
 *
 * @example Start, post, stop
 * ```ts
 * import assert from "node:assert/strict";
 * import { startReferenceChatServer } from "./reference_server.ts";
 *
 * const server = startReferenceChatServer();
 * const response = await fetch(`${server.baseUrl}/v3/projects/p1/chat/stream`, {
 *   method: "POST",
 *   body: JSON.stringify({ message: "hi", max_iterations: 101 }),
 * });
 * assert.equal(response.status, 422);
 * assert.match(await response.text(), /max_iterations/);
 * await server.close();
 * ```
 *
 * @param options Token, script, flaws and bounds.
 * @returns The running server.
 * @throws {Error} When it cannot listen (no network permission for 127.0.0.1).
 */
export function startReferenceChatServer(
  options: ReferenceChatServerOptions = {},
): ReferenceChatServer {
  const maxBodyBytes = options.maxBodyBytes ?? 65536;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (!ROUTE.test(url.pathname)) return json(404, { detail: "Not Found" });
    if (req.method !== "POST") return json(405, { detail: "Method Not Allowed" });
    if (
      options.token !== undefined && req.headers.get("authorization") !== `Bearer ${options.token}`
    ) {
      return json(401, { detail: "Not authenticated" });
    }
    const raw = await readBoundedBody(req, maxBodyBytes);
    if (raw === undefined) return json(413, { detail: "Request body too large" });
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(raw));
    } catch {
      return json(422, {
        detail: [{ type: "json_invalid", loc: ["body"], msg: "JSON decode error" }],
      });
    }
    const reply = chatReply(body, { script: options.script, flaws: options.flaws });
    if (!reply.events) {
      return new Response(reply.body ?? "", {
        status: reply.status,
        headers: { "content-type": reply.contentType },
      });
    }
    const encoder = new TextEncoder();
    const events = reply.events;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = events.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(encoder.encode(`data: ${next}\r\n\r\n`));
      },
    });
    return new Response(stream, {
      status: reply.status,
      headers: { "content-type": reply.contentType, "cache-control": "no-cache" },
    });
  });
  return {
    baseUrl: `http://127.0.0.1:${server.addr.port}`,
    close: () => server.shutdown(),
  };
}
