/**
 * The subprocess adapter: an implementation in any language, run as one persistent process
 * that speaks the kit's JSON-lines protocol `netconform.subprocess/v1` (see
 * `docs/subprocess-protocol.md`), and the protocol's message schemas.
 *
 * @example The protocol's version
 * ```ts
 * import assert from "node:assert/strict";
 * import { SUBPROCESS_PROTOCOL } from "./subprocess.ts";
 *
 * assert.equal(SUBPROCESS_PROTOCOL, "netconform.subprocess/v1");
 * ```
 *
 * @module
 */
import { SubprocessAdapterImpl } from "./_subprocess_adapter.ts";
import type { SubprocessAdapter, SubprocessAdapterOptions } from "./_subprocess_types.ts";

export type {
  SubprocessAdapter,
  SubprocessAdapterOptions,
  SubprocessStats,
} from "./_subprocess_types.ts";
export * from "../protocol/subprocess_protocol.ts";

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
