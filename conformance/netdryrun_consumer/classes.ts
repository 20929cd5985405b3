import type { InputClass } from "../../src/core/types.ts";
import { isObject } from "../_json_value.ts";
import { classify, KNOWN_STATUSES } from "./_result.ts";
import type { ConsumerCaseInput } from "./arbitraries.ts";

const CLASSES: readonly InputClass[] = [
  ...KNOWN_STATUSES.map((status) => ({
    id: `run-${status}`,
    description: `a run result with status "${status}"`,
  })),
  { id: "setup-error", description: "a setup error (status error, no checks)" },
  {
    id: "respelled-case",
    description: 'a known status in other letter case only ("PASSED", "Passed", "FAILED")',
  },
  {
    id: "respelled-other",
    description: 'a status respelled otherwise (" passed", "ｐａｓｓｅｄ", "pass", "passd")',
  },
  { id: "unknown-status", description: "a status a later v1 adds" },
  { id: "non-result", description: "a value that is not a result" },
  { id: "variant-none", description: "no variant" },
  { id: "variant-lab-text", description: "a variant with the lab text replaced" },
  { id: "variant-verdict", description: "a variant with the verdict text changed" },
  { id: "variant-extra-fields", description: "a variant with fields added" },
];

const ATTEMPT_CLASSES: readonly InputClass[] = [
  { id: "attempt-first", description: "a first run (attempt 1)" },
  { id: "attempt-retry", description: "the run after a retry (attempt 2)" },
];

/**
 * The declared input classes of the `netdryrun.consumer/v1` suite: each class of result the
 * profile reads (a run with each status enum value, a setup error, a respelled status, a
 * status a later v1 adds, a value that is not a result), each metamorphic variant (none, lab
 * text, verdict text, extra fields) and, for a consumer that counts its retries, first run
 * and retry.
 *
 * @param attempts Whether inputs carry `attempt` (the target's option `attempts`).
 * @returns The classes.
 */
export function consumerClasses(attempts: boolean): readonly InputClass[] {
  return attempts ? [...CLASSES, ...ATTEMPT_CLASSES] : CLASSES;
}

/** A status that is a known value in other letter case (and differs from it). */
function isOtherCase(result: unknown): boolean {
  const status = isObject(result) ? result.status : undefined;
  return typeof status === "string" &&
    (KNOWN_STATUSES as readonly string[]).includes(status.toLowerCase());
}

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
      out.push(isOtherCase(result) ? "respelled-case" : "respelled-other");
      break;
    case "unknown":
      out.push("unknown-status");
      break;
    default:
      out.push("non-result");
  }
  const attempt = input.base.attempt;
  if (attempt !== undefined) out.push(attempt > 1 ? "attempt-retry" : "attempt-first");
  out.push(input.variant ? `variant-${input.variant.change}` : "variant-none");
  return out;
}
