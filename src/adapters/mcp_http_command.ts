/**
 * An `mcp-http` adapter for a server the kit starts itself: it spawns the server (on a free
 * port, say), reads the URL from its first stdout line, and talks Streamable HTTP to it with
 * {@linkcode mcpHttpAdapter}, in a workspace it shares with the kit (the server's root, when
 * `rootEnv` names its variable, inside it). Closing stops the server and removes the workspace.
 *
 * @module
 */
import { join } from "node:path";
import type { Adapter, ImplementationInfo } from "../core/types.ts";
import { mcpHttpAdapter, type McpHttpAdapterOptions } from "./mcp_http.ts";
import { childEnv } from "./_child_env.ts";

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
}

const READY = /^listening (https?:\/\/\S+)$/;
const MAX_STDERR = 16 * 1024;

async function firstLine(stream: ReadableStream<Uint8Array>, ms: number): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => reader.cancel().catch(() => {}), ms);
  try {
    while (!text.includes("\n") && text.length < 4096) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
  // The rest of stdout is drained, never read as data.
  stream.pipeTo(new WritableStream()).catch(() => {});
  return text.split("\n")[0].trim();
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
 * @param options Environment, root variable, ready line, headers, timeouts.
 * @returns The adapter (kind `mcp-http`).
 */
export function mcpHttpCommandAdapter(
  argv: readonly string[],
  options: McpHttpCommandOptions = {},
): Adapter {
  let child: Deno.ChildProcess | undefined;
  let inner: Adapter | undefined;
  let workspace: string | undefined;
  let stderr = "";
  const stop = async () => {
    await inner?.close().catch(() => {});
    inner = undefined;
    if (child) {
      const c = child;
      child = undefined;
      try {
        c.kill("SIGTERM");
      } catch { /* already gone */ }
      const killer = setTimeout(() => {
        try {
          c.kill("SIGKILL");
        } catch { /* already gone */ }
      }, 3_000);
      await c.status.catch(() => {});
      clearTimeout(killer);
    }
    if (workspace) await Deno.remove(workspace, { recursive: true }).catch(() => {});
    workspace = undefined;
  };
  return {
    kind: "mcp-http",
    async start(callOptions): Promise<ImplementationInfo> {
      await stop();
      workspace = await Deno.makeTempDir({ prefix: "netconform-mcp-" });
      const root = options.rootEnv ? join(workspace, "root") : undefined;
      if (root) await Deno.mkdir(root);
      stderr = "";
      child = new Deno.Command(argv[0], {
        args: argv.slice(1),
        cwd: options.cwd,
        env: childEnv(
          { ...options.env, ...(options.rootEnv && root ? { [options.rootEnv]: root } : {}) },
          options.inheritEnv ?? false,
        ),
        clearEnv: true,
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
        new WritableStream({
          write(chunk) {
            stderr = (stderr + chunk).slice(-MAX_STDERR);
          },
        }),
      ).catch(() => {});
      const line = await firstLine(child.stdout, options.readyTimeoutMs ?? 20_000);
      const url = READY.exec(line)?.[1];
      if (!url) {
        await stop();
        throw new Error(
          `the server's first line gave no URL (its first line: ${
            JSON.stringify(line.slice(0, 200))
          }; stderr: ${JSON.stringify(stderr.slice(-500))})`,
        );
      }
      inner = mcpHttpAdapter(url, {
        workspace,
        ...(root ? { root } : {}),
        headers: options.headers,
        initTimeoutMs: options.initTimeoutMs,
        callTimeoutMs: options.callTimeoutMs,
        maxResponseBytes: options.maxResponseBytes,
        declaredVersion: options.declaredVersion,
        toolTimeoutsMs: options.toolTimeoutsMs,
      });
      return await inner.start(callOptions);
    },
    async run(request, callOptions) {
      if (!inner) return { kind: "errored", message: "the server is not started" };
      return await inner.run(request, callOptions);
    },
    close: stop,
    stderr: () => stderr,
  };
}
