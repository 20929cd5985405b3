import type { CheckContext, Profile, Sample } from "../../src/core/types.ts";
import { netdryrunSchema } from "../netdryrun/_schema_checks.ts";
import { mcpObservationArbitrary } from "./arbitraries.ts";
import { checkMcpObservation } from "./check.ts";
import { netdryrunMcpMutations } from "./mutations.ts";
import observationSchema from "./observation.schema.json" with { type: "json" };
import { netdryrunMcpRules } from "./rules.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

/**
 * The `netdryrun.mcp-server/v1` profile: a Netdryrun MCP server as its agents meet it. Its
 * subject is an observation document (a tools/list answer, or a tools/call answer in its
 * scenario); its rules are the MCP-level ones (NDM-*) and the results profile's
 * (`netdryrun.mcp-result/v1`, NDR-*), reported with their own ids.
 *
 * @example Not a Netdryrun server at all
 * ```ts
 * import assert from "node:assert/strict";
 * import { netdryrunMcpProfile } from "./profile.ts";
 *
 * const findings = netdryrunMcpProfile.check({
 *   kind: "tools_list",
 *   result: { tools: [{ name: "get_weather", inputSchema: { type: "object" } }] },
 * });
 * assert.equal(findings.length, 1);
 * assert.equal(findings[0].ruleId, "NDM-TOOLS-OFFERED");
 * assert.match(findings[0].message, /not a Netdryrun MCP server/);
 * ```
 */
export const netdryrunMcpProfile: Profile<unknown> = {
  id: "netdryrun.mcp-server/v1",
  title: "Netdryrun MCP server, over MCP (netdryrun.mcp-server/v1)",
  rules: netdryrunMcpRules,
  schemas: { observation: observationSchema, "mcp-result-v1": netdryrunSchema },
  check: (value: unknown, _context?: CheckContext) => checkMcpObservation(value),
  valid: (): Arbitrary<Sample<unknown>> => mcpObservationArbitrary(),
  mutations: netdryrunMcpMutations,
  fixtures: new URL("../../fixtures/netdryrun-mcp/", import.meta.url),
};
