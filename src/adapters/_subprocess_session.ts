// The protocol session of the subprocess adapter (private): requests written as protocol
// lines, and the response lines a process writes read, validated and matched by seq to the
// requests in flight (a bad line is blamed on one of them). Generic over the process type,
// so that it is tested without spawning one.
import type { AdapterCallOptions, Reply, Request } from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import type { RequestMessage, ResponseMessage } from "../protocol/subprocess_protocol.ts";
import type { StderrLog } from "./_subprocess_log.ts";
import { STDERR_IN_REPLY } from "./_subprocess_log.ts";
import type { Pending, PendingRequests } from "./_subprocess_pending.ts";
import { decodeUtf8, escapeControls, excerpt, type LineEvent } from "./_subprocess_text.ts";
import { validateMessage } from "./_subprocess_validator.ts";

/** What the session needs of a process: a way to write a line. */
export interface SessionChild {
  /** Queue a line (with its newline) for writing: its text, or its UTF-8 bytes. */
  send(line: string | Uint8Array): void;
}

/** The counters the session keeps (a part of the adapter's stats). */
export interface SessionStats {
  requests: number;
  lateResponses: number;
  strayLines: number;
  duplicateResponses: number;
}

/** A request as sent: its input may be in an encoding the implementation announced. */
export type WireRequest = Request & { encoding?: RequestMessage["encoding"] };

/** Seqs remembered as answered, per generation (two generations: 2 to 4 times as many). */
export const ANSWERED_GENERATION = 32_768;

/**
 * Characters of a request line past which it is kept as UTF-8 bytes until answered: V8 holds a
 * string with one character past Latin-1 at two bytes a character (a 7 MB input sent back is a
 * 14 MB line), its bytes at about one.
 */
export const LONG_LINE = 64 * 1024;
const encoder = new TextEncoder();

/** The fault of a line that is not the protocol's answer to the request it is blamed on. */
const GARBAGE = { kind: "garbage", detail: "not a protocol answer" } as const;

/**
 * The request line (newline included) of a request, or why it cannot be sent.
 *
 * @param seq The request's seq.
 * @param request The operation and its input (and the input's encoding, when not plain JSON).
 * @returns `{ line }` (its UTF-8 bytes when longer than {@linkcode LONG_LINE} characters), or
 *   `{ error }` when the request is not a valid message or not JSON.
 */
export function encodeRequest(
  seq: number,
  request: WireRequest,
): { line: string | Uint8Array; error?: undefined } | { error: string; line?: undefined } {
  const message: RequestMessage = {
    seq,
    type: "request",
    operation: request.operation,
    input: request.input,
    ...(request.encoding ? { encoding: request.encoding } : {}),
  };
  const problem = validateMessage("request", message);
  if (problem) return { error: `The kit's request is not a protocol message: ${problem}` };
  let text: string;
  try {
    text = JSON.stringify(message);
  } catch (error) {
    return { error: `The request's input is not JSON data: ${messageOf(error)}` };
  }
  return { line: text.length < LONG_LINE ? text + "\n" : lineBytes(text) };
}

/** UTF-16 units of a long line encoded at a time. */
const ENCODE_CHUNK = 64 * 1024;

/**
 * The UTF-8 bytes of a text and a newline, in memory of their own: a resizable buffer is pages
 * of the engine's, given back to the system when it is collected, and the text is encoded into
 * it a chunk at a time. Encoding it whole took buffers of its size from the process's
 * allocator (`encode`, then a copy with the newline), which keeps memory freed in the middle of
 * its heap resident. Three bytes a UTF-16 unit is the most UTF-8 takes.
 */
function lineBytes(text: string): Uint8Array {
  const memory = new ArrayBuffer(0, { maxByteLength: text.length * 3 + 1 });
  memory.resize(memory.maxByteLength); // address space: pages are used as they are written
  const bytes = new Uint8Array(memory);
  let written = 0;
  for (let at = 0; at < text.length;) {
    let end = Math.min(at + ENCODE_CHUNK, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++; // a pair stays whole
    written += encoder.encodeInto(text.slice(at, end), bytes.subarray(written)).written;
    at = end;
  }
  memory.resize(written + 1);
  const line = new Uint8Array(memory, 0, written + 1);
  line[written] = 0x0a;
  return line;
}

/**
 * The reply a valid response stands for.
 *
 * @param response A response message, validated.
 * @param log Where the tail of stderr of an `errored` reply comes from.
 * @returns The reply.
 */
export function toReply(response: ResponseMessage, log: StderrLog): Reply {
  switch (response.kind) {
    case "result":
      return { kind: "result", value: response.value };
    case "raised": {
      const e = response.exception;
      return {
        kind: "raised",
        type: e.type,
        message: e.message,
        ...(e.traceback !== undefined ? { traceback: e.traceback } : {}),
      };
    }
    case "skipped":
      return { kind: "skipped", reason: response.reason };
    case "errored": {
      const reply = log.errored(
        `The implementation's adapter reported an internal error: ${
          escapeControls(JSON.stringify(response.message), false)
        }`,
      );
      if (response.traceback) {
        reply.stderr = escapeControls(response.traceback.slice(-STDERR_IN_REPLY), true);
      }
      return reply;
    }
  }
}

/** Writes requests to processes and matches the lines they write to the requests in flight. */
export class ProtocolSession<C extends SessionChild> {
  /** Seqs the implementation answered, the latest ones (two generations, never deleted from). */
  #answered = new Set<number>();
  #answeredBefore = new Set<number>();
  /** A duplicate answer no request in flight could be blamed for: errors the next request. */
  #held: string | undefined;
  /**
   * @param pending The requests in flight.
   * @param log Where errored replies get their stderr tail and stray lines are noted.
   * @param stats The counters to update.
   * @param maxLineBytes The longest line accepted (for the oversized message).
   * @param onAbortInFlight Called when a request times out by its signal (a `TimeoutError`
   *   reason): true when it handled (settled) it, as a request written to a process and
   *   unanswered; else it is settled errored here.
   */
  constructor(
    readonly pending: PendingRequests<C>,
    readonly log: StderrLog,
    readonly stats: SessionStats,
    readonly maxLineBytes: number,
    readonly onAbortInFlight?: (p: Pending<C>) => boolean,
  ) {}

  /**
   * Send a request to `child`, or, without a process (a restart is under way), leave it
   * waiting to be written after the restart.
   *
   * @param call The call's signal, and what to tell when it is sent again after a restart.
   * @returns The reply: the answer, or `errored` when it cannot be sent, is aborted or blamed.
   */
  request(
    request: WireRequest,
    call: AdapterCallOptions | undefined,
    child: C | undefined,
  ): Promise<Reply> {
    const signal = call?.signal;
    const held = this.#held;
    if (held !== undefined) {
      this.#held = undefined;
      return Promise.resolve({
        ...this.log.errored(`${held}; the kit errors this request unsent`),
        fault: GARBAGE,
      });
    }
    const seq = this.pending.nextSeq();
    const encoded = encodeRequest(seq, request);
    if (encoded.error !== undefined) return Promise.resolve(this.log.errored(encoded.error));
    const line = encoded.line;
    this.stats.requests++;
    return new Promise<Reply>((resolve) => {
      const p: Pending<C> = { seq, operation: request.operation, line, resolve };
      if (call?.onRequeue) p.requeued = call.onRequeue;
      if (signal) {
        // Timed out (a TimeoutError reason, as the runner's case timeout and AbortSignal.timeout
        // give) while written and unanswered: the process is taken as hung on it. Any other
        // abort (the case ended otherwise) only settles the request.
        const onAbort = () =>
          ((signal.reason as { name?: unknown } | undefined)?.name === "TimeoutError" &&
            this.onAbortInFlight?.(p)) || this.pending.settle(
              p,
              this.log.errored(`Request ${seq} ("${p.operation}") was aborted by the kit`),
            );
        signal.addEventListener("abort", onAbort, { once: true });
        p.cleanup = () => signal.removeEventListener("abort", onAbort);
      }
      this.pending.add(p);
      if (child) this.write(child, p);
    });
  }

  /** Write a request to a process: its timeout starts. */
  write(child: C, p: Pending<C>): void {
    this.pending.sent(p, child);
    child.send(p.line);
  }

  /** Error the named request, else the oldest in flight on the process, else note a stray. */
  blame(child: C, named: Pending<C> | undefined, message: string): void {
    const reply = () => ({ ...this.log.errored(message), fault: GARBAGE });
    if (this.pending.blame(child, named, reply)) return;
    this.stats.strayLines++;
    this.log.note(message);
  }

  /** Handle one line (or oversized line) the process wrote after its handshake. */
  read(child: C, event: LineEvent): void {
    if (event.kind === "oversized") {
      this.blame(
        child,
        undefined,
        `The implementation wrote a line longer than ${this.maxLineBytes} bytes (max_line_bytes): ${
          excerpt(event.head, event.bytes)
        }`,
      );
      return;
    }
    const bytes = event.bytes;
    let message: unknown;
    try {
      message = JSON.parse(decodeUtf8(bytes));
    } catch (error) {
      const why = error instanceof SyntaxError ? "not JSON" : "not valid UTF-8";
      this.blame(
        child,
        undefined,
        `The implementation wrote a line that is ${why}: ${excerpt(bytes)}`,
      );
      return;
    }
    const seq = typeof message === "object" && message !== null && !Array.isArray(message)
      ? (message as { seq?: unknown }).seq
      : undefined;
    const claimed = typeof seq === "number" ? this.pending.get(seq) : undefined;
    const problem = validateMessage("response", message);
    if (problem) {
      this.blame(
        child,
        claimed?.child === child ? claimed : undefined,
        `The implementation wrote an invalid protocol message: ${problem}: ${excerpt(bytes)}`,
      );
      return;
    }
    const response = message as ResponseMessage;
    if (!claimed || claimed.child !== child) {
      if (this.#answered.has(response.seq) || this.#answeredBefore.has(response.seq)) {
        this.#duplicate(child, response.seq, bytes);
        return;
      }
      if (this.pending.issued(response.seq)) {
        this.stats.lateResponses++;
        return;
      }
      this.blame(
        child,
        undefined,
        `The implementation answered seq ${response.seq}, which the kit never sent: ${
          excerpt(bytes)
        }`,
      );
      return;
    }
    this.pending.settle(claimed, toReply(response, this.log));
    this.#answered.add(response.seq);
    if (this.#answered.size >= ANSWERED_GENERATION) {
      this.#answeredBefore = this.#answered;
      this.#answered = new Set();
    }
  }

  /**
   * A second answer to a seq: a protocol violation of the implementation. Its first answer
   * was used already, so the fault is blamed as a bad line naming no request in flight: on
   * the oldest request in flight on the process, else on the next request (errored unsent).
   */
  #duplicate(child: C, seq: number, bytes: Uint8Array): void {
    this.stats.duplicateResponses++;
    const message = `The implementation answered seq ${seq} a second time (a protocol violation): ${
      excerpt(bytes)
    }`;
    const reply = () => ({ ...this.log.errored(message), fault: GARBAGE });
    if (this.pending.blame(child, undefined, reply)) return;
    this.log.note(message);
    this.#held = message;
  }
}
