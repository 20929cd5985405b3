/**
 * The subprocess adapter's public types, below both the public file (`subprocess.ts`) and the
 * parts that implement it, so that neither imports the other.
 *
 * @module
 */
import type { Adapter } from "../core/types.ts";

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
   * Second answers to a seq already answered: each errors a case (the oldest in flight, else
   * the next request); see docs/subprocess-protocol.md.
   */
  duplicateResponses: number;
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
