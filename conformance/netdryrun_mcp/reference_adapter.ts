import { fileURLToPath } from "node:url";
import { mcpStdioAdapter, type McpStdioAdapterOptions } from "../../src/adapters/mcp_stdio.ts";
import type { Adapter } from "../../src/core/types.ts";
import { mcpHttpCommandAdapter } from "../../src/adapters/mcp_http_command.ts";

const MAIN = fileURLToPath(new URL("./reference_server/main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

/**
 * The command that starts the reference server over stdio, with the permissions it needs
 * (`Deno.execPath()`, the kit's deno.json, read/write/env).
 *
 * @example The last two arguments are main.ts and --stdio
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceServerArgv } from "./reference_adapter.ts";
 *
 * assert.deepEqual(referenceServerArgv().slice(-1), ["--stdio"]);
 * ```
 *
 * @returns argv: the deno executable, `run`, flags, main.ts and `--stdio`.
 */
export function referenceServerArgv(): string[] {
  return [
    Deno.execPath(),
    "run",
    "--quiet",
    "--no-prompt",
    "--config",
    CONFIG,
    "--allow-read",
    "--allow-write",
    "--allow-env",
    MAIN,
    "--stdio",
  ];
}

/**
 * An adapter that starts the reference Netdryrun MCP server over stdio, with
 * NETDRYRUN_MCP_ROOT set to the root of its workspace.
 *
 * @example List the tools of the reference server
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceStdioAdapter } from "./reference_adapter.ts";
 *
 * const adapter = referenceStdioAdapter();
 * await adapter.start();
 * const reply = await adapter.run({ operation: "list_tools", input: {} });
 * assert.equal(reply.kind, "result");
 * await adapter.close();
 * ```
 *
 * @param options `mutant`: NETCONFORM_MUTANT; the other fields go to the stdio adapter.
 * @returns The adapter.
 */
export function referenceStdioAdapter(
  options: McpStdioAdapterOptions & { mutant?: string } = {},
): Adapter {
  const { mutant, ...rest } = options;
  return mcpStdioAdapter(referenceServerArgv(), {
    rootEnv: "NETDRYRUN_MCP_ROOT",
    ...rest,
    env: { ...rest.env, ...(mutant ? { NETCONFORM_MUTANT: mutant } : {}) },
  });
}

/**
 * An adapter that starts the reference server over Streamable HTTP on a free loopback port
 * (`main.ts --http 0`), its root inside the workspace it shares with the kit.
 *
 * @example List the tools over HTTP
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceHttpAdapter } from "./reference_adapter.ts";
 *
 * const adapter = referenceHttpAdapter();
 * await adapter.start();
 * assert.equal((await adapter.run({ operation: "list_tools", input: {} })).kind, "result");
 * await adapter.close();
 * ```
 *
 * @param options `mutant`: NETCONFORM_MUTANT; `callTimeoutMs`: one request's budget;
 * `maxRestarts`: how many times a server that died is started again.
 * @returns The adapter (kind `mcp-http`).
 */
export function referenceHttpAdapter(
  options: { mutant?: string; callTimeoutMs?: number; maxRestarts?: number } = {},
): Adapter {
  const argv = [...referenceServerArgv().slice(0, -1), "--http", "0"];
  argv.splice(argv.indexOf("--allow-env"), 0, "--allow-net=127.0.0.1");
  return mcpHttpCommandAdapter(argv, {
    env: options.mutant ? { NETCONFORM_MUTANT: options.mutant } : {},
    rootEnv: "NETDRYRUN_MCP_ROOT",
    callTimeoutMs: options.callTimeoutMs,
    maxRestarts: options.maxRestarts,
  });
}

/** Options the embedded targets run the suite with: the reference server has a (simulated) lab. */
export const REFERENCE_OPTIONS: Record<string, unknown> = { lab: true };
