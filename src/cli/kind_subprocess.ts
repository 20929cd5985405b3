import { isAbsolute, resolve } from "node:path";
import { subprocessAdapter } from "../adapters/subprocess.ts";
import type { AdapterKind } from "./adapter_kinds.ts";

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
}

const SCHEMA = {
  type: "object",
  description:
    "Runs the implementation as one persistent process speaking netconform.subprocess/v1 (newline-delimited JSON on stdin/stdout); see docs/subprocess-protocol.md.",
  required: ["kind", "argv"],
  additionalProperties: false,
  properties: {
    kind: { const: "subprocess" },
    argv: {
      description:
        "Program and arguments, run without a shell. A relative program path (one with a slash) resolves against the config file's folder; the other arguments are passed as they are and resolve against cwd.",
      type: "array",
      minItems: 1,
      items: { type: "string" },
    },
    cwd: {
      description:
        "Working directory of the process, relative to the config file's folder. Default: that folder.",
      type: "string",
      minLength: 1,
    },
    env: {
      description:
        "Variables set for the process, on top of those passed from the kit's environment (PATH, HOME, USER, LOGNAME, locale, TZ, temp dirs, DENO_DIR, DENO_TLS_CA_STORE, NODE_EXTRA_CA_CERTS, SSL_CERT_FILE, SSL_CERT_DIR). Set PYTHONPATH here.",
      type: "object",
      propertyNames: { pattern: "^[^=\\u0000]+$" },
      additionalProperties: { type: "string" },
    },
    inherit_env: {
      description: "Pass the kit's whole environment instead of the short list. Default false.",
      type: "boolean",
    },
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
 *   { configDir: new URL("../../examples/python", import.meta.url).pathname },
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
    const [program, ...args] = s.argv;
    const relativeProgram = !isAbsolute(program) && /[\\/]/.test(program);
    // The CLI passes the profile being run; the handshake carries it.
    const profile = context.profile;
    return subprocessAdapter({
      argv: [relativeProgram ? resolve(context.configDir, program) : program, ...args],
      cwd: resolve(context.configDir, s.cwd ?? "."),
      env: s.env,
      inheritEnv: s.inherit_env ?? false,
      startTimeoutMs: s.timeouts?.start_ms,
      requestTimeoutMs: s.timeouts?.request_ms,
      closeTimeoutMs: s.timeouts?.close_ms,
      maxRestarts: s.max_restarts,
      maxLineBytes: s.max_line_bytes,
      stderrBytes: s.stderr_bytes,
      ...(typeof profile === "string" ? { profile } : {}),
    });
  },
};
