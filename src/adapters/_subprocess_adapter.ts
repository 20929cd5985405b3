// The subprocess adapter composed of its parts (private): the kept stderr, the requests in
// flight, the protocol session, the processes, the handshake and the restart policy, wired
// together behind start(), run() and close().
import type { AdapterCallOptions, ImplementationInfo, Reply, Request } from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import type { Child } from "./_subprocess_child.ts";
import { PYVALUE_ENCODING } from "../protocol/subprocess_protocol.ts";
import { encodePythonInput, holdsPythonArgument } from "./_python_input.ts";
import { childEnv } from "./_child_env.ts";
import { handshake, handshakeEnded, handshakeLine } from "./_subprocess_handshake.ts";
import { StderrLog } from "./_subprocess_log.ts";
import { PendingRequests } from "./_subprocess_pending.ts";
import { Processes } from "./_subprocess_processes.ts";
import { RestartPolicy } from "./_subprocess_restart.ts";
import { ProtocolSession, type WireRequest } from "./_subprocess_session.ts";
import type {
  SubprocessAdapter,
  SubprocessAdapterOptions,
  SubprocessStats,
} from "./_subprocess_types.ts";

/** Why a case passing a real Python object is skipped on an implementation that cannot read one. */
export const NO_PYVALUE = `this case passes a real Python object (not JSON data), and the ` +
  `implementation's handshake did not announce the input encoding "${PYVALUE_ENCODING}" ` +
  `that carries one (see "Python values" in docs/subprocess-protocol.md)`;

/** The options' limits, defaults applied and checked. */
export interface Limits {
  startTimeoutMs: number;
  requestTimeoutMs: number;
  maxLineBytes: number;
  stderrBytes: number;
  closeTimeoutMs: number;
  maxRestarts: number;
}

/** The composition: a session over the requests in flight, processes, restart policy. */
export class SubprocessAdapterImpl implements SubprocessAdapter {
  readonly kind = "subprocess";
  #options: SubprocessAdapterOptions;
  #limits: Limits;
  #log: StderrLog;
  #pending: PendingRequests<Child>;
  #session: ProtocolSession<Child>;
  #processes: Processes;
  #restarts: RestartPolicy<Child>;
  #info: ImplementationInfo | undefined;
  /** The input encodings the latest handshake announced. */
  #encodings: readonly string[] = [];
  #starting: Promise<ImplementationInfo> | undefined;
  #closing: Promise<void> | undefined;
  #stats: SubprocessStats = {
    spawns: 0,
    restarts: 0,
    requests: 0,
    lateResponses: 0,
    strayLines: 0,
    duplicateResponses: 0,
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
      (p) => this.#restarts.onAbort(p),
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
        ? this.#dispatch(request, options)
        : this.#startThenDispatch(request, options);
    } catch (error) {
      return Promise.resolve(
        this.#log.errored(`The kit failed to send the request: ${messageOf(error)}`),
      );
    }
  }

  async #startThenDispatch(request: Request, call: AdapterCallOptions): Promise<Reply> {
    const signal = call.signal;
    try {
      await this.start({ signal });
    } catch (error) {
      return this.#log.errored(`The implementation could not be started: ${messageOf(error)}`);
    }
    if (this.#closing) return this.#log.errored("The adapter is closed");
    if (signal?.aborted) return this.#log.errored("The request was aborted before it was sent");
    return this.#dispatch(request, call);
  }

  #dispatch(request: Request, call: AdapterCallOptions): Promise<Reply> {
    const gaveUp = this.#restarts.gaveUp;
    if (gaveUp) return Promise.resolve(this.#log.errored(gaveUp));
    let wire: WireRequest = request;
    if (holdsPythonArgument(request.input)) {
      const encodings = this.#processes.current?.encodings ?? this.#encodings;
      if (!encodings.includes(PYVALUE_ENCODING)) {
        return Promise.resolve({ kind: "skipped", reason: NO_PYVALUE });
      }
      try {
        wire = {
          operation: request.operation,
          input: encodePythonInput(request.input),
          encoding: PYVALUE_ENCODING,
        };
      } catch (error) {
        return Promise.resolve(
          this.#log.errored(`The kit could not encode the Python input: ${messageOf(error)}`),
        );
      }
    }
    return this.#session.request(wire, call, this.#processes.current);
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
    this.#encodings = child.encodings;
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
