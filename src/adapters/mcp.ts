/**
 * MCP adapters, through the official TypeScript SDK: a server started over stdio, one reached
 * over Streamable HTTP, or any SDK transport. Only this module (and its files) loads the SDK.
 *
 * @example Make a stdio adapter (nothing starts until `start()`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpStdioAdapter } from "./mcp.ts";
 *
 * const adapter = mcpStdioAdapter(["my-netdryrun-server", "--stdio"]);
 * assert.equal(adapter.kind, "mcp-stdio");
 * await adapter.close();
 * ```
 *
 * @module
 */
export * from "./mcp_client.ts";
export * from "./mcp_stdio.ts";
export * from "./mcp_http.ts";
