/**
 * The kit's Python reference Netdryrun MCP server (`examples/netdryrun_mcp_python/server.py`,
 * on the official `mcp` SDK) in the kit's Python environment `mcp`, over stdio or Streamable
 * HTTP, and the mutants it shares with the TypeScript reference server.
 *
 * @module
 */
import { fileURLToPath } from "node:url";
import { mcpStdioAdapter } from "../../src/adapters/mcp_stdio.ts";
import type { Adapter } from "../../src/core/types.ts";
import { requirePythonEnv } from "../_python_env.ts";
import { mcpHttpCommandAdapter } from "../../src/adapters/mcp_http_command.ts";

const SERVER = fileURLToPath(
  new URL("../../examples/netdryrun_mcp_python/server.py", import.meta.url),
);

/**
 * The mutants of the TypeScript reference server the Python one has too (same name, same
 * fault, so the same rules must catch them), by transport.
 */
export const PYTHON_MUTANTS: Readonly<Record<string, "stdio" | "http">> = {
  "missing-tool": "stdio",
  "text-disagrees": "stdio",
  "is-error-flipped": "stdio",
  "wrong-hash": "stdio",
  "failures-out-of-order": "stdio",
  "stdout-noise": "stdio",
  "wrong-verdict": "http",
  "no-origin-check": "http",
  "unknown-tool-result": "stdio",
};

/** Options of {@linkcode pythonReferenceAdapter}. */
export interface PythonReferenceOptions {
  /**
   * A deliberate fault (NETCONFORM_MUTANT).
   *
   * @default undefined
   */
  mutant?: string;
  /**
   * Milliseconds one request may take.
   *
   * @default 10000
   */
  callTimeoutMs?: number;
}

/**
 * An adapter that starts the Python reference server in `.venv/mcp/` over `transport`.
 *
 * @example List its tools over stdio (needs `deno task python-env`)
 * ```ts ignore
 * import { pythonReferenceAdapter } from "./python_reference_adapter.ts";
 *
 * const adapter = pythonReferenceAdapter("stdio");
 * await adapter.start();
 * console.log(await adapter.run({ operation: "list_tools", input: {} }));
 * await adapter.close();
 * ```
 *
 * @param transport `stdio` or `http`.
 * @param options Mutant, call timeout.
 * @returns The adapter.
 * @throws {Error} When the kit's Python environment `mcp` is absent.
 */
export function pythonReferenceAdapter(
  transport: "stdio" | "http",
  options: PythonReferenceOptions = {},
): Adapter {
  const python = requirePythonEnv("mcp");
  const env: Record<string, string> = {
    PYTHONDONTWRITEBYTECODE: "1",
    ...(options.mutant ? { NETCONFORM_MUTANT: options.mutant } : {}),
  };
  if (transport === "http") {
    return mcpHttpCommandAdapter([python, SERVER, "--http", "0"], {
      env,
      rootEnv: "NETDRYRUN_MCP_ROOT",
      callTimeoutMs: options.callTimeoutMs,
    });
  }
  return mcpStdioAdapter([python, SERVER, "--stdio"], {
    rootEnv: "NETDRYRUN_MCP_ROOT",
    env,
    callTimeoutMs: options.callTimeoutMs,
  });
}
