/**
 * An `mcp-http` adapter for a server the kit starts itself: it spawns the server (on a free
 * port, say) in a process group of its own, reads the URL from its first stdout line, and
 * talks Streamable HTTP to it, in a workspace it shares with the kit (the server's root, when
 * `rootEnv` names its variable, inside it). A server that dies is started again (a fresh
 * process, on its own port) for the next call, at most `maxRestarts` times; the calls in
 * flight when it died are sent again alone, so only a call that kills it by itself is
 * errored, with how the server ended. Closing stops the server (its group and what left it)
 * and removes the workspace.
 *
 * @module
 */
import { join } from "node:path";
import type { Adapter } from "../core/types.ts";
import type { McpHttpAdapterOptions } from "./mcp_http.ts";
import { mcpClientAdapter, type McpConnection, type McpWorkspace } from "./mcp_client.ts";
import { mcpHttpConnection } from "./mcp_http_transport.ts";
import { childEnv } from "./_child_env.ts";
import { trackTempDir } from "./_process_groups.ts";
import { ServerProcess } from "./_server_process.ts";
import { within } from "./_subprocess_child.ts";

/** Options of {@linkcode mcpHttpCommandAdapter}. */
export interface McpHttpCommandOptions extends
  Pick<
    McpHttpAdapterOptions,
    "headers" | "initTimeoutMs" | "maxResponseBytes" | "declaredVersion" | "toolTimeoutsMs"
  > {
  /**
   * Environment of the server, on top of the variables the kit passes through.
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
   * Working folder of the server.
   *
   * @default the kit's working folder
   */
  cwd?: string;
  /**
   * Name of the variable that receives the server's root, a folder inside the workspace.
   *
   * @default undefined (no root)
   */
  rootEnv?: string;
  /**
   * The first stdout line, whose group 1 is the MCP endpoint.
   *
   * @default /^listening (https?:\/\/\S+)$/
   */
  readyLine?: RegExp;
  /**
   * Milliseconds from spawn to the `listening` line.
   *
   * @default 20000
   */
  readyTimeoutMs?: number;
  /**
   * Milliseconds one request may take.
   *
   * @default 10000
   */
  callTimeoutMs?: number;
  /**
   * How many times a server that died is started again (each a fresh process).
   *
   * @default 3
   */
  maxRestarts?: number;
}

const READY = /^listening (https?:\/\/\S+)$/;
/** Milliseconds a request that got no HTTP answer waits to learn whether the server died. */
const LOST_WAIT_MS = 1_000;

/** Spawns the server and reads its URL; a server that gives none is stopped. */
async function spawnServer(
  argv: readonly string[],
  options: McpHttpCommandOptions,
  root: string | null,
): Promise<{ server: ServerProcess; endpoint: URL }> {
  const server = new ServerProcess({
    argv,
    cwd: options.cwd,
    env: childEnv(
      { ...options.env, ...(options.rootEnv && root ? { [options.rootEnv]: root } : {}) },
      options.inheritEnv ?? false,
    ),
  });
  const line = await server.firstLine(options.readyTimeoutMs ?? 20_000);
  const url = (options.readyLine ?? READY).exec(line)?.[1];
  let endpoint: URL | undefined;
  try {
    endpoint = url ? new URL(url) : undefined;
  } catch {
    endpoint = undefined;
  }
  if (endpoint) return { server, endpoint };
  await server.stop();
  throw new Error(
    `the server's first line gave no URL (its first line: ${JSON.stringify(line.slice(0, 200))}; ${
      server.exit ?? "it runs"
    }; stderr: ${JSON.stringify(server.stderr().slice(-500))})`,
  );
}

/** The connection to a server process: its transport closes when the process exits. */
function connectionTo(
  server: ServerProcess,
  endpoint: URL,
  options: McpHttpCommandOptions,
): McpConnection {
  const made = mcpHttpConnection(endpoint, {
    headers: options.headers,
    maxResponseBytes: options.maxResponseBytes,
  });
  const closing = server.exited.then(() => made.transport.close()).catch(() => {});
  return {
    ...made,
    stderr: () => server.stderr(),
    ended: () => server.exit !== undefined,
    gone: () => server.exit,
    fault: () => server.fault,
    lost: async () => {
      if (await within(server.exited.then(() => true), LOST_WAIT_MS)) await closing;
    },
    stop: () => server.stop(),
  };
}

/**
 * Start a server that prints `listening <url>` (its argv given) and talk MCP over HTTP to it.
 *
 * @example The TypeScript reference server over HTTP
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpHttpCommandAdapter } from "./mcp_http_command.ts";
 * import { referenceServerArgv } from "../../conformance/netdryrun_mcp/reference_adapter.ts";
 *
 * const [deno, run, ...rest] = referenceServerArgv();
 * const main = rest.slice(-2, -1);
 * const adapter = mcpHttpCommandAdapter([
 *   deno, run, ...rest.slice(0, -2), "--allow-net=127.0.0.1", ...main, "--http", "0",
 * ]);
 * await adapter.start();
 * const reply = await adapter.run({ operation: "list_tools", input: {} });
 * assert.equal(reply.kind, "result");
 * await adapter.close();
 * ```
 *
 * @param argv The server's command line.
 * @param options Environment, root variable, ready line, headers, timeouts, restarts.
 * @returns The adapter (kind `mcp-http`).
 */
export function mcpHttpCommandAdapter(
  argv: readonly string[],
  options: McpHttpCommandOptions = {},
): Adapter {
  let workspace: McpWorkspace | undefined;
  const client = mcpClientAdapter(async () => {
    const { server, endpoint } = await spawnServer(argv, options, workspace?.root ?? null);
    return connectionTo(server, endpoint, options);
  }, {
    kind: "mcp-http",
    initTimeoutMs: options.initTimeoutMs,
    callTimeoutMs: options.callTimeoutMs,
    declaredVersion: options.declaredVersion,
    toolTimeoutsMs: options.toolTimeoutsMs,
    maxRestarts: options.maxRestarts ?? 3,
    async workspace(): Promise<McpWorkspace> {
      const path = await Deno.makeTempDir({ prefix: "netconform-mcp-" });
      trackTempDir(path, true);
      const root = options.rootEnv ? join(path, "root") : null;
      if (root) await Deno.mkdir(root);
      return (workspace = { path, root });
    },
    async onClose() {
      if (!workspace) return;
      await Deno.remove(workspace.path, { recursive: true }).catch(() => {});
      trackTempDir(workspace.path, false);
    },
  });
  return {
    ...client,
    async start(callOptions) {
      try {
        return await client.start(callOptions);
      } catch (error) {
        await client.close(); // the workspace and any server started go with it
        throw error;
      }
    },
  };
}
