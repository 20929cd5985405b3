/**
 * The chat endpoint of the LangGraph.js reference agent:
 * `POST /v3/projects/{project_id}/chat/stream`, a ChatRequest validated as the design's
 * Pydantic model (FastAPI-style 422 naming the field), answered with server-sent events
 * `data: <json>` (`message`, `tool_call`, `tool` with `tool_call_id` and `content`, `done`,
 * or `error`).
 *
 *     OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=... \
 *       deno run --allow-net=127.0.0.1 --allow-env --allow-read examples/langgraph_agent/server.ts
 *     # prints: listening http://127.0.0.1:<port>   (PORT=0 by default; CHAT_TOKEN: bearer token)
 *
 * `--flaw NAME` starts a deliberately broken variant (see agent.ts).
 *
 * @module
 */
import { type AgentFlaw, type ChatEvent, createAgent } from "./agent.ts";

const FLAWS: AgentFlaw[] = [
  "iteration-off-by-one",
  "check-after-execute",
  "unanswered-refusal",
  "leaks-count",
  "unchecked-bounds",
];

type Detail = { type: string; loc: (string | number)[]; msg: string; input: unknown };

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

/** The design's ChatRequest, validated as Pydantic (strict integers) would. */
function validate(
  body: unknown,
  checkBounds: boolean,
): { ok: true; value: Record<string, unknown> } | { ok: false; detail: Detail[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return {
      ok: false,
      detail: [{
        type: "model_attributes_type",
        loc: ["body"],
        msg: "Input should be an object",
        input: body,
      }],
    };
  }
  const b = body as Record<string, unknown>;
  const detail: Detail[] = [];
  const err = (field: string, type: string, msg: string) =>
    detail.push({ type, loc: ["body", field], msg, input: b[field] });
  if (!("message" in b)) err("message", "missing", "Field required");
  else if (typeof b.message !== "string") {
    err("message", "string_type", "Input should be a valid string");
  }
  if (b.session_id != null && typeof b.session_id !== "string") {
    err("session_id", "string_type", "Input should be a valid string");
  }
  if (b.stream !== undefined && typeof b.stream !== "boolean") {
    err("stream", "bool_type", "Input should be a valid boolean");
  }
  if (b.mode !== undefined && b.mode !== "text") {
    err("mode", "literal_error", "Input should be 'text'");
  }
  for (const [field, max] of [["max_iterations", 100], ["max_tool_calls", 50]] as const) {
    const v = b[field];
    if (v == null) continue;
    if (!isInt(v)) err(field, "int_type", "Input should be a valid integer");
    else if (checkBounds && v < 1) {
      err(field, "greater_than_equal", "Input should be greater than or equal to 1");
    } else if (checkBounds && v > max) {
      err(field, "less_than_equal", `Input should be less than or equal to ${max}`);
    }
  }
  return detail.length ? { ok: false, detail } : { ok: true, value: b };
}

const ROUTE = /^\/v3\/projects\/([^/]+)\/chat\/stream$/;

/**
 * Serve the chat endpoint on 127.0.0.1 (it prints `listening http://127.0.0.1:<port>`).
 *
 * @param options Port (0 for any), bearer token, flaw.
 * @returns The server.
 */
export function serve(options: { port: number; token?: string; flaw?: AgentFlaw }) {
  const agent = createAgent(options.flaw);
  const checkBounds = options.flaw !== "unchecked-bounds";
  return Deno.serve({
    hostname: "127.0.0.1",
    port: options.port,
    onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`),
  }, async (req) => {
    const url = new URL(req.url);
    if (!ROUTE.test(url.pathname)) return Response.json({ detail: "Not Found" }, { status: 404 });
    if (req.method !== "POST") {
      return Response.json({ detail: "Method Not Allowed" }, { status: 405 });
    }
    if (options.token && req.headers.get("authorization") !== `Bearer ${options.token}`) {
      return Response.json({ detail: "Not authenticated" }, { status: 401 });
    }
    let body: unknown;
    try {
      body = JSON.parse(await req.text());
    } catch {
      return Response.json({
        detail: [{ type: "json_invalid", loc: ["body"], msg: "JSON decode error", input: {} }],
      }, { status: 422 });
    }
    const checked = validate(body, checkBounds);
    if (!checked.ok) return Response.json({ detail: checked.detail }, { status: 422 });
    const b = checked.value;
    const params = {
      message: b.message as string,
      sessionId: typeof b.session_id === "string" ? b.session_id : crypto.randomUUID(),
      ...(isInt(b.max_iterations) ? { maxIterations: b.max_iterations } : {}),
      ...(isInt(b.max_tool_calls) ? { maxToolCalls: b.max_tool_calls } : {}),
    };
    if (b.stream === false) {
      const events: ChatEvent[] = [];
      try {
        for await (const e of agent.chat(params)) events.push(e);
      } catch (error) {
        return Response.json({ detail: String(error) }, { status: 500 });
      }
      return Response.json({ events });
    }
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (e: unknown) =>
          controller.enqueue(encoder.encode(`data: ${JSON.stringify(e)}\n\n`));
        try {
          for await (const e of agent.chat(params)) send(e);
        } catch (error) {
          send({ type: "error", message: error instanceof Error ? error.message : String(error) });
        }
        controller.close();
      },
    });
    return new Response(stream, {
      headers: { "content-type": "text/event-stream", "cache-control": "no-cache" },
    });
  });
}

if (import.meta.main) {
  const at = Deno.args.indexOf("--flaw");
  const flaw = at >= 0 ? Deno.args[at + 1] as AgentFlaw : undefined;
  if (flaw !== undefined && !FLAWS.includes(flaw)) {
    console.error(`Unknown flaw "${flaw}"; one of ${FLAWS.join(", ")}`);
    Deno.exit(2);
  }
  const server = serve({
    port: Number(Deno.env.get("PORT") ?? 0),
    token: Deno.env.get("CHAT_TOKEN") || undefined,
    flaw,
  });
  const stop = () => server.shutdown();
  Deno.addSignalListener("SIGTERM", stop);
  Deno.addSignalListener("SIGINT", stop);
  await server.finished;
}
