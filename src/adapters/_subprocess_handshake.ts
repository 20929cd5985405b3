// The handshake of the subprocess adapter (private): the kit's first line to every new
// process, the wait for its answer (bounded, abortable), and the checks of that answer.
// Works on any object with the members it uses, so that it is tested without a process.
import type { ImplementationInfo } from "../core/types.ts";
import {
  type HandshakeRequest,
  type HandshakeResponse,
  SUBPROCESS_PROTOCOL,
} from "../protocol/subprocess_protocol.ts";
import { within } from "./_subprocess_child.ts";
import { decodeUtf8, escapeControls, excerpt, type LineEvent } from "./_subprocess_text.ts";
import { validateMessage } from "./_subprocess_validator.ts";

/** What the handshake needs of a process (a `Child` has it all). */
export interface HandshakeChild {
  /** Set while the handshake waits for its answer. */
  handshake?: { seq: number; resolve: (line: Uint8Array | Error) => void };
  /** Set when the process's answer says it holds answers (batching). */
  batching: boolean;
  /** The input encodings the process's answer listed (`encodings`), set by the handshake. */
  encodings?: readonly string[];
  /** The exit status (never rejects). */
  readonly status: Promise<Deno.CommandStatus | undefined>;
  /** The line being read, unfinished. */
  readonly splitter: { partial(): { head: Uint8Array; bytes: number } | undefined };
  /** Queue a line for writing. */
  send(line: string): void;
  /** Kill the process. */
  destroy(): Promise<void>;
}

/** The handshake's parameters. */
export interface HandshakeOptions {
  seq: number;
  profile?: string;
  /** Whether the handshake allows batching. */
  batching: boolean;
  maxLineBytes: number;
  requestTimeoutMs: number;
  /** How long the answer may take. */
  startTimeoutMs: number;
  signal?: AbortSignal;
}

/** The process ended its output before answering the handshake. */
class ExitedEarly extends Error {}

/**
 * Run the handshake on a new process: on success, set `child.batching` from the answer.
 *
 * @param child The process, just spawned.
 * @param options The seq, the profile, the limits announced, the timeout and the signal.
 * @returns Who the implementation says it is and what it serves.
 * @throws {Error} When the handshake fails; the process is destroyed first.
 */
export async function handshake(
  child: HandshakeChild,
  options: HandshakeOptions,
): Promise<ImplementationInfo> {
  const { seq, signal } = options;
  const message: HandshakeRequest = {
    seq,
    type: "handshake",
    protocol: SUBPROCESS_PROTOCOL,
    ...(options.profile ? { profile: options.profile } : {}),
    batching: options.batching,
    limits: {
      max_line_bytes: options.maxLineBytes,
      request_ms: Math.ceil(options.requestTimeoutMs),
    },
  };
  const fail = async (why: string): Promise<never> => {
    await child.destroy();
    throw new Error(why);
  };
  const problem = validateMessage("handshakeRequest", message);
  if (problem) return fail(`The kit's handshake is not a protocol message: ${problem}`);
  const answer = new Promise<Uint8Array | Error>((resolve) => {
    child.handshake = { seq, resolve };
  });
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<Error>((resolve) => {
    onAbort = () => resolve(new Error("The start was aborted"));
    signal?.addEventListener("abort", onAbort, { once: true });
  });
  child.send(JSON.stringify(message) + "\n");
  const got = await within(Promise.race([answer, aborted]), options.startTimeoutMs);
  signal?.removeEventListener("abort", onAbort!);
  child.handshake = undefined;
  if (got === undefined) {
    return fail(
      `The implementation did not answer the handshake within ${options.startTimeoutMs} ms`,
    );
  }
  if (got instanceof ExitedEarly) {
    const status = await within(child.status, 1_000);
    return fail(`${got.message}${status ? ` (the process ${statusText(status)})` : ""}`);
  }
  if (got instanceof Error) return fail(got.message);
  let response: unknown;
  try {
    response = JSON.parse(decodeUtf8(got));
  } catch {
    return fail(
      `The implementation answered the handshake with a line that is not JSON: ${excerpt(got)}`,
    );
  }
  const invalid = validateMessage("handshakeResponse", response);
  if (invalid) {
    return fail(
      `The implementation's handshake response is not valid: ${invalid}: ${excerpt(got)}`,
    );
  }
  const hs = response as HandshakeResponse;
  if (hs.kind === "ready" && hs.batching === true && !message.batching) {
    return fail(
      'The implementation answered "batching": true to a handshake that did not allow it (see "Batching" in docs/subprocess-protocol.md)',
    );
  }
  if (hs.seq !== seq) {
    return fail(`The implementation's handshake response has seq ${hs.seq}, expected ${seq}`);
  }
  if (hs.kind === "refused") {
    return fail(
      // Quoted once: its own quotes stay as they are (a JSON text of it would escape them,
      // and the renderers escape that backslash again).
      `The implementation refused the handshake: "${escapeControls(String(hs.message), false)}"`,
    );
  }
  const info: ImplementationInfo = {
    ...hs.implementation,
    ...(hs.operations ? { operations: hs.operations } : {}),
  };
  child.batching = hs.batching === true;
  child.encodings = hs.encodings ?? [];
  return info;
}

/**
 * Hand a line to the handshake waiting on the process, if one is.
 *
 * @returns true when the line was the handshake's answer.
 */
export function handshakeLine(
  child: HandshakeChild,
  event: LineEvent,
  maxLineBytes: number,
): boolean {
  const waiting = child.handshake;
  if (!waiting) return false;
  child.handshake = undefined; // later lines of the same chunk are ordinary output
  // A copy: the line is a view of the read buffer, which the next read reuses.
  waiting.resolve(
    event.kind === "line" ? event.bytes.slice() : new Error(
      `The implementation's handshake response is longer than ${maxLineBytes} bytes: ${
        excerpt(event.head, event.bytes)
      }`,
    ),
  );
  return true;
}

/**
 * Fail the handshake waiting on a process whose output ended, if one is.
 *
 * @returns true when a handshake was waiting.
 */
export function handshakeEnded(child: HandshakeChild): boolean {
  if (!child.handshake) return false;
  const partial = child.splitter.partial();
  child.handshake.resolve(
    new ExitedEarly(
      `The implementation ended its output before answering the handshake${
        partial ? `; unfinished line: ${excerpt(partial.head, partial.bytes)}` : ""
      }`,
    ),
  );
  return true;
}

/** How a process ended, for messages: `exited with code N` or `was killed by signal S`. */
export function statusText(status: Deno.CommandStatus): string {
  return status.signal
    ? `was killed by signal ${status.signal}`
    : `exited with code ${status.code}`;
}
