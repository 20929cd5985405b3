import { resolve } from "node:path";
import { processProperties, resolveArgv } from "./_process_section.ts";
import { subprocessAdapter } from "../src/adapters/subprocess.ts";
import type { AdapterKind } from "./_adapter_kind.ts";

/** The `adapter:` section of a `kind: subprocess` target, as validated. */
export interface SubprocessSection {
  /** Always `subprocess`. */
  kind: "subprocess";
  /** Program and arguments. */
  argv: string[];
  /** Working directory, relative to the config file's folder. */
  cwd?: string;
  /** Variables set for the process, on top of the passed ones. */
  env?: Record<string, string>;
  /** Pass the kit's whole environment. */
  inherit_env?: boolean;
  /** Timeouts in milliseconds. */
  timeouts?: { start_ms?: number; request_ms?: number; close_ms?: number };
  /** Restarts allowed after crashes and timeouts. */
  max_restarts?: number;
  /** Longest accepted line from the process, in bytes. */
  max_line_bytes?: number;
  /** Bytes of stderr kept for the report. */
  stderr_bytes?: number;
  /** Whether the handshake allows the process to batch its responses. */
  batching?: boolean;
}

const SCHEMA = {
  type: "object",
  description:
    "Runs the implementation as one persistent process speaking netconform.subprocess/v1 (newline-delimited JSON on stdin/stdout); see docs/subprocess-protocol.md.",
  required: ["kind", "argv"],
  additionalProperties: false,
  properties: {
    kind: { const: "subprocess" },
    ...processProperties("process"),
    timeouts: {
      type: "object",
      additionalProperties: false,
      properties: {
        start_ms: {
          description: "Spawn and handshake, in milliseconds. Default 10000.",
          type: "integer",
          minimum: 1,
          maximum: 600000,
        },
        request_ms: {
          description:
            "One request, from written to answered, in milliseconds; past it the case is errored and the process restarted. Default 5000. Keep it below the target's case timeout.",
          type: "integer",
          minimum: 1,
          maximum: 3600000,
        },
        close_ms: {
          description: "Grace period at the end before the process group is killed. Default 2000.",
          type: "integer",
          minimum: 1,
          maximum: 600000,
        },
      },
    },
    max_restarts: {
      description:
        "Restarts after crashes and timeouts before every later case is errored. Default 3.",
      type: "integer",
      minimum: 0,
      maximum: 1000,
    },
    max_line_bytes: {
      description: "Longest line accepted from the process, in bytes. Default 8388608.",
      type: "integer",
      minimum: 1024,
      maximum: 1073741824,
    },
    stderr_bytes: {
      description:
        "Bytes of the process's stderr kept for the report (the last ones). Default 65536.",
      type: "integer",
      minimum: 1024,
      maximum: 16777216,
    },
    batching: {
      description:
        "Let the process hold responses while it runs later requests it has read, and write several together (see 'Batching' in docs/subprocess-protocol.md). Default true; the kit still finds which request crashed or hung.",
      type: "boolean",
    },
  },
};

/**
 * The `kind: subprocess` adapter kind for config files: its section's JSON Schema and the
 * wiring to {@linkcode subprocessAdapter}. Relative paths resolve against the config file's
 * folder, which is also the default working directory.
 *
 * @example Make an adapter from a config section
 * ```ts
 * import assert from "node:assert/strict";
 * import { subprocessAdapterKind } from "./kind_subprocess.ts";
 *
 * const adapter = subprocessAdapterKind.create(
 *   {
 *     kind: "subprocess",
 *     argv: ["/usr/bin/python3", "netconform_adapter.py", "--operation", "echo", "echo_impl.py:echo"],
 *     env: { PYTHONDONTWRITEBYTECODE: "1" },
 *     timeouts: { request_ms: 2000 },
 *   },
 *   { configDir: new URL("../examples/python", import.meta.url).pathname },
 * );
 * await adapter.start();
 * assert.deepEqual(await adapter.run({ operation: "echo", input: 1 }), { kind: "result", value: 1 });
 * await adapter.close();
 * ```
 */
export const subprocessAdapterKind: AdapterKind = {
  kind: "subprocess",
  description: "a process in any language speaking netconform.subprocess/v1 on stdin/stdout",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as SubprocessSection;
    // The CLI passes the profile being run; the handshake carries it.
    const profile = context.profile;
    return subprocessAdapter({
      argv: resolveArgv(s.argv, context.configDir),
      cwd: resolve(context.configDir, s.cwd ?? "."),
      env: s.env,
      inheritEnv: s.inherit_env ?? false,
      startTimeoutMs: s.timeouts?.start_ms,
      requestTimeoutMs: s.timeouts?.request_ms,
      closeTimeoutMs: s.timeouts?.close_ms,
      maxRestarts: s.max_restarts,
      maxLineBytes: s.max_line_bytes,
      stderrBytes: s.stderr_bytes,
      batching: s.batching,
      ...(typeof profile === "string" ? { profile } : {}),
    });
  },
};
