/**
 * The reference Netdryrun MCP server: the five tools on an MCP SDK `Server` (low-level API,
 * so that tool schemas are plain JSON Schema and results are sent as built).
 *
 * @module
 */
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  McpError,
  Server,
} from "../../../src/adapters/_mcp_sdk.ts";
import { netdryrunTools, type NetdryrunToolsOptions } from "./tools.ts";
import { ToolNotFound } from "./tool_not_found.ts";
import { SERVER_VERSION } from "./_util.ts";

/** Options of {@linkcode createNetdryrunServer}. */
export interface NetdryrunServerOptions extends NetdryrunToolsOptions {
  /**
   * Called by the `crash-mid-call` mutant before it exits, to write half a message.
   *
   * @default undefined (exit at once)
   */
  onCrash?: () => void;
}

/** The server name reported at initialization. */
export const SERVER_NAME = "netdryrun-reference";

const INVALID_PARAMS = -32602;

/**
 * Make one MCP server session of the reference Netdryrun server.
 *
 * The mutants `hang-tool` (run_checks never answers) and `crash-mid-call` (dry_run exits the
 * process in the middle of its answer) live here; the others in the tools.
 *
 * @example Connect a client in memory
 * ```ts
 * import assert from "node:assert/strict";
 * import { createNetdryrunServer } from "./server.ts";
 * import { Client, InMemoryTransport } from "../../../src/adapters/_mcp_sdk.ts";
 *
 * const [a, b] = InMemoryTransport.createLinkedPair();
 * const server = createNetdryrunServer();
 * await server.connect(a);
 * const client = new Client({ name: "doc", version: "1" });
 * await client.connect(b);
 * const { tools } = await client.listTools();
 * assert.equal(tools.length, 5);
 * await client.close();
 * await server.close();
 * ```
 *
 * @param options Root, working folder, lab driver, mutant.
 * @returns The server, not yet connected.
 */
export function createNetdryrunServer(options: NetdryrunServerOptions = {}): Server {
  const tools = netdryrunTools(options);
  const server = new Server(
    { name: SERVER_NAME, version: SERVER_VERSION },
    { capabilities: { tools: {} } },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.list() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args } = request.params;
    if (options.mutant === "hang-tool" && name === "run_checks") {
      await new Promise(() => {});
    }
    if (options.mutant === "crash-mid-call" && name === "dry_run") {
      options.onCrash?.();
      Deno.exit(70);
    }
    try {
      return await tools.call(name, (args ?? {}) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof ToolNotFound && options.mutant === "unknown-tool-result") {
        return { content: [{ type: "text", text: error.message }], isError: true };
      }
      if (error instanceof ToolNotFound) throw new McpError(INVALID_PARAMS, error.message);
      throw error;
    }
  });
  return server;
}
