/** One server-sent event as the kit reports it. */
export interface ParsedSseEvent {
  /** The `event:` field, when present. */
  event?: string;
  /** The `data:` lines, joined by newlines. */
  data: string;
}

/** Bounds of {@linkcode SseParser}. */
export interface SseParserOptions {
  /** Events kept; later ones set `overflow`. */
  maxEvents: number;
  /** Non-field lines kept (each cut to 200 characters). */
  maxUnparsed: number;
}

/**
 * An incremental `text/event-stream` parser (WHATWG HTML, "Interpreting an event stream"):
 * lines end with CRLF, LF or CR; `data`, `event`, `id` and `retry` are fields; `:` starts a
 * comment; a blank line dispatches the event. Lines naming any other field are kept in
 * `unparsed` (a `data: <json>` stream has none), and so is an event the stream ended before
 * dispatching (a client would drop it). Bounded by `maxEvents` and `maxUnparsed`.
 */
export class SseParser {
  /** Dispatched events, in order. */
  readonly events: ParsedSseEvent[] = [];
  /** Lines that are not SSE fields, and undispatched data at the end. */
  readonly unparsed: string[] = [];
  /** True when events or lines were dropped at a bound. */
  overflow = false;
  #line = "";
  #skipLf = false;
  #data: string[] | undefined;
  #event: string | undefined;
  #options: SseParserOptions;

  /** Creates a parser with its bounds. */
  constructor(options: SseParserOptions) {
    this.#options = options;
  }

  /** Feed decoded text. */
  feed(text: string): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (this.#skipLf) {
        this.#skipLf = false;
        if (ch === 10) {
          start = i + 1;
          continue;
        }
      }
      if (ch === 10 || ch === 13) {
        this.#line += text.slice(start, i);
        this.#take(this.#line);
        this.#line = "";
        start = i + 1;
        if (ch === 13) this.#skipLf = true;
      }
    }
    this.#line += text.slice(start);
  }

  /** The stream ended: a last unterminated line or event is reported as unparsed. */
  end(): void {
    if (this.#line !== "") {
      this.#take(this.#line);
      this.#line = "";
    }
    if (this.#data !== undefined) {
      this.#unparsed(`(event not terminated by a blank line) data: ${this.#data.join("\n")}`);
      this.#data = undefined;
    }
  }

  #unparsed(line: string): void {
    if (this.unparsed.length < this.#options.maxUnparsed) {
      this.unparsed.push(line.length > 200 ? line.slice(0, 200) + "…" : line);
    } else this.overflow = true;
  }

  #take(line: string): void {
    if (line === "") {
      if (this.#data !== undefined) {
        if (this.events.length < this.#options.maxEvents) {
          const event: ParsedSseEvent = { data: this.#data.join("\n") };
          if (this.#event !== undefined) event.event = this.#event;
          this.events.push(event);
        } else this.overflow = true;
      }
      this.#data = undefined;
      this.#event = undefined;
      return;
    }
    if (line.startsWith(":")) return;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    switch (field) {
      case "data":
        (this.#data ??= []).push(value);
        return;
      case "event":
        this.#event = value;
        return;
      case "id":
      case "retry":
        return;
      default:
        this.#unparsed(line);
    }
  }
}
