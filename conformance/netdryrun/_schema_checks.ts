// The compiled schema checks, one per branch, each attributing errors to the profile's rules.
import { createSchemaChecker, type SchemaChecker } from "../../src/core/schema_checker.ts";
import type { Finding } from "../../src/core/types.ts";
import { netdryrunRules } from "./rules.ts";
import schema from "./mcp-result-v1.schema.json" with { type: "json" };

/** The shipped schema, as data. */
export const netdryrunSchema: unknown = schema;

const levels = Object.fromEntries(netdryrunRules.map((r) => [r.id, r.level]));

function checker(ref: string, mappings: { schemaPath: string; ruleId: string }[]): SchemaChecker {
  return createSchemaChecker(schema, {
    defaultRule: "NDR-SCHEMA",
    levels,
    ref,
    mappings,
    // The schema is normative and shipped unchanged. Strict mode rejects its
    // `failures: {maxItems: 0}` inside `then` (no `type: "array"` beside it), so only the
    // strictTypes part of strict mode is turned off; every other strict check stays on.
    ajv: { strictTypes: false },
  });
}

// ajv reports schema paths relative to the compiled branch (`#/allOf/0/...`), except for
// small definitions it inlines (`#/$defs/verdict/enum`). `#/required` is ambiguous (run
// result, check, failure, evidence): see `attribute` below.
const runResult = checker("#/$defs/run_result", [
  { schemaPath: "#/$defs/verdict", ruleId: "NDR-VERDICT" },
  { schemaPath: "#/allOf/0/then/properties/verdict", ruleId: "NDR-VERDICT" },
  { schemaPath: "#/allOf/1/then/properties/verdict", ruleId: "NDR-VERDICT" },
  { schemaPath: "#/allOf/2/then/properties/verdict", ruleId: "NDR-VERDICT" },
  { schemaPath: "#/allOf/0/then/properties/failed", ruleId: "NDR-PASSED-ALL" },
  { schemaPath: "#/allOf/0/then/properties/failures", ruleId: "NDR-PASSED-ALL" },
  { schemaPath: "#/allOf/1/then/properties/inconclusive_reason", ruleId: "NDR-STATUS-TEXT" },
  { schemaPath: "#/allOf/3/then/properties/error", ruleId: "NDR-STATUS-TEXT" },
  { schemaPath: "#/properties/tested/properties/files", ruleId: "NDR-TESTED-FILES" },
  { schemaPath: "#/properties/tested/properties/config", ruleId: "NDR-TESTED-CONFIG" },
]);
const setupError = checker("#/$defs/setup_error", [
  { schemaPath: "#/properties/verdict", ruleId: "NDR-VERDICT" },
]);
const validateValid = checker("#/$defs/validate_result/anyOf/0", []);
const validateInvalid = checker("#/$defs/validate_result/anyOf/1", []);
const validateAny = checker("#/$defs/validate_result", []);
const checkTypes = checker("#/$defs/check_types_result", []);
const toolError = checker("#/$defs/tool_error", []);

function attribute(findings: Finding[]): Finding[] {
  for (const f of findings) {
    // A property of the run result itself is missing: the document is a partial run result.
    if (f.keyword === "required" && f.instancePath === "") {
      f.ruleId = "NDR-BRANCH";
      f.level = levels["NDR-BRANCH"];
      f.message =
        `a run result ${f.message} (the document is a run result, so the setup_error branch does not excuse it)`;
    }
  }
  return findings;
}

/** Schema findings of a value read as a run result. */
export const checkRunResultSchema = (value: unknown): Finding[] => attribute(runResult(value));
/** Schema findings of a value read as a setup error. */
export const checkSetupErrorSchema = setupError;
/** Schema findings of a validate result, its branch chosen by `valid`. */
export function checkValidateSchema(value: unknown): Finding[] {
  const valid = (value as { valid?: unknown } | null)?.valid;
  if (valid === true) return validateValid(value);
  if (valid === false) return validateInvalid(value);
  return validateAny(value);
}
/** Schema findings of a check_types result. */
export const checkCheckTypesSchema = checkTypes;
/** Schema findings of a tool error. */
export const checkToolErrorSchema = toolError;
