// What a chat stream's events say about one request, read through an event mapping: the
// GNS3 Copilot ChatResponse events natively (`tool_start`, `tool_end` with `tool_output`,
// `content`, `done`, `error`), the kit's earlier `{tool_call_id, content}` messages, or the
// shape a config names (the suite option `events`).
import { isObject } from "../_json_value.ts";

/** How a stream's events are read (the suite option `events`); every member has a default. */
export interface EventMapping {
  /** The member naming an event's kind. */
  type: string;
  /** Kinds of an event that announces a call the model asked for (a batch, in order). */
  tool_call: string[];
  /** Kinds of an event that says a tool call is being executed. */
  tool_start: string[];
  /** Kinds of an event that carries a tool message (the call's output, error or refusal). */
  tool_message: string[];
  /** Members of a tool message event holding its text, the first present wins. */
  tool_output: string[];
  /** The member holding the tool call's id (when absent, calls are matched in order). */
  tool_call_id: string;
  /** Kinds of an event of text for the user (the answer, a notice). */
  content: string[];
  /** Members of a content or error event holding its text. */
  text: string[];
  /** Kinds of an event that says the run failed. */
  error: string[];
  /** Kinds of an event that ends the stream. */
  done: string[];
}

/** The GNS3 Copilot ChatResponse events, and the kit's earlier shape (`tool`, `message`). */
export const GNS3_EVENTS: EventMapping = {
  type: "type",
  tool_call: ["tool_call"],
  tool_start: ["tool_start"],
  tool_message: ["tool_end", "tool"],
  tool_output: ["tool_output", "content", "output"],
  tool_call_id: "tool_call_id",
  content: ["content", "message"],
  text: ["content", "message", "error"],
  error: ["error"],
  done: ["done"],
};

/** What the events of one request say. */
export interface StreamReading {
  /** Tool messages, in order, matched to the request's calls. */
  messages: { tool_call_id: string; content: string }[];
  /** Ids of calls a `tool_start` announced; undefined when the stream has none. */
  started?: Set<string>;
  /** Text for the user (content and error events). */
  texts: string[];
  /** The text of the first error event, when there is one. */
  error?: string;
}

const text = (e: Record<string, unknown>, keys: string[]): string | undefined => {
  for (const k of keys) {
    const v = e[k];
    if (typeof v === "string") return v;
    if (v !== undefined && v !== null) return JSON.stringify(v);
  }
  return undefined;
};

/**
 * Read the events (data parsed as JSON objects, anything else left to the SSE rules).
 * `requested` are the ids of the calls the model asked for, batch by batch; `local` turns a wire
 * id into the script's. The batch is the one of the `tool_call` event last seen, or every
 * requested call when the stream has none. A `tool_start` without an id is the batch's first
 * call not yet started; a tool message without an id answers the first started call not yet
 * answered, else the batch's first call not yet answered.
 */
export function readStream(
  data: readonly string[],
  requested: readonly (readonly string[])[],
  local: (id: string) => string,
  mapping: EventMapping = GNS3_EVENTS,
): StreamReading {
  const messages: StreamReading["messages"] = [];
  const texts: string[] = [];
  let started: Set<string> | undefined;
  let error: string | undefined;
  const order: string[] = [];
  const answered = new Set<string>();
  let batch: readonly string[] = requested.flat();
  for (const raw of data) {
    let e: unknown;
    try {
      e = JSON.parse(raw);
    } catch {
      continue; // CL-SSE-EVENTS reports it.
    }
    if (!isObject(e)) continue;
    const kind = e[mapping.type];
    const idOf = () => {
      const v = e[mapping.tool_call_id];
      return typeof v === "string" ? local(v).slice(0, 1024) : undefined;
    };
    if (typeof kind === "string" && mapping.tool_call.includes(kind)) {
      const id = idOf();
      const of = requested.find((b) => id !== undefined && b.includes(id));
      if (of) batch = of;
      continue;
    }
    if (typeof kind === "string" && mapping.tool_start.includes(kind)) {
      started ??= new Set();
      const id = idOf() ?? batch.find((r) => !started!.has(r));
      if (id !== undefined) {
        started.add(id);
        order.push(id);
      }
      continue;
    }
    const output = text(e, mapping.tool_output);
    const isMessage = typeof kind === "string" && mapping.tool_message.includes(kind);
    // The kit's earlier shape: any event with a tool_call_id and a content string.
    const legacy = !isMessage && idOf() !== undefined && typeof e.content === "string";
    if ((isMessage && output !== undefined) || legacy) {
      const id = idOf() ?? order.find((r) => !answered.has(r)) ??
        batch.find((r) => !answered.has(r));
      if (id !== undefined) {
        answered.add(id);
        messages.push({
          tool_call_id: id,
          content: (legacy ? e.content as string : output!).slice(0, 65536),
        });
      }
      continue;
    }
    if (typeof kind === "string" && mapping.error.includes(kind)) {
      const t = text(e, mapping.text) ?? JSON.stringify(e);
      error ??= t.slice(0, 400);
      texts.push(t.slice(0, 65536));
    } else if (typeof kind === "string" && mapping.content.includes(kind)) {
      const t = text(e, mapping.text);
      if (t !== undefined) texts.push(t.slice(0, 65536));
    }
  }
  return { messages, texts, ...(started ? { started } : {}), ...(error ? { error } : {}) };
}
