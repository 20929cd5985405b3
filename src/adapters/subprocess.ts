import type { Adapter } from "../core/types.ts";
import { SubprocessAdapterImpl } from "./_subprocess_adapter.ts";

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
