import type { InputClass } from "../../src/core/types.ts";
import { isObject } from "../_json_value.ts";
import { classify, KNOWN_STATUSES } from "./_result.ts";
import type { ConsumerCaseInput } from "./arbitraries.ts";

/**
 * The declared input classes of the `netdryrun.consumer/v1` suite: each class of result the
 * profile reads (a run with each status enum value, a setup error, a respelled status, a
 * status a later v1 adds, a value that is not a result), first run and retry, and each
 * metamorphic variant (none, lab text, verdict text, extra fields).
 */
export const consumerClasses: readonly InputClass[] = [
  ...KNOWN_STATUSES.map((status) => ({
    id: `run-${status}`,
    description: `a run result with status "${status}"`,
  })),
  { id: "setup-error", description: "a setup error (status error, no checks)" },
  { id: "respelled", description: 'a status respelled ("Passed ", "PASS", ...)' },
  { id: "unknown-status", description: "a status a later v1 adds" },
  { id: "non-result", description: "a value that is not a result" },
  { id: "attempt-first", description: "a first run (attempt 1)" },
  { id: "attempt-retry", description: "the run after a retry (attempt 2)" },
  { id: "variant-none", description: "no variant" },
  { id: "variant-lab-text", description: "a variant with the lab text replaced" },
  { id: "variant-verdict", description: "a variant with the verdict text changed" },
  { id: "variant-extra-fields", description: "a variant with fields added" },
];

/**
 * The declared classes a consumer case input hits.
 *
 * @param input The case input.
 * @returns The class ids.
 */
export function consumerClassesOf(input: ConsumerCaseInput): string[] {
  const result = input.base.result;
  const out: string[] = [];
  switch (classify(result)) {
    case "run":
      out.push(`run-${isObject(result) ? String(result.status) : ""}`);
      break;
    case "setup":
      out.push("setup-error");
      break;
    case "respelled":
      out.push("respelled");
      break;
    case "unknown":
      out.push("unknown-status");
      break;
    default:
      out.push("non-result");
  }
  out.push(input.base.attempt > 1 ? "attempt-retry" : "attempt-first");
  out.push(input.variant ? `variant-${input.variant.change}` : "variant-none");
  return out;
}
