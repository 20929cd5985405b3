// What every rule check of this folder shares: the finding builder and the excerpt of a value.
import { createFindingBuilder, type FindingBuilder } from "../../../src/core/finding_builder.ts";
import { netdryrunRules } from "../rules.ts";

/** A finding of a rule of this profile, with the rule's level (throws on an unknown id). */
export const finding: FindingBuilder = createFindingBuilder(netdryrunRules);

/** A string cut to `max` UTF-16 units (then "…"); any other value as is. */
export function excerpt(value: unknown, max = 80): unknown {
  if (typeof value !== "string") return value;
  return value.length <= max ? value : value.slice(0, max) + "…";
}
