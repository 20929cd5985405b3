import type { CheckContext, Profile } from "../../src/core/types.ts";
import { normalizerObservationArbitrary } from "./arbitraries.ts";
import { checkNormalizerObservation } from "./check.ts";
import { normalizerMutations } from "./mutations.ts";
import schema from "./observation.schema.json" with { type: "json" };
import { normalizerRules } from "./rules.ts";
import type { NormalizerObservation } from "./types.ts";

/**
 * The `gns3.normalizer/v1.0` profile: `normalize_tool_response(raw, tool_name)` of the GNS3
 * Copilot tool response standard v1.0 ("Using the Standardization Function",
 * "Compatibility"). Its subject is an observation of one call (see
 * {@linkcode NormalizerObservation}); the suite makes observations by calling a target.
 *
 * @example Check an observation
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizerProfile } from "./profile.ts";
 *
 * const findings = normalizerProfile.check({
 *   input: { raw: { error: "Invalid project_id format" }, tool_name: "list_nodes" },
 *   output: { raised: { type: "KeyError", message: "'nodes'" } },
 * });
 * assert.deepEqual(findings.map((f) => f.ruleId), ["NORM-TOTAL"]);
 * ```
 */
export const normalizerProfile: Profile<NormalizerObservation> = {
  id: "gns3.normalizer/v1.0",
  title: "GNS3 Copilot normalize_tool_response (tool response format v1.0)",
  rules: normalizerRules,
  schemas: { observation: schema },
  check: (value: unknown, context?: CheckContext) => checkNormalizerObservation(value, context),
  valid: normalizerObservationArbitrary,
  mutations: normalizerMutations,
  fixtures: new URL("../../fixtures/normalizer/", import.meta.url),
};
