import fc from "fast-check";
import { type PropertyDetails, runProperty } from "./run_property.ts";
import type { Finding, Mutated, Mutation, Profile, Sample } from "./types.ts";

/** Options of {@linkcode checkProfile} and {@linkcode assertProfile}. */
export interface CheckProfileOptions {
  /** Seed of every property. */
  seed: number;
  /**
   * Runs per property.
   *
   * @default 200
   */
  numRuns?: number;
  /**
   * Replay path from a failure report (with its seed), to rerun one counterexample.
   *
   * @default undefined
   */
  path?: string;
  /**
   * Only these properties (`valid`, `total`, `mutation:<id>`); all when absent.
   *
   * @default undefined
   */
  only?: readonly string[];
}

function summarize(findings: Finding[]): string {
  return findings.map((f) => `${f.ruleId} at "${f.instancePath}": ${f.message}`).join("; ") ||
    "no findings";
}

function validProperty(profile: Profile): fc.IProperty<[Sample<unknown>]> {
  return fc.property(profile.valid(), (sample) => {
    const findings = profile.check(sample.value, sample.context);
    if (findings.length > 0) throw new Error(`valid sample has findings: ${summarize(findings)}`);
  });
}

function totalProperty(profile: Profile): fc.IProperty<[unknown]> {
  return fc.property(fc.anything({ withNullPrototype: true, withBigInt: false }), (value) => {
    const findings = profile.check(value);
    if (!Array.isArray(findings)) throw new Error("check did not return an array");
  });
}

function mutationProperty(
  profile: Profile,
  mutation: Mutation<unknown>,
): fc.IProperty<[Mutated<unknown> | undefined]> {
  const arb = profile.valid().chain((sample) => {
    const mutated = mutation.mutate(sample.value, sample.context);
    if (!mutated) return fc.constant(undefined);
    return mutated.map((m) => m.context || !sample.context ? m : { ...m, context: sample.context });
  });
  return fc.property(arb, (mutated) => {
    fc.pre(mutated !== undefined);
    const m = mutated as Mutated<unknown>;
    const findings = profile.check(m.value, m.context);
    const fired = [...new Set(findings.map((f) => f.ruleId))].sort();
    if (fired.length !== 1 || fired[0] !== mutation.ruleId) {
      throw new Error(
        `mutation "${mutation.id}" must be caught by "${mutation.ruleId}" alone, got [${
          fired.join(", ")
        }]: ${summarize(findings)}`,
      );
    }
    if (!findings.some((f) => f.instancePath === m.instancePath)) {
      throw new Error(
        `mutation "${mutation.id}" broke "${m.instancePath}" but "${mutation.ruleId}" reported ${
          JSON.stringify(findings.map((f) => f.instancePath))
        }`,
      );
    }
  });
}

/**
 * Run a profile's own properties, fast-check style, and return plain run details.
 *
 * - `valid`: every generated valid sample has zero findings (any level);
 * - `total`: `check` returns findings for any value at all and never throws;
 * - `mutation:<id>`: each mutation is caught by the rule it names, alone, at its path.
 *
 * @example Check a profile's properties
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkProfile } from "./check_profile.ts";
 * import { toolResponseProfile } from "../../conformance/tool_response/profile.ts";
 *
 * const details = checkProfile(toolResponseProfile, { seed: 1, numRuns: 20 });
 * assert.ok(details.every((d) => !d.failed));
 * ```
 *
 * @param profile The profile.
 * @param options Seed, runs and an optional replay path.
 * @returns One entry per property.
 */
export function checkProfile(profile: Profile, options: CheckProfileOptions): PropertyDetails[] {
  const properties: [string, fc.IProperty<[never]>][] = [
    ["valid", validProperty(profile) as fc.IProperty<[never]>],
    ["total", totalProperty(profile) as fc.IProperty<[never]>],
    ...profile.mutations.map((m): [string, fc.IProperty<[never]>] => [
      `mutation:${m.id}`,
      mutationProperty(profile, m) as fc.IProperty<[never]>,
    ]),
  ];
  const out: PropertyDetails[] = [];
  for (const [name, property] of properties) {
    if (options.only && !options.only.includes(name)) continue;
    const entry = runProperty(name, property, options);
    out.push(entry);
  }
  return out;
}

/**
 * Like {@linkcode checkProfile}, but throws when a property fails or a mutation never applied.
 *
 * @example Assert a profile's properties
 * ```ts
 * import { assertProfile } from "./check_profile.ts";
 * import { toolResponseProfile } from "../../conformance/tool_response/profile.ts";
 *
 * assertProfile(toolResponseProfile, { seed: 7, numRuns: 20 });
 * ```
 *
 * @param profile The profile.
 * @param options Seed, runs and an optional replay path.
 * @throws {Error} Listing each failed property with its counterexample and `{ seed, path }`.
 */
export function assertProfile(profile: Profile, options: CheckProfileOptions): void {
  const details = checkProfile(profile, options);
  const failed = details.filter((d) => d.failed || d.numRuns === 0);
  if (failed.length === 0) return;
  const lines = failed.map((d) =>
    d.failed && d.counterexamplePath === undefined
      ? `- ${d.property}: ${d.error} (seed ${d.seed})`
      : d.failed
      ? `- ${d.property}: ${d.error}\n  counterexample: ${
        JSON.stringify(d.counterexample)?.slice(0, 2000)
      }\n  replay: ${d.replay}`
      : `- ${d.property}: never applied in ${d.numSkips} generated values (seed ${d.seed})`
  );
  throw new Error(
    `Profile "${profile.id}" failed ${failed.length} properties:\n${lines.join("\n")}`,
  );
}
