import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import type { Finding } from "../../src/core/types.ts";
import { isObject, type Obj, quote } from "../_json_value.ts";
import {
  addsSomeField,
  classify,
  type InputClass,
  isDecision,
  onlyAddsFields,
  onlyLabTextDiffers,
  onlyVerdictDiffers,
  VERDICT,
} from "./_result.ts";
import schema from "./observation.schema.json" with { type: "json" };
import { netdryrunConsumerRules } from "./rules.ts";

const levels = Object.fromEntries(netdryrunConsumerRules.map((r) => [r.id, r.level]));
const checkSchema = createSchemaChecker(schema, { defaultRule: "NDC-OBSERVATION", levels });
const finding = createFindingBuilder(netdryrunConsumerRules);

/** The rule that owns "must not apply" for each class of input (passed runs have none). */
const NO_APPLY: Record<InputClass, string> = {
  run: "NDC-NOT-PASSED",
  setup: "NDC-SETUP-ERROR",
  respelled: "NDC-STATUS-EXACT",
  unknown: "NDC-STATUS-UNKNOWN",
  "non-result": "NDC-NON-RESULT",
};

const RAISE_RULE: Record<InputClass, string> = {
  run: "NDC-ANSWERS",
  setup: "NDC-SETUP-ERROR",
  respelled: "NDC-ANSWERS",
  unknown: "NDC-ANSWERS",
  "non-result": "NDC-NON-RESULT",
};

const CLASS_TEXT: Record<InputClass, string> = {
  run: "a run result",
  setup: "a setup error",
  respelled: "a status that only resembles a known value",
  unknown: "a status v1 does not know",
  "non-result": "a value that is not a result",
};

function statusText(result: unknown): string {
  const status = isObject(result) ? result.status : undefined;
  return typeof status === "string" ? `status ${quote(status)}` : "no string status";
}

function replyText(reply: Obj): string {
  if ("raised" in reply) {
    const raised = isObject(reply.raised) ? reply.raised : {};
    const type = typeof raised.type === "string" ? raised.type : "?";
    const message = typeof raised.message === "string" ? raised.message : "";
    return `raised ${type}: ${quote(message, 200)}`;
  }
  return typeof reply.decision === "string"
    ? quote(reply.decision)
    : (JSON.stringify(reply.decision) ?? "undefined").slice(0, 80);
}

/** Judge the base call alone: totality, the decision value, and the status rules. */
function checkBase(obs: Obj, out: Finding[]): void {
  const input = obs.input as Obj;
  const reply = obs.output as Obj;
  const cls = classify(input.result);
  const status = statusText(input.result);
  if ("raised" in reply) {
    out.push(finding(
      RAISE_RULE[cls],
      "/output/raised",
      `decide raised on ${CLASS_TEXT[cls]} (${status}): ${replyText(reply)}`,
      { params: { input: input.result } },
    ));
    return;
  }
  const decision = reply.decision;
  if (!isDecision(decision)) {
    out.push(finding(
      "NDC-ANSWERS",
      "/output/decision",
      `decide answered ${replyText(reply)}, not "apply", "do-not-apply" or "retry"`,
      { expected: ["apply", "do-not-apply", "retry"], actual: decision },
    ));
    return;
  }
  const result = input.result as Obj;
  if (decision === "apply") {
    if (cls === "run" && result.status === "passed") return;
    const rule = cls === "run" && result.status === "inconclusive"
      ? "NDC-INCONCLUSIVE"
      : NO_APPLY[cls];
    out.push(finding(
      rule,
      "/output/decision",
      `decide applied the change on ${CLASS_TEXT[cls]} (${status})`,
      { expected: "not apply", actual: decision },
    ));
    return;
  }
  if (cls !== "run") return;
  if (
    result.status === "passed" && result.verdict === VERDICT.passed
  ) {
    out.push(finding(
      "NDC-PASSED-APPLIES",
      "/output/decision",
      `decide answered ${quote(decision)} on status "passed" with verdict CHECKS PASSED`,
      { expected: "apply", actual: decision },
    ));
  }
  // Judged only when the input says which attempt it is (the target's option attempts).
  if (
    result.status === "inconclusive" && decision === "retry" &&
    typeof input.attempt === "number" && input.attempt >= 2
  ) {
    out.push(finding(
      "NDC-RETRY-ONCE",
      "/output/decision",
      `decide asked for another retry on an inconclusive run that was already attempt ${input.attempt}`,
      { expected: "do-not-apply", actual: decision },
    ));
  }
}

const RELATION: Record<string, (a: unknown, b: unknown) => boolean> = {
  "lab-text": onlyLabTextDiffers,
  verdict: onlyVerdictDiffers,
  "extra-fields": (a, b) => onlyAddsFields(a, b) && addsSomeField(a, b),
};

const RELATION_TEXT: Record<string, string> = {
  "lab-text": "lab text",
  verdict: "the verdict",
  "extra-fields": "added fields",
};

const VARIANT_RULE: Record<string, string> = {
  "lab-text": "NDC-LAB-TEXT",
  verdict: "NDC-VERDICT-TEXT",
  "extra-fields": "NDC-EXTRA-FIELDS",
};

/** Judge the variant against the base: its relation, then its rule. */
function checkVariant(obs: Obj, out: Finding[]): void {
  const variant = obs.variant as Obj;
  const change = variant.change as string;
  const base = obs.input as Obj;
  const input = variant.input as Obj;
  if (input.attempt !== base.attempt || !RELATION[change](base.result, input.result)) {
    out.push(finding(
      "NDC-OBSERVATION",
      "/variant/input",
      `the variant's input does not differ from the base input by ${RELATION_TEXT[change]} only`,
    ));
    return;
  }
  const before = (obs.output as Obj).decision;
  if (!isDecision(before)) return; // the base call is judged on its own
  const reply = variant.output as Obj;
  const after = reply.decision;
  if (!("raised" in reply) && !isDecision(after)) {
    out.push(finding(
      "NDC-ANSWERS",
      "/variant/output/decision",
      `decide answered ${replyText(reply)}, not "apply", "do-not-apply" or "retry"`,
      { expected: ["apply", "do-not-apply", "retry"], actual: after },
    ));
    return;
  }
  const allowed = change === "verdict" ? [before, "do-not-apply"] : [before];
  if (!("raised" in reply) && allowed.includes(after as string)) return;
  const what = change === "verdict"
    ? `the verdict changed from ${quote(String((base.result as Obj).verdict))} to ${
      quote(String((input.result as Obj).verdict))
    } with ${statusText(base.result)} held`
    : change === "lab-text"
    ? "only lab text changed"
    : "only fields were added";
  out.push(finding(
    VARIANT_RULE[change],
    "raised" in reply ? "/variant/output/raised" : "/variant/output/decision",
    `the decision went from ${quote(before)} to ${replyText(reply)} when ${what}`,
    { expected: allowed.length === 1 ? before : allowed, actual: after },
  ));
}

/**
 * Judge one observation of a consumer's `decide`: the observation's shape, then the base
 * decision against its input's status (see the rules in `rules.ts`), then the variant's
 * decision against the base's. Never throws.
 *
 * @example Catch a gate that applies a status it does not know
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkConsumerObservation } from "./check.ts";
 *
 * const findings = checkConsumerObservation({
 *   input: { result: { status: "PASSED", verdict: "DO NOT APPLY THIS CHANGE" }, attempt: 1 },
 *   output: { decision: "apply" },
 * });
 * assert.deepEqual(findings.map((f) => f.ruleId), ["NDC-STATUS-EXACT"]);
 * ```
 *
 * @param value The observation (untrusted).
 * @returns Every finding.
 */
export function checkConsumerObservation(value: unknown): Finding[] {
  const shape = checkSchema(value);
  if (shape.length > 0) return shape;
  const obs = value as Obj;
  const out: Finding[] = [];
  checkBase(obs, out);
  if (obs.variant !== undefined) checkVariant(obs, out);
  return out;
}
