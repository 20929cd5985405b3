import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import type { Child } from "./_subprocess_child.ts";
import { childEnv } from "./_child_env.ts";
import { handshake, handshakeEnded, handshakeLine } from "./_subprocess_handshake.ts";
import { StderrLog } from "./_subprocess_log.ts";
import { PendingRequests } from "./_subprocess_pending.ts";
import { Processes } from "./_subprocess_processes.ts";
import { RestartPolicy } from "./_subprocess_restart.ts";
import { ProtocolSession } from "./_subprocess_session.ts";

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

/** The composition: a session over the requests in flight, processes, restart policy. */
class SubprocessAdapterImpl implements SubprocessAdapter {
  readonly kind = "subprocess";
  #options: SubprocessAdapterOptions;
  #limits: Limits;
  #log: StderrLog;
  #pending: PendingRequests<Child>;
  #session: ProtocolSession<Child>;
  #processes: Processes;
  #restarts: RestartPolicy<Child>;
  #info: ImplementationInfo | undefined;
  #starting: Promise<ImplementationInfo> | undefined;
  #closing: Promise<void> | undefined;
  #stats: SubprocessStats = {
    spawns: 0,
    restarts: 0,
    requests: 0,
    lateResponses: 0,
    strayLines: 0,
    unbatched: 0,
  };

  constructor(options: SubprocessAdapterOptions, limits: Limits) {
    this.#options = options;
    this.#limits = limits;
    const log = this.#log = new StderrLog(limits.stderrBytes);
    const pending = this.#pending = new PendingRequests<Child>(
      limits.requestTimeoutMs,
      (p) => this.#restarts.onTimeout(p),
    );
    const session = this.#session = new ProtocolSession(
      pending,
      log,
      this.#stats,
      limits.maxLineBytes,
    );
    const processes = this.#processes = new Processes({
      argv: options.argv,
      cwd: options.cwd,
      env: childEnv(options.env, options.inheritEnv ?? false),
      maxLineBytes: limits.maxLineBytes,
      stderr: log.ring,
      onEvent: (child, event) => {
        if (child.retired || handshakeLine(child, event, limits.maxLineBytes)) return;
        session.read(child, event);
      },
      onEnd: (child) => {
        if (!handshakeEnded(child)) this.#restarts.onEnd(child);
      },
    }, this.#stats);
    this.#restarts = new RestartPolicy<Child>({
      pending,
      log,
      stats: this.#stats,
      processes,
      closing: () => this.#closing !== undefined,
      launch: () => this.#launch(),
      write: (child, p) => session.write(child, p),
    }, { batching: options.batching ?? true, ...limits });
  }

  stderr(): string {
    return this.#log.text();
  }

  stats(): SubprocessStats {
    return { ...this.#stats };
  }

  start(options: AdapterCallOptions = {}): Promise<ImplementationInfo> {
    if (this.#closing) return Promise.reject(new Error("The adapter is closed"));
    if (this.#info) return Promise.resolve(this.#info);
    if (!this.#starting) {
      this.#starting = this.#launch(options.signal).then(({ child, info }) => {
        this.#processes.current = child;
        this.#info = info;
        return info;
      });
      this.#starting.catch(() => this.#starting = undefined);
    }
    return this.#starting;
  }

  run(request: Request, options: AdapterCallOptions = {}): Promise<Reply> {
    const signal = options.signal;
    if (this.#closing) return Promise.resolve(this.#log.errored("The adapter is closed"));
    if (signal?.aborted) {
      return Promise.resolve(this.#log.errored("The request was aborted before it was sent"));
    }
    // Not async: a started adapter sends the request in this call, so that requests issued
    // together are written together (see Child.send).
    try {
      return this.#info
        ? this.#dispatch(request, signal)
        : this.#startThenDispatch(request, signal);
    } catch (error) {
      return Promise.resolve(
        this.#log.errored(`The kit failed to send the request: ${messageOf(error)}`),
      );
    }
  }

  async #startThenDispatch(request: Request, signal: AbortSignal | undefined): Promise<Reply> {
    try {
      await this.start({ signal });
    } catch (error) {
      return this.#log.errored(`The implementation could not be started: ${messageOf(error)}`);
    }
    if (this.#closing) return this.#log.errored("The adapter is closed");
    if (signal?.aborted) return this.#log.errored("The request was aborted before it was sent");
    return this.#dispatch(request, signal);
  }

  #dispatch(request: Request, signal: AbortSignal | undefined): Promise<Reply> {
    const gaveUp = this.#restarts.gaveUp;
    if (gaveUp) return Promise.resolve(this.#log.errored(gaveUp));
    return this.#session.request(request, signal, this.#processes.current);
  }

  /** Spawn a process and run its handshake. */
  async #launch(signal?: AbortSignal): Promise<{ child: Child; info: ImplementationInfo }> {
    const child = this.#processes.spawn();
    const info = await handshake(child, {
      seq: this.#pending.nextSeq(),
      profile: this.#options.profile,
      batching: this.#restarts.batching,
      maxLineBytes: this.#limits.maxLineBytes,
      requestTimeoutMs: this.#limits.requestTimeoutMs,
      startTimeoutMs: this.#limits.startTimeoutMs,
      signal,
    });
    return { child, info };
  }

  close(): Promise<void> {
    this.#closing ??= this.#close();
    return this.#closing;
  }

  async #close(): Promise<void> {
    for (const p of this.#pending.all()) {
      this.#pending.settle(
        p,
        this.#log.errored("The adapter was closed before the implementation answered"),
      );
    }
    this.#pending.stopTimer();
    await this.#processes.close(
      this.#limits.closeTimeoutMs,
      () => Promise.all([this.#restarts.restarting, this.#starting?.catch(() => {})]),
    );
  }
}
