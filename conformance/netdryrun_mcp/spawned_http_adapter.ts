/**
 * An `mcp-http` adapter for a reference server the kit starts itself: it spawns the server on
 * a free loopback port, reads its `listening <url>` line, and talks Streamable HTTP to it with
 * {@linkcode mcpHttpAdapter}, the server's root (NETDRYRUN_MCP_ROOT) inside the workspace it
 * shares with the kit. Closing stops the server and removes the workspace.
 *
 * @module
 */
import { join } from "node:path";
import type { Adapter, ImplementationInfo } from "../../src/core/types.ts";
import { mcpHttpAdapter } from "../../src/adapters/mcp_http.ts";
import { childEnv } from "../../src/adapters/_child_env.ts";

/** Options of {@linkcode spawnedHttpAdapter}. */
export interface SpawnedHttpOptions {
  /**
   * Environment of the server, on top of the variables the kit passes through.
   *
   * @default {}
   */
  env?: Readonly<Record<string, string>>;
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

const READY = /^listening (http:\/\/(?:127\.0\.0\.1|\[::1\]|localhost):\d+\/mcp)$/;
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
 * import { spawnedHttpAdapter } from "./spawned_http_adapter.ts";
 * import { referenceServerArgv } from "./reference_adapter.ts";
 *
 * const [deno, run, ...rest] = referenceServerArgv();
 * const main = rest.slice(-2, -1);
 * const adapter = spawnedHttpAdapter([
 *   deno, run, ...rest.slice(0, -2), "--allow-net=127.0.0.1", ...main, "--http", "0",
 * ]);
 * await adapter.start();
 * const reply = await adapter.run({ operation: "list_tools", input: {} });
 * assert.equal(reply.kind, "result");
 * await adapter.close();
 * ```
 *
 * @param argv The server's command line (it must listen on a loopback address).
 * @param options Environment and timeouts.
 * @returns The adapter (kind `mcp-http`).
 */
export function spawnedHttpAdapter(
  argv: readonly string[],
  options: SpawnedHttpOptions = {},
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
      const root = join(workspace, "root");
      await Deno.mkdir(root);
      stderr = "";
      child = new Deno.Command(argv[0], {
        args: argv.slice(1),
        env: childEnv({ ...options.env, NETDRYRUN_MCP_ROOT: root }, false),
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
          `the server did not print "listening <loopback url>" (its first line: ${
            JSON.stringify(line.slice(0, 200))
          }; stderr: ${JSON.stringify(stderr.slice(-500))})`,
        );
      }
      inner = mcpHttpAdapter(url, { workspace, root, callTimeoutMs: options.callTimeoutMs });
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
