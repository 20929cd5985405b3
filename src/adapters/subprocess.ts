import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import {
  type HandshakeRequest,
  type HandshakeResponse,
  type RequestMessage,
  type ResponseMessage,
  SUBPROCESS_PROTOCOL,
} from "../protocol/subprocess_protocol.ts";
import { Child, within } from "./_subprocess_child.ts";
import { childEnv } from "./_child_env.ts";
import {
  ByteRing,
  decodeUtf8,
  escapeControls,
  excerpt,
  type LineEvent,
} from "./_subprocess_text.ts";
import { validateMessage } from "./_subprocess_validator.ts";

/** Options of {@linkcode subprocessAdapter}. */
export interface SubprocessAdapterOptions {
  /** The program and its arguments, for example `["/usr/bin/python3", "adapter.py", "m:f"]`. */
  argv: readonly string[];
  /**
   * The profile id sent in the handshake, for example `gns3.normalizer/v1.0`.
   *
   * @default undefined (the handshake carries no profile)
   */
  profile?: string;
  /**
   * Working directory of the process.
   *
   * @default the kit's working directory
   */
  cwd?: string;
  /**
   * Variables set in the process's environment, on top of the passed ones.
   *
   * @default {}
   */
  env?: Readonly<Record<string, string>>;
  /**
   * Pass the kit's whole environment instead of the short list of `PASSED_ENV` (PATH, HOME,
   * locale, temp dirs, DENO_DIR, certificate variables).
   *
   * @default false
   */
  inheritEnv?: boolean;
  /**
   * Milliseconds to spawn the process and get its handshake answer.
   *
   * @default 10000
   */
  startTimeoutMs?: number;
  /**
   * Milliseconds one request may wait for its response once written; past it the request is
   * errored and the process restarted.
   *
   * @default 5000
   */
  requestTimeoutMs?: number;
  /**
   * How many times the process is restarted after a crash or a timeout before the adapter
   * gives up (every later request is then errored at once).
   *
   * @default 3
   */
  maxRestarts?: number;
  /**
   * Longest line accepted from the process, in bytes; a longer line errors the request.
   *
   * @default 8388608 (8 MiB)
   */
  maxLineBytes?: number;
  /**
   * How many bytes of the process's stderr are kept (the last ones).
   *
   * @default 65536
   */
  stderrBytes?: number;
  /**
   * Milliseconds `close()` waits for the process to exit after its stdin is closed, before
   * it kills the process group.
   *
   * @default 2000
   */
  closeTimeoutMs?: number;
  /**
   * Let the implementation hold a response while it runs later requests it has already read,
   * and write several together (the handshake's `batching`; the Python adapter does, saving a
   * write per response). A crash or a timeout of a batching process with two or more requests
   * unanswered cannot be blamed on one of them: the kit then restarts the process without
   * batching, for good, and runs those requests again; that restart is not counted in
   * `maxRestarts`.
   *
   * @default true
   */
  batching?: boolean;
}

/** Counters of a subprocess adapter, for reports and tests. */
export interface SubprocessStats {
  /** Processes spawned, the first included. */
  spawns: number;
  /** Restarts after a crash or a timeout (failed attempts included). */
  restarts: number;
  /** Requests written to a process (replays not counted twice). */
  requests: number;
  /** Valid responses that came after their request was settled (timed out, aborted). */
  lateResponses: number;
  /** Bad lines that no request in flight could be blamed for. */
  strayLines: number;
  /**
   * Restarts without batching after a batching process crashed or timed out with several
   * requests unanswered (0 or 1; not counted in `restarts`).
   */
  unbatched: number;
}

/** An {@linkcode Adapter} over a persistent process speaking `netconform.subprocess/v1`. */
export interface SubprocessAdapter extends Adapter {
  /** The last bytes of the process's stderr (and the adapter's notes), escaped. */
  stderr(): string;
  /** Counters since creation. */
  stats(): SubprocessStats;
}

interface Limits {
  startTimeoutMs: number;
  requestTimeoutMs: number;
  maxLineBytes: number;
  stderrBytes: number;
  closeTimeoutMs: number;
  maxRestarts: number;
}

class ExitedEarly extends Error {}

interface Pending {
  seq: number;
  operation: string;
  line: string;
  resolve: (reply: Reply) => void;
  /** When the request times out (performance.now() ms); set when it is written. */
  deadline?: number;
  child?: Child;
  cleanup?: () => void;
}

/** A request in the timeout queue, with the deadline it was queued with. */
interface Queued {
  p: Pending;
  deadline: number;
}

const encoder = new TextEncoder();
const STDERR_IN_REPLY = 4096;
/** Requests added before the map of requests in flight is replaced (see #renewPending). */
const PENDING_RENEWAL = 1024;

/**
 * Run an implementation in any language as one persistent process that speaks the
 * `netconform.subprocess/v1` protocol: newline-delimited JSON on stdin/stdout, a handshake,
 * then requests `{seq, type: "request", operation, input}` answered by responses echoing
 * `seq` (`result`, `raised`, `skipped` or `errored`). Messages are validated in both
 * directions against the schemas in `src/protocol/`.
 *
 * Many requests can be in flight; responses are matched by `seq`. A request with no answer
 * within `requestTimeoutMs`, or in flight when the process dies, is `errored` (a harness
 * fault, with an excerpt and the tail of stderr), and the process is restarted (at most
 * `maxRestarts` times) with the handshake replayed and the other requests in flight resent.
 * A line that is not JSON, not a valid message, longer than `maxLineBytes` or unfinished is
 * blamed on the oldest request in flight. `raised` (the function under test raised, or its
 * output is not JSON) is the implementation's own failure and is passed on as such.
 *
 * The child gets a short list of the kit's environment variables (see `inheritEnv`) plus
 * `env`, runs in its own process group, and `close()` ends it: stdin closed, then the group
 * killed after `closeTimeoutMs`.
 *
 * @example Run the Python adapter against a Python function
 * ```ts
 * import assert from "node:assert/strict";
 * import { subprocessAdapter } from "./subprocess.ts";
 *
 * const adapter = subprocessAdapter({
 *   argv: [
 *     "/usr/bin/python3",
 *     "examples/python/netconform_adapter.py",
 *     "--operation",
 *     "echo",
 *     "examples/python/echo_impl.py:echo",
 *   ],
 *   env: { PYTHONDONTWRITEBYTECODE: "1" },
 * });
 * const info = await adapter.start();
 * assert.equal(info.language, "python");
 * assert.deepEqual(await adapter.run({ operation: "echo", input: [1, "a"] }), {
 *   kind: "result",
 *   value: [1, "a"],
 * });
 * await adapter.close();
 * ```
 *
 * @param options The command, the profile, timeouts and limits.
 * @returns The adapter; call `start()` first, `close()` last.
 * @throws {Error} When `argv` is empty or a limit is not a positive number.
 */
export function subprocessAdapter(options: SubprocessAdapterOptions): SubprocessAdapter {
  if (options.argv.length === 0 || options.argv[0] === "") {
    throw new Error("The subprocess adapter needs a program: argv is empty");
  }
  const limits = {
    startTimeoutMs: options.startTimeoutMs ?? 10_000,
    requestTimeoutMs: options.requestTimeoutMs ?? 5_000,
    maxLineBytes: options.maxLineBytes ?? 8 * 1024 * 1024,
    stderrBytes: options.stderrBytes ?? 64 * 1024,
    closeTimeoutMs: options.closeTimeoutMs ?? 2_000,
  };
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new Error(`Option "${name}" must be a positive number, got "${value}"`);
    }
  }
  const maxRestarts = options.maxRestarts ?? 3;
  if (!Number.isInteger(maxRestarts) || maxRestarts < 0) {
    throw new Error(`Option "maxRestarts" must be a non-negative integer, got "${maxRestarts}"`);
  }
  return new SubprocessAdapterImpl(options, { ...limits, maxRestarts });
}

class SubprocessAdapterImpl implements SubprocessAdapter {
  readonly kind = "subprocess";
  #options: SubprocessAdapterOptions;
  #limits: Limits;
  #ring: ByteRing;
  #env: Record<string, string>;
  #child: Child | undefined;
  #children = new Set<Child>();
  #tasks = new Set<Promise<unknown>>();
  #info: ImplementationInfo | undefined;
  #starting: Promise<ImplementationInfo> | undefined;
  #restarting: Promise<void> | undefined;
  #closing: Promise<void> | undefined;
  #pending = new Map<number, Pending>();
  /** Requests added to `#pending` since it was last replaced. */
  #added = 0;
  #timeouts: Queued[] = [];
  #head = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #seq = 1;
  #gaveUp: string | undefined;
  #stats: SubprocessStats = {
    spawns: 0,
    restarts: 0,
    requests: 0,
    lateResponses: 0,
    strayLines: 0,
    unbatched: 0,
  };
  /** Whether the next handshake allows batching (false for good after an unbatched restart). */
  #batching: boolean;

  constructor(options: SubprocessAdapterOptions, limits: Limits) {
    this.#options = options;
    this.#limits = limits;
    this.#ring = new ByteRing(limits.stderrBytes);
    this.#env = childEnv(options.env, options.inheritEnv ?? false);
    this.#batching = options.batching ?? true;
  }

  stderr(): string {
    return this.#ring.text();
  }

  stats(): SubprocessStats {
    return { ...this.#stats };
  }

  start(options: AdapterCallOptions = {}): Promise<ImplementationInfo> {
    if (this.#closing) return Promise.reject(new Error("The adapter is closed"));
    if (this.#info) return Promise.resolve(this.#info);
    if (!this.#starting) {
      this.#starting = this.#spawnAndHandshake(options.signal).then(({ child, info }) => {
        this.#child = child;
        this.#info = info;
        return info;
      });
      this.#starting.catch(() => this.#starting = undefined);
    }
    return this.#starting;
  }

  run(request: Request, options: AdapterCallOptions = {}): Promise<Reply> {
    const signal = options.signal;
    if (this.#closing) return Promise.resolve(this.#errored("The adapter is closed"));
    if (signal?.aborted) {
      return Promise.resolve(this.#errored("The request was aborted before it was sent"));
    }
    // Not async: a started adapter sends the request in this call, so that requests issued
    // together are written together (see Child.send).
    try {
      return this.#info
        ? this.#dispatch(request, signal)
        : this.#startThenDispatch(request, signal);
    } catch (error) {
      return Promise.resolve(
        this.#errored(`The kit failed to send the request: ${messageOf(error)}`),
      );
    }
  }

  async #startThenDispatch(request: Request, signal: AbortSignal | undefined): Promise<Reply> {
    try {
      await this.start({ signal });
    } catch (error) {
      return this.#errored(`The implementation could not be started: ${messageOf(error)}`);
    }
    if (this.#closing) return this.#errored("The adapter is closed");
    if (signal?.aborted) return this.#errored("The request was aborted before it was sent");
    return this.#dispatch(request, signal);
  }

  #dispatch(request: Request, signal: AbortSignal | undefined): Promise<Reply> {
    if (this.#gaveUp) return Promise.resolve(this.#errored(this.#gaveUp));
    const seq = this.#seq++;
    const message: RequestMessage = {
      seq,
      type: "request",
      operation: request.operation,
      input: request.input,
    };
    const problem = validateMessage("request", message);
    if (problem) {
      return Promise.resolve(
        this.#errored(`The kit's request is not a protocol message: ${problem}`),
      );
    }
    let text: string;
    try {
      text = JSON.stringify(message);
    } catch (error) {
      return Promise.resolve(
        this.#errored(`The request's input is not JSON data: ${messageOf(error)}`),
      );
    }
    this.#stats.requests++;
    return new Promise<Reply>((resolve) => {
      const p: Pending = { seq, operation: request.operation, line: text + "\n", resolve };
      if (signal) {
        const onAbort = () =>
          this.#settle(
            p,
            this.#errored(`Request ${seq} ("${p.operation}") was aborted by the kit`),
          );
        signal.addEventListener("abort", onAbort, { once: true });
        p.cleanup = () => signal.removeEventListener("abort", onAbort);
      }
      this.#pending.set(seq, p);
      if (++this.#added >= PENDING_RENEWAL) this.#renewPending();
      // Without a process (a restart is under way) the request waits and is sent after it.
      if (this.#child) this.#send(this.#child, p);
    });
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    for (const p of [...this.#pending.values()]) {
      this.#settle(p, this.#errored("The adapter was closed before the implementation answered"));
    }
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const current = this.#child;
    this.#child = undefined;
    await Promise.all(
      [...this.#children].map((c) =>
        c === current ? c.stop(this.#limits.closeTimeoutMs) : c.destroy()
      ),
    );
    await within(Promise.all([this.#restarting, this.#starting?.catch(() => {})]), 5_000);
    await within(Promise.all([...this.#tasks]), 5_000);
    // A start or restart that completed meanwhile left a process: stop it too.
    await Promise.all([...this.#children].map((c) => c.destroy()));
  }

  #errored(message: string): Reply {
    const stderr = this.#ring.total > 0 ? this.#ring.text(STDERR_IN_REPLY) : "";
    return stderr ? { kind: "errored", message, stderr } : { kind: "errored", message };
  }

  #note(message: string): void {
    this.#ring.write(encoder.encode(`[netconform] ${message}\n`));
  }

  #settle(p: Pending, reply: Reply): void {
    if (!this.#pending.delete(p.seq)) return;
    if (this.#pending.size === 0) this.#renewPending();
    p.deadline = undefined;
    p.cleanup?.();
    this.#dropStale();
    p.resolve(reply);
  }

  /**
   * Move the requests in flight to a new Map. A Map that adds and deletes keys for ever
   * replaces its hash table again and again, and each old table links to the next: once one
   * of them is promoted to V8's old generation, the whole chain (and every request and reply
   * it references) survives each young collection until the next full one. Measured: 16% of
   * the young generation survived, and its 3-5 ms pauses took a fifth of the time; with a
   * new Map when empty (or every PENDING_RENEWAL requests), under 1% and 0.1 ms.
   */
  #renewPending(): void {
    this.#pending = new Map(this.#pending);
    this.#added = 0;
  }

  #send(child: Child, p: Pending): void {
    p.child = child;
    // Every request has the same timeout, so send order is deadline order: one queue and one
    // timer for all of them (a timer per request costs more than the rest of a round trip).
    p.deadline = performance.now() + this.#limits.requestTimeoutMs;
    this.#timeouts.push({ p, deadline: p.deadline });
    if (this.#timer === undefined) this.#arm();
    child.send(p.line);
  }

  #isStale(q: Queued): boolean {
    return q.p.deadline !== q.deadline || !this.#pending.has(q.p.seq);
  }

  #dropStale(): void {
    const queue = this.#timeouts;
    while (this.#head < queue.length && this.#isStale(queue[this.#head])) this.#head++;
    if (this.#head === queue.length) {
      this.#timeouts = [];
      this.#head = 0;
      clearTimeout(this.#timer);
      this.#timer = undefined;
    } else if (this.#head > 1024 && this.#head * 2 > queue.length) {
      this.#timeouts = queue.slice(this.#head);
      this.#head = 0;
    }
  }

  #arm(): void {
    this.#dropStale();
    if (this.#head >= this.#timeouts.length) return;
    const wait = Math.max(0, this.#timeouts[this.#head].deadline - performance.now());
    this.#timer = setTimeout(() => this.#sweep(), Math.ceil(wait));
  }

  #sweep(): void {
    this.#timer = undefined;
    const now = performance.now();
    while (this.#head < this.#timeouts.length) {
      const q = this.#timeouts[this.#head];
      if (this.#isStale(q)) {
        this.#head++;
      } else if (q.deadline <= now) {
        this.#head++;
        this.#onTimeout(q.p);
      } else {
        break;
      }
    }
    if (this.#timer === undefined) this.#arm();
  }

  #track(task: Promise<unknown>): void {
    this.#tasks.add(task);
    task.finally(() => this.#tasks.delete(task));
  }

  #spawn(): Child {
    let child: Child;
    try {
      child = new Child({
        argv: this.#options.argv,
        cwd: this.#options.cwd,
        env: this.#env,
        maxLineBytes: this.#limits.maxLineBytes,
        stderr: this.#ring,
        onEvent: (c, e) => this.#onEvent(c, e),
        onEnd: (c) => this.#onEnd(c),
      });
    } catch (error) {
      throw new Error(
        `Could not start "${this.#options.argv[0]}"${
          this.#options.cwd ? ` in "${this.#options.cwd}"` : ""
        }: ${messageOf(error)}`,
      );
    }
    this.#stats.spawns++;
    this.#children.add(child);
    this.#track(child.status.then(() => child.stdoutDone).then(() => this.#children.delete(child)));
    return child;
  }

  async #spawnAndHandshake(
    signal?: AbortSignal,
  ): Promise<{ child: Child; info: ImplementationInfo }> {
    const child = this.#spawn();
    const seq = this.#seq++;
    const message: HandshakeRequest = {
      seq,
      type: "handshake",
      protocol: SUBPROCESS_PROTOCOL,
      ...(this.#options.profile ? { profile: this.#options.profile } : {}),
      batching: this.#batching,
      limits: {
        max_line_bytes: this.#limits.maxLineBytes,
        request_ms: Math.ceil(this.#limits.requestTimeoutMs),
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
    const got = await within(Promise.race([answer, aborted]), this.#limits.startTimeoutMs);
    signal?.removeEventListener("abort", onAbort!);
    child.handshake = undefined;
    if (got === undefined) {
      return fail(
        `The implementation did not answer the handshake within ${this.#limits.startTimeoutMs} ms`,
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
        `The implementation refused the handshake: ${
          escapeControls(JSON.stringify(hs.message), false)
        }`,
      );
    }
    const info: ImplementationInfo = {
      ...hs.implementation,
      ...(hs.operations ? { operations: hs.operations } : {}),
    };
    child.batching = hs.batching === true;
    return { child, info };
  }

  #onEvent(child: Child, event: LineEvent): void {
    if (child.retired) return;
    if (child.handshake) {
      const handshake = child.handshake;
      child.handshake = undefined; // later lines of the same chunk are ordinary output
      // A copy: the line is a view of the read buffer, which the next read reuses.
      handshake.resolve(
        event.kind === "line" ? event.bytes.slice() : new Error(
          `The implementation's handshake response is longer than ${this.#limits.maxLineBytes} bytes: ${
            excerpt(event.head, event.bytes)
          }`,
        ),
      );
      return;
    }
    if (event.kind === "oversized") {
      this.#blame(
        child,
        undefined,
        `The implementation wrote a line longer than ${this.#limits.maxLineBytes} bytes (max_line_bytes): ${
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
      this.#blame(
        child,
        undefined,
        `The implementation wrote a line that is ${why}: ${excerpt(bytes)}`,
      );
      return;
    }
    const seq = typeof message === "object" && message !== null && !Array.isArray(message)
      ? (message as { seq?: unknown }).seq
      : undefined;
    const claimed = typeof seq === "number" ? this.#pending.get(seq) : undefined;
    const problem = validateMessage("response", message);
    if (problem) {
      this.#blame(
        child,
        claimed?.child === child ? claimed : undefined,
        `The implementation wrote an invalid protocol message: ${problem}: ${excerpt(bytes)}`,
      );
      return;
    }
    const response = message as ResponseMessage;
    if (!claimed || claimed.child !== child) {
      if (response.seq < this.#seq) {
        this.#stats.lateResponses++;
        return;
      }
      this.#blame(
        child,
        undefined,
        `The implementation answered seq ${response.seq}, which the kit never sent: ${
          excerpt(bytes)
        }`,
      );
      return;
    }
    this.#settle(claimed, this.#toReply(response));
  }

  #toReply(response: ResponseMessage): Reply {
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
        const reply = this.#errored(
          `The implementation's adapter reported an internal error: ${
            escapeControls(JSON.stringify(response.message), false)
          }`,
        );
        if (response.traceback && reply.kind === "errored") {
          reply.stderr = escapeControls(response.traceback.slice(-STDERR_IN_REPLY), true);
        }
        return reply;
      }
    }
  }

  #oldest(child: Child): Pending | undefined {
    let oldest: Pending | undefined;
    for (const p of this.#pending.values()) {
      if (p.child === child && (!oldest || p.seq < oldest.seq)) oldest = p;
    }
    return oldest;
  }

  /** Error the named request, else the oldest in flight on the process (its likely author). */
  #blame(child: Child, p: Pending | undefined, message: string): void {
    const target = p ?? this.#oldest(child);
    if (!target) {
      this.#stats.strayLines++;
      this.#note(message);
      return;
    }
    this.#settle(target, this.#errored(message));
  }

  #onTimeout(p: Pending): void {
    const child = p.child;
    if (!child || child.retired || !this.#pending.has(p.seq)) return;
    const unanswered = child.batching ? this.#unanswered(child) : [];
    if (unanswered.length > 1) {
      this.#unbatch(
        child,
        `No response to request ${p.seq} ("${p.operation}") within ${this.#limits.requestTimeoutMs} ms (request_ms)`,
        unanswered,
      );
      this.#track(child.destroy());
      return;
    }
    const partial = child.splitter.partial();
    this.#settle(
      p,
      this.#errored(
        `No response to request ${p.seq} ("${p.operation}") within ${this.#limits.requestTimeoutMs} ms (request_ms)${
          partial ? `; unfinished line so far: ${excerpt(partial.head, partial.bytes)}` : ""
        }; ${this.#restartNote()}`,
      ),
    );
    this.#retire(child, undefined);
    this.#track(child.destroy());
    this.#scheduleRestart();
  }

  #restartNote(): string {
    const n = this.#stats.restarts;
    const max = this.#limits.maxRestarts;
    return n < max
      ? `the process is restarted (restart ${n + 1} of at most ${max})`
      : `no restart left (max_restarts ${max})`;
  }

  /** Stop using a process; its requests in flight (but `keep`) will be resent. */
  #retire(child: Child, keep: Pending | undefined): void {
    child.retired = true;
    if (this.#child === child) this.#child = undefined;
    for (const p of this.#pending.values()) {
      if (p.child !== child || p === keep) continue;
      p.deadline = undefined;
      p.child = undefined;
    }
  }

  #onEnd(child: Child): void {
    if (child.handshake) {
      child.handshake.resolve(
        new ExitedEarly(
          `The implementation ended its output before answering the handshake${exitNote(child)}`,
        ),
      );
      return;
    }
    if (child.retired) return;
    const unanswered = this.#unanswered(child);
    if (child.batching && unanswered.length > 1) {
      this.#unbatch(child, "The implementation stopped", unanswered);
      this.#track((async () => {
        const status = await within(child.status, 1_000);
        await within(child.stderrDone, 500);
        this.#note(`The stopped process ${status ? statusText(status) : "closed its output"}`);
        await child.destroy();
      })());
      return;
    }
    const blamed = unanswered[0];
    // The blamed request waits for the exit status, not for its timeout.
    if (blamed) blamed.deadline = undefined;
    this.#retire(child, blamed);
    const partial = child.splitter.partial();
    this.#track((async () => {
      const status = await within(child.status, 1_000);
      await within(child.stderrDone, 500);
      const how = status ? statusText(status) : "closed its output";
      const message = `The implementation ${how}${
        blamed ? ` while running request ${blamed.seq} ("${blamed.operation}")` : " while idle"
      }${
        partial ? `; unfinished line: ${excerpt(partial.head, partial.bytes)}` : ""
      }; ${this.#restartNote()}`;
      if (blamed) this.#settle(blamed, this.#errored(message));
      else this.#note(message);
      if (!this.#closing) this.#scheduleRestart();
      await child.destroy();
    })());
  }

  /**
   * A batching process crashed or timed out with several requests unanswered: any of them may
   * be the culprit (the others' answers may have been held). Blame none; restart without
   * batching (not counted in maxRestarts) and run them all again, so that the culprit fails
   * again alone and is blamed as with any sequential process.
   */
  #unbatch(child: Child, what: string, unanswered: Pending[]): void {
    this.#retire(child, undefined);
    this.#batching = false;
    this.#stats.unbatched++;
    const seqs = unanswered.map((p) => p.seq);
    this.#note(
      `${what} while holding answers (batching) with requests ${seqs.slice(0, 10).join(", ")}${
        seqs.length > 10 ? ` and ${seqs.length - 10} more` : ""
      } unanswered; the kit restarts it without batching and runs them again to find which one failed`,
    );
    this.#scheduleRestart(true);
  }

  /** The requests in flight on a process, oldest first. */
  #unanswered(child: Child): Pending[] {
    const list: Pending[] = [];
    for (const p of this.#pending.values()) if (p.child === child) list.push(p);
    return list.sort((a, b) => a.seq - b.seq);
  }

  #scheduleRestart(uncounted = false): void {
    if (this.#restarting || this.#closing) return;
    this.#restarting = (async () => {
      let free = uncounted;
      while (!this.#closing) {
        if (!free && this.#stats.restarts >= this.#limits.maxRestarts) {
          this.#giveUp(
            `The implementation failed again after ${this.#stats.restarts} restart(s) (max_restarts ${this.#limits.maxRestarts}); the kit no longer runs it`,
          );
          return;
        }
        if (!free) this.#stats.restarts++;
        free = false;
        try {
          const { child } = await this.#spawnAndHandshake();
          if (this.#closing) {
            await child.destroy();
            return;
          }
          this.#child = child;
          break;
        } catch (error) {
          this.#note(`Restart ${this.#stats.restarts} failed: ${messageOf(error)}`);
        }
      }
      const child = this.#child;
      if (!child) return;
      const waiting = [...this.#pending.values()].filter((p) => !p.child).sort((a, b) =>
        a.seq - b.seq
      );
      for (const p of waiting) this.#send(child, p);
    })().finally(() => this.#restarting = undefined);
  }

  #giveUp(message: string): void {
    this.#gaveUp = message;
    for (const p of [...this.#pending.values()]) {
      if (!p.child) this.#settle(p, this.#errored(message));
    }
  }
}

function exitNote(child: Child): string {
  const partial = child.splitter.partial();
  return partial ? `; unfinished line: ${excerpt(partial.head, partial.bytes)}` : "";
}

function statusText(status: Deno.CommandStatus): string {
  return status.signal
    ? `was killed by signal ${status.signal}`
    : `exited with code ${status.code}`;
}
