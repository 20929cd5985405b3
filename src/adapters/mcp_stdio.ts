import { childEnv } from "./_child_env.ts";
import { trackTempDir } from "./_process_groups.ts";
import { join } from "node:path";
import type { Adapter } from "../core/types.ts";
import { McpStdioTransport } from "./_mcp_stdio_transport.ts";
import { JSONRPCMessageSchema } from "./_mcp_sdk.ts";
import { mcpClientAdapter, type McpWorkspace } from "./mcp_client.ts";

/** Options of {@linkcode mcpStdioAdapter}. */
export interface McpStdioAdapterOptions {
  /**
   * Working folder of the server.
   *
   * @default the kit's working folder
   */
  cwd?: string;
  /**
   * Environment of the server, on top of the variables the kit passes through (PATH, HOME,
   * USER, LOGNAME, SHELL, TERM, TMPDIR, DENO_DIR, NODE_EXTRA_CA_CERTS, DENO_TLS_CA_STORE,
   * SSL_CERT_FILE, SSL_CERT_DIR).
   *
   * @default {}
   */
  env?: Readonly<Record<string, string>>;
  /**
   * Pass the kit's whole environment instead of the short list.
   *
   * @default false
   */
  inheritEnv?: boolean;
  /**
   * Name of an environment variable that receives the server's root, a folder inside the
   * workspace the adapter creates (for example `NETDRYRUN_MCP_ROOT`).
   *
   * @default undefined (the server gets no root)
   */
  rootEnv?: string;
  /**
   * Milliseconds from spawn to an initialized session.
   *
   * @default 15000
   */
  initTimeoutMs?: number;
  /**
   * Milliseconds one request may take.
   *
   * @default 10000
   */
  callTimeoutMs?: number;
  /**
   * The implementation's version for the report when the server's `serverInfo.version` is
   * empty (the version you pinned, say); a version the server reports wins.
   *
   * @default undefined
   */
  declaredVersion?: string;
  /**
   * Per tool name, milliseconds its `tools/call` may take instead of `callTimeoutMs`.
   *
   * @default {}
   */
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  /**
   * How many times a server that crashed, hung (a call or case timeout) or closed its stdout is
   * started again.
   *
   * @default 3
   */
  maxRestarts?: number;
  /**
   * Largest message read from the server's stdout, in bytes.
   *
   * @default 8388608 (8 MiB)
   */
  maxMessageBytes?: number;
}

/**
 * An MCP adapter that starts the server as a child process and talks MCP over its stdio
 * (newline-delimited JSON-RPC, through the kit's own transport). The adapter creates a
 * workspace folder (a temp folder, removed at close) shared with the server; with `rootEnv`,
 * the server's root is `<workspace>/root`, passed in that variable. A server that crashed,
 * closed its stdout (it can answer nothing more, running or not) or hung on a call (a call or
 * case timeout) is started again on the next call (bounded); its stderr is kept (the last
 * 16 KiB) for errored reports.
 *
 * The server runs in its own process group, ended (SIGTERM, then SIGKILL after 2 s) at close,
 * after a failed start and when a crashed, stdout-closed or hung server is replaced: nothing
 * it started is left behind. Every stdout line that is not a JSON-RPC message (a stray `console.log`, say) is
 * recorded, escaped, and returned with the next answer (a result or a JSON-RPC error) as
 * `protocolViolations` (lines written before the answer to `initialize` go with the first
 * call). An init failure says the exit
 * code and the first stdout line seen, in the message (never under `stderr`).
 *
 * @example Certify nothing, just list the reference server's tools
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpStdioAdapter } from "./mcp_stdio.ts";
 *
 * const main = new URL("../../conformance/netdryrun_mcp/reference_server/main.ts", import.meta.url);
 * const adapter = mcpStdioAdapter([Deno.execPath(), "run", "-A", main.pathname, "--stdio"]);
 * await adapter.start();
 * const reply = await adapter.run({ operation: "list_tools", input: {} });
 * assert.equal(reply.kind, "result");
 * await adapter.close();
 * ```
 *
 * @param argv The server's command and arguments.
 * @param options Working folder, environment, root variable, timeouts.
 * @returns The adapter (kind `mcp-stdio`).
 * @throws {Error} When `argv` is empty.
 */
export function mcpStdioAdapter(
  argv: readonly string[],
  options: McpStdioAdapterOptions = {},
): Adapter {
  if (argv.length === 0 || argv[0] === "") throw new Error('The server command "argv" is empty');
  let workspace: McpWorkspace | undefined;
  return mcpClientAdapter(() => {
    const env = childEnv(options.env, options.inheritEnv ?? false);
    if (options.rootEnv && workspace?.root) env[options.rootEnv] = workspace.root;
    const transport = new McpStdioTransport({
      command: argv[0],
      args: argv.slice(1),
      env,
      ...(options.cwd ? { cwd: options.cwd } : {}),
      maxLineBytes: options.maxMessageBytes ?? 8 * 1024 * 1024,
      isMessage: (value) => JSONRPCMessageSchema.safeParse(value).success,
    });
    return {
      transport,
      stderr: () => transport.stderr(),
      violations: (id) => transport.takeViolations(id),
      diagnostics: () => transport.diagnostics(),
      ended: () => transport.ended(),
      fault: () => transport.fault(),
    };
  }, {
    kind: "mcp-stdio",
    initTimeoutMs: options.initTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    declaredVersion: options.declaredVersion,
    toolTimeoutsMs: options.toolTimeoutsMs,
    maxRestarts: options.maxRestarts,
    replaceHung: true,
    async workspace() {
      const path = await Deno.makeTempDir({ prefix: "netconform-mcp-" });
      trackTempDir(path, true);
      let root: string | null = null;
      if (options.rootEnv) {
        root = join(path, "root");
        await Deno.mkdir(root);
      }
      workspace = { path, root };
      return workspace;
    },
    async onClose() {
      if (workspace) {
        await Deno.remove(workspace.path, { recursive: true }).catch(() => {});
        trackTempDir(workspace.path, false);
      }
    },
  });
}
