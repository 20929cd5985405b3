import fc from "fast-check";
import type { Mutated, Mutation } from "../../src/core/types.ts";
import { isObject, type Obj } from "../_json_value.ts";
import { classify, type InputClass, VERDICT } from "./_result.ts";
import type { ConsumerObservation } from "./types.ts";

type Obs = ConsumerObservation;

const decisionOf = (obs: Obs): unknown =>
  "decision" in obs.output ? obs.output.decision : undefined;
const statusOf = (obs: Obs): unknown =>
  isObject(obs.input.result) ? obs.input.result.status : undefined;

/** Set the base decision, and the variant's to the same (so that no variant rule fires). */
function decideBoth(obs: Obs, decision: string): void {
  obs.output = { decision };
  if (obs.variant) obs.variant.output = { decision };
}

function mutation(
  id: string,
  ruleId: string,
  description: string,
  applies: (obs: Obs) => boolean,
  edit: (copy: Obs) => string,
): Mutation<Obs> {
  return {
    id,
    ruleId,
    description,
    mutate(value) {
      if (!isObject(value) || !isObject(value.input) || !applies(value)) return undefined;
      return fc.constant(null).map((): Mutated<Obs> => {
        const copy = structuredClone(value);
        return { value: copy, instancePath: edit(copy) };
      });
    },
  };
}

/** The base input is of this class (and, for runs, of one of these statuses). */
const baseIs = (cls: InputClass, statuses?: string[]) => (obs: Obs) =>
  classify(obs.input.result) === cls &&
  (!statuses || statuses.includes(statusOf(obs) as string));

const applyOn = (id: string, ruleId: string, what: string, applies: (obs: Obs) => boolean) =>
  mutation(id, ruleId, `apply the change on ${what}`, applies, (copy) => {
    decideBoth(copy, "apply");
    return "/output/decision";
  });

/** Near-miss observations of `netdryrun.consumer/v1`, one or more per rule. */
export const netdryrunConsumerMutations: readonly Mutation<ConsumerObservation>[] = [
  mutation("drop-output", "NDC-OBSERVATION", "drop the base output", () => true, (copy) => {
    delete (copy as Partial<Obs>).output;
    return "";
  }),
  mutation(
    "variant-changes-status",
    "NDC-OBSERVATION",
    "make the variant change the status as well",
    (obs) => obs.variant !== undefined && isObject(obs.variant.input.result),
    (copy) => {
      const result = copy.variant!.input.result as Obj;
      result.status = result.status === "failed" ? "passed" : "failed";
      return "/variant/input";
    },
  ),
  mutation(
    "answer-upper-case",
    "NDC-ANSWERS",
    'answer "APPLY" instead of a decision',
    () => true,
    (copy) => {
      copy.output = { decision: "APPLY" };
      return "/output/decision";
    },
  ),
  mutation(
    "raise-on-run",
    "NDC-ANSWERS",
    "raise on a run result",
    (obs) => ["run", "respelled", "unknown"].includes(classify(obs.input.result)),
    (copy) => {
      copy.output = { raised: { type: "KeyError", message: "'detail'" } };
      return "/output/raised";
    },
  ),
  mutation(
    "refuse-passed",
    "NDC-PASSED-APPLIES",
    "refuse a passed run whose verdict is CHECKS PASSED",
    (obs) =>
      baseIs("run", ["passed"])(obs) && (obs.input.result as Obj).verdict === VERDICT.passed &&
      (obs.variant?.change !== "verdict"),
    (copy) => {
      decideBoth(copy, "do-not-apply");
      return "/output/decision";
    },
  ),
  applyOn(
    "apply-failed",
    "NDC-NOT-PASSED",
    "a failed or error run",
    baseIs("run", ["failed", "error"]),
  ),
  applyOn(
    "apply-inconclusive",
    "NDC-INCONCLUSIVE",
    "an inconclusive run",
    baseIs("run", ["inconclusive"]),
  ),
  mutation(
    "retry-again",
    "NDC-RETRY-ONCE",
    "retry an inconclusive run that was already a retry",
    (obs) => baseIs("run", ["inconclusive"])(obs) && (obs.input.attempt ?? 0) >= 2,
    (copy) => {
      decideBoth(copy, "retry");
      return "/output/decision";
    },
  ),
  applyOn("apply-respelled", "NDC-STATUS-EXACT", "a respelled status", baseIs("respelled")),
  applyOn("apply-unknown", "NDC-STATUS-UNKNOWN", "a status v1 does not know", baseIs("unknown")),
  applyOn("apply-setup-error", "NDC-SETUP-ERROR", "a setup error", baseIs("setup")),
  mutation(
    "raise-on-setup-error",
    "NDC-SETUP-ERROR",
    "raise on a setup error",
    baseIs("setup"),
    (copy) => {
      copy.output = { raised: { type: "KeyError", message: "'checks'" } };
      return "/output/raised";
    },
  ),
  applyOn(
    "apply-non-result",
    "NDC-NON-RESULT",
    "a value that is not a result",
    baseIs("non-result"),
  ),
  mutation(
    "swayed-by-lab-text",
    "NDC-LAB-TEXT",
    "change the decision on the lab-text variant",
    (obs) => obs.variant?.change === "lab-text" && typeof decisionOf(obs) === "string",
    (copy) => {
      copy.variant!.output = { decision: decisionOf(copy) === "apply" ? "do-not-apply" : "apply" };
      return "/variant/output/decision";
    },
  ),
  mutation(
    "crash-on-lab-text",
    "NDC-LAB-TEXT",
    "raise on the lab-text variant",
    (obs) => obs.variant?.change === "lab-text" && typeof decisionOf(obs) === "string",
    (copy) => {
      copy.variant!.output = {
        raised: { type: "UnicodeEncodeError", message: "surrogates not allowed" },
      };
      return "/variant/output/raised";
    },
  ),
  mutation(
    "swayed-by-verdict",
    "NDC-VERDICT-TEXT",
    "apply (or retry) on the verdict variant where the base did not",
    (obs) => obs.variant?.change === "verdict" && typeof decisionOf(obs) === "string",
    (copy) => {
      copy.variant!.output = { decision: decisionOf(copy) === "apply" ? "retry" : "apply" };
      return "/variant/output/decision";
    },
  ),
  mutation(
    "swayed-by-extra-fields",
    "NDC-EXTRA-FIELDS",
    "change the decision on the extra-fields variant",
    (obs) => obs.variant?.change === "extra-fields" && typeof decisionOf(obs) === "string",
    (copy) => {
      copy.variant!.output = { decision: decisionOf(copy) === "apply" ? "do-not-apply" : "apply" };
      return "/variant/output/decision";
    },
  ),
];
