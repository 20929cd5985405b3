import type { CheckContext, Profile, Sample } from "../../src/core/types.ts";
import { netdryrunSchema } from "./_schema_checks.ts";
import { sampleOf } from "./_sample.ts";
import { netdryrunModelArbitrary } from "./arbitraries.ts";
import { checkNetdryrun } from "./check.ts";
import { netdryrunMutations } from "./mutations.ts";
import { netdryrunRules } from "./rules.ts";
import type { NetdryrunValue } from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

/**
 * The `netdryrun.mcp-result/v1` profile: what a Netdryrun MCP server's tools return. Check a
 * value with `check(value, {tool})` (see {@linkcode checkNetdryrun} for the context).
 *
 * @example Check a setup error
 * ```ts
 * import assert from "node:assert/strict";
 * import { netdryrunProfile } from "./profile.ts";
 *
 * const findings = netdryrunProfile.check(
 *   { status: "error", error: "netdryrun.yml: no such file", verdict: "CHECKS PASSED (only what the checks cover)" },
 *   { tool: "dry_run" },
 * );
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["NDR-VERDICT", "/verdict"]]);
 * ```
 */
export const netdryrunProfile: Profile<NetdryrunValue> = {
  id: "netdryrun.mcp-result/v1",
  title: "Netdryrun MCP tool results (netdryrun.mcp-result/v1)",
  rules: netdryrunRules,
  schemas: { "mcp-result-v1": netdryrunSchema },
  check: (value: unknown, context?: CheckContext) => checkNetdryrun(value, context),
  valid: (): Arbitrary<Sample<NetdryrunValue>> => netdryrunModelArbitrary().map(sampleOf),
  mutations: netdryrunMutations,
  fixtures: new URL("../../fixtures/netdryrun/", import.meta.url),
  contextOptions: [{
    name: "tool",
    description: "the MCP tool that returned the document (its rules depend on it)",
    values: ["dry_run", "run_checks", "validate", "check_types", "record_baseline"],
    required: true,
  }],
};
