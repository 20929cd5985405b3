import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import type { CheckContext, Finding, Profile, Sample } from "../../src/core/types.ts";
import { checkCrossField } from "./_check_cross_field.ts";
import { checkAgainstLab, isLabCall } from "./_check_lab.ts";
import { checkNodesAgainstLab, isNodeLabCall } from "./_check_lab_nodes.ts";
import { labSampleArbitrary } from "./_lab_samples.ts";
import fc from "fast-check";
import { toolResponseArbitrary } from "./arbitraries.ts";
import { toolResponseMutations } from "./mutations.ts";
import { toolResponseRules } from "./rules.ts";
import schema from "./schema.json" with { type: "json" };
import type { ToolResponse } from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

const levels = Object.fromEntries(toolResponseRules.map((r) => [r.id, r.level]));

const checkSchema = createSchemaChecker(schema, {
  defaultRule: "TR-SCHEMA",
  levels,
  // Union types ("string" or null) are how the spec's optional fields arrive from Python;
  // `then: {required}` names properties declared beside `if`, which strictRequired flags.
  ajv: { allowUnionTypes: true, strictRequired: false },
  mappings: [
    { schemaPath: "#/$defs/global_error", ruleId: "TR-ERROR-STRING" },
    { schemaPath: "#/$defs/global_error/allOf/0", ruleId: "TR-ERROR-NONEMPTY" },
    { schemaPath: "#/$defs/metadata", ruleId: "TR-METADATA-OBJECT" },
    { schemaPath: "#/$defs/metadata/properties/version", ruleId: "TR-METADATA-VERSION" },
    {
      schemaPath: "#/$defs/metadata/properties/execution_time",
      ruleId: "TR-METADATA-EXECUTION-TIME",
    },
    { schemaPath: "#/$defs/metadata/properties/tool_name", ruleId: "TR-METADATA-TOOL-NAME" },
    { schemaPath: "#/$defs/item/allOf/0", ruleId: "TR-ITEM-ID" },
    { schemaPath: "#/$defs/item/allOf/1", ruleId: "TR-ITEM-NAME" },
    { schemaPath: "#/$defs/item/allOf/2", ruleId: "TR-ITEM-STATUS" },
    { schemaPath: "#/$defs/item/allOf/3", ruleId: "TR-ITEM-RESULT" },
    { schemaPath: "#/$defs/item/allOf/4", ruleId: "TR-ITEM-ERROR" },
  ],
});

/**
 * Check a value against the GNS3 Copilot tool response format v1.0: the JSON Schema, then
 * the cross-field rules. Never throws.
 *
 * @example Find a wrong total
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkToolResponse } from "./profile.ts";
 *
 * const findings = checkToolResponse({ success: true, total: 2, successful: 0, failed: 0, data: [] });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["TR-TOTAL", "/total"]]);
 * ```
 *
 * @param value The value to check (untrusted data).
 * @param context `lab`: the generated call (with its scenario) the value answers, for the lab
 * rules (TR-LAB-*); without it they do not apply.
 * @returns Every finding, schema findings first.
 */
export function checkToolResponse(value: unknown, context?: CheckContext): Finding[] {
  // The cross-field findings are appended to the schema's: one array per call.
  const findings = checkCrossField(value, checkSchema(value));
  const lab = context?.lab;
  if (isLabCall(lab)) return checkAgainstLab(lab, value, findings);
  return isNodeLabCall(lab) ? checkNodesAgainstLab(lab, value, findings) : findings;
}

/** The `gns3.tool-response/v1.0` profile: GNS3 Copilot Tool Response Format Standard v1.0. */
export const toolResponseProfile: Profile<ToolResponse> = {
  id: "gns3.tool-response/v1.0",
  title: "GNS3 Copilot tool response format v1.0",
  rules: toolResponseRules,
  schemas: { response: schema },
  check: (value: unknown, context?: CheckContext) => checkToolResponse(value, context),
  valid: (): Arbitrary<Sample<ToolResponse>> =>
    fc.oneof(
      { weight: 3, arbitrary: toolResponseArbitrary().map((value) => ({ value })) },
      { weight: 1, arbitrary: labSampleArbitrary() },
    ),
  mutations: toolResponseMutations,
  fixtures: new URL("../../fixtures/tool-response/", import.meta.url),
};
