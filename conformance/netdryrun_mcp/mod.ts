/**
 * The `netdryrun.mcp-server/v1` profile: a real Netdryrun MCP server over stdio or Streamable
 * HTTP (the tools it offers, scenarios run against it, each result judged by the
 * `netdryrun.mcp-result/v1` profile). Its rules, the observation check and the suite; run it
 * with an adapter from `@netconform/netconform/adapters/mcp`.
 *
 * @example The tools a server must offer
 * ```ts
 * import assert from "node:assert/strict";
 * import { NETDRYRUN_TOOLS, netdryrunMcpProfile } from "./mod.ts";
 *
 * assert.ok(NETDRYRUN_TOOLS.includes("dry_run"));
 * assert.equal(netdryrunMcpProfile.id, "netdryrun.mcp-server/v1");
 * ```
 *
 * @module
 */
export * from "./rules.ts";
export * from "./check.ts";
export * from "./profile.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
