import type { Profile } from "../../src/core/types.ts";
import { consumerObservationArbitrary } from "./arbitraries.ts";
import { checkConsumerObservation } from "./check.ts";
import { netdryrunConsumerMutations } from "./mutations.ts";
import schema from "./observation.schema.json" with { type: "json" };
import { netdryrunConsumerRules } from "./rules.ts";
import type { ConsumerObservation } from "./types.ts";

/**
 * The `netdryrun.consumer/v1` profile: a consumer (an agent, a CI gate) of what Netdryrun's
 * `dry_run` and `run_checks` return, judged by the sentences of
 * `netdryrun-mcp-result-v1.schema.json` that tell a consumer what to do ("Act on status and
 * verdict only", "decide on status, not on this text", "the verdict of any new value is DO
 * NOT APPLY THIS CHANGE", "retry at most once"). Its subject is an observation of one
 * decision and of the decision on a variant of the same result (see
 * {@linkcode ConsumerObservation}); the suite makes observations by calling a target's
 * `decide` operation.
 *
 * @example Check an observation
 * ```ts
 * import assert from "node:assert/strict";
 * import { netdryrunConsumerProfile } from "./profile.ts";
 *
 * const result = { status: "failed", verdict: "DO NOT APPLY THIS CHANGE" };
 * const findings = netdryrunConsumerProfile.check({
 *   input: { result, attempt: 1 },
 *   output: { decision: "do-not-apply" },
 *   variant: {
 *     change: "verdict",
 *     input: { result: { ...result, verdict: "CHECKS PASSED (only what the checks cover)" }, attempt: 1 },
 *     output: { decision: "apply" },
 *   },
 * });
 * assert.deepEqual(findings.map((f) => f.ruleId), ["NDC-VERDICT-TEXT"]);
 * ```
 */
export const netdryrunConsumerProfile: Profile<ConsumerObservation> = {
  id: "netdryrun.consumer/v1",
  title: "A consumer of Netdryrun dry_run / run_checks results (netdryrun.mcp-result/v1)",
  rules: netdryrunConsumerRules,
  schemas: { observation: schema },
  check: (value: unknown) => checkConsumerObservation(value),
  valid: consumerObservationArbitrary,
  mutations: netdryrunConsumerMutations,
  fixtures: new URL("../../fixtures/netdryrun-consumer/", import.meta.url),
};
