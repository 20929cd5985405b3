// The dispatch per tool: the schema of the branch, then the rules the schema cannot say, each
// in its own file under rules/ (rules.ts names it beside the rule). Never throws.
import type { Finding } from "../../src/core/types.ts";
import { hasOwn, isObject, type Obj } from "../_json_value.ts";
import { RUN_RESULT_KEYS } from "./_constants.ts";
import { checkRunResult } from "./_check_run_result.ts";
import {
  checkCheckTypesSchema,
  checkRunResultSchema,
  checkSetupErrorSchema,
  checkToolErrorSchema,
  checkValidateSchema,
} from "./_schema_checks.ts";
import { checkBaselineYaml } from "./rules/_baseline_yaml.ts";
import { checkCheckTypesParams } from "./rules/_check_types_params.ts";
import { excerpt, finding } from "./rules/_finding.ts";
import { checkPlainErrorText } from "./rules/_plain_error_text.ts";

export {
  MAX_PARSED_TEXT,
  REPORT_SCHEMA_ID,
  RUN_RESULT_KEYS,
  SCHEMA_ID,
  VERDICT,
} from "./_constants.ts";

const KNOWN_TOOLS = new Set([
  "dry_run",
  "run_checks",
  "validate",
  "check_types",
  "record_baseline",
]);

/** Whether a dry_run/run_checks document means a run result (else a setup error). */
export function isRunResult(value: unknown): boolean {
  if (!isObject(value)) return true;
  if (value.status !== "error") return true;
  return RUN_RESULT_KEYS.some((k) => hasOwn(value, k));
}

/**
 * Check a value for a tool (context already read). The schema findings come first: the
 * branch's schema check returns a new array, and the rules append to it.
 */
export function checkValue(value: unknown, tool: unknown, evidenceFiles: unknown): Finding[] {
  let out: Finding[] = [];
  try {
    switch (KNOWN_TOOLS.has(tool as string) ? tool : undefined) {
      case "validate":
        out = checkValidateSchema(value);
        if (isObject(value) && value.valid === false) checkPlainErrorText(value.error, out);
        break;
      case "check_types":
        out = checkCheckTypesSchema(value);
        checkCheckTypesParams(value, out);
        break;
      case "record_baseline":
        if (typeof value === "string") checkBaselineYaml(value, out);
        else {
          out = checkToolErrorSchema(value);
          if (isObject(value)) checkPlainErrorText(value.error, out);
        }
        break;
      default:
        if (isRunResult(value)) {
          out = checkRunResultSchema(value);
          if (isObject(value)) checkRunResult(value, tool, evidenceFiles, out);
        } else {
          out = checkSetupErrorSchema(value);
          checkPlainErrorText((value as Obj).error, out);
        }
    }
  } catch (error) {
    // A bug of the kit or a pathological value: report it instead of throwing.
    out.push(
      finding("NDR-SCHEMA", "", `value could not be checked: ${excerpt(String(error), 200)}`, {
        keyword: "internal",
      }),
    );
  }
  return out;
}
