import { createFindingBuilder, type FindingBuilder } from "../../src/core/finding_builder.ts";
import { chatLimitsRules } from "./rules.ts";

const levels = new Map(chatLimitsRules.map((r) => [r.id, r.level]));

/** Rule levels by id, for the schema checkers. */
export const ruleLevels: Readonly<Record<string, "MUST" | "SHOULD">> = Object.fromEntries(levels);

/** A finding of a rule of this profile, with the rule's level. */
export const finding: FindingBuilder = createFindingBuilder(chatLimitsRules);

export { quote } from "../_json_value.ts";
