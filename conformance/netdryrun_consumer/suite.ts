import { loadFixtures } from "../../src/core/fixtures.ts";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { isObject, type Obj } from "../_json_value.ts";
import { classify } from "./_result.ts";
import { consumerCaseArbitrary, type ConsumerCaseInput, NON_RESULTS } from "./arbitraries.ts";
import { netdryrunConsumerProfile } from "./profile.ts";
import { coveringGeneratedCaseStream } from "../_class_cover.ts";
import { consumerClasses, consumerClassesOf } from "./classes.ts";
import type { ConsumerObservation, DecideInput, DecideReply, VariantChange } from "./types.ts";

const VARIANT_RULE: Record<VariantChange, string> = {
  "lab-text": "NDC-LAB-TEXT",
  verdict: "NDC-VERDICT-TEXT",
  "extra-fields": "NDC-EXTRA-FIELDS",
};

/** The rules a case exercises: the observation, answers, its input's class and its variant. */
function rulesExercised(input: ConsumerCaseInput): string[] {
  const rules = ["NDC-OBSERVATION", "NDC-ANSWERS"];
  const result = input.base.result;
  const status = isObject(result) ? result.status : undefined;
  switch (classify(result)) {
    case "run":
      rules.push(
        status === "passed"
          ? "NDC-PASSED-APPLIES"
          : status === "inconclusive"
          ? "NDC-INCONCLUSIVE"
          : "NDC-NOT-PASSED",
      );
      if (status === "inconclusive" && input.base.attempt >= 2) rules.push("NDC-RETRY-ONCE");
      break;
    case "setup":
      rules.push("NDC-SETUP-ERROR");
      break;
    case "respelled":
      rules.push("NDC-STATUS-EXACT");
      break;
    case "unknown":
      rules.push("NDC-STATUS-UNKNOWN");
      break;
    case "non-result":
      rules.push("NDC-NON-RESULT");
  }
  if (input.variant) rules.push(VARIANT_RULE[input.variant.change]);
  return rules;
}

function isDecideInput(value: unknown): value is DecideInput {
  return isObject(value) && "result" in value && Number.isInteger(value.attempt);
}

/** The inputs of the golden fixtures whose observation is well formed, once each. */
async function fixtureCases(): Promise<Case[]> {
  const files = await loadFixtures(netdryrunConsumerProfile.fixtures);
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const file of files) {
    const name = file.path.split("/").pop();
    file.tests.forEach((test, i) => {
      if (test.rules?.includes("NDC-OBSERVATION") || !isObject(test.data)) return;
      const data = test.data as Obj;
      if (!isDecideInput(data.input)) return;
      const variant = isObject(data.variant) && isDecideInput(data.variant.input)
        ? { change: data.variant.change as VariantChange, input: data.variant.input }
        : undefined;
      const input: ConsumerCaseInput = { base: data.input, ...(variant ? { variant } : {}) };
      const key = JSON.stringify(input);
      if (seen.has(key)) return;
      seen.add(key);
      // An invalid fixture records someone's bug: the case is its input, titled as such.
      const description = test.valid
        ? test.description
        : `${describe(input)} (the input of fixture ${name}#${i})`;
      cases.push({ id: `fixture:${name}#${i}`, description, input });
    });
  }
  return cases;
}

function nonResultCases(): Case[] {
  return NON_RESULTS.map((result, i): Case => ({
    id: `non-result-${i}`,
    description: `not a result: ${JSON.stringify(result).slice(0, 60)}`,
    input: { base: { result, attempt: 1 } },
  }));
}

function describe(input: ConsumerCaseInput): string {
  const result = input.base.result;
  const status = isObject(result) && typeof result.status === "string"
    ? `status ${JSON.stringify(result.status)}`
    : "not a result";
  const cls = classify(result);
  const what = cls === "setup" ? "setup error" : status;
  const attempt = input.base.attempt > 1 ? `, attempt ${input.base.attempt}` : "";
  return input.variant
    ? `${what}${attempt}; variant: ${input.variant.change}`
    : `${what}${attempt}`;
}

function reply(r: Awaited<ReturnType<Invoke>>): DecideReply {
  if (r.kind === "result") return { decision: r.value };
  return {
    raised: {
      type: r.type,
      message: r.message,
      ...(r.traceback ? { traceback: r.traceback } : {}),
    },
  };
}

/**
 * The `netdryrun.consumer/v1` suite. Operation `decide`, input `{result, attempt}` (the tool's
 * result as returned, and 1 for a first run or 2 for the run after a retry); the answer is
 * `"apply"`, `"do-not-apply"` or `"retry"`.
 *
 * Cases: the inputs of the golden fixtures, fixed values that are not results, then `runs`
 * generated cases from the seed. Each case calls decide on its base input and, when it has
 * one, on its variant (lab text replaced, verdict changed, or fields added), and judges the
 * observation with the profile. A `raised` reply is the consumer's own failure.
 */
export const netdryrunConsumerSuite: Suite = {
  profile: netdryrunConsumerProfile,
  classes: consumerClasses,
  caseInputOf(data: unknown): unknown {
    // A case file's data is an observation: the base input, and a variant when it has one.
    if (!isObject(data)) return data;
    const variant = isObject(data.variant) && isDecideInput(data.variant.input)
      ? { change: data.variant.change as VariantChange, input: data.variant.input }
      : undefined;
    return { base: data.input, ...(variant ? { variant } : {}) };
  },
  // Streamed: the fixed cases, then the generated ones one at a time (cases() lists the same).
  async caseStream(options: CaseOptions): Promise<{ expected: number; cases: Iterable<Case> }> {
    const fixed = [...(await fixtureCases()), ...nonResultCases()].map((c) => ({
      ...c,
      classes: consumerClassesOf(c.input as ConsumerCaseInput),
    }));
    const generated = coveringGeneratedCaseStream(
      consumerCaseArbitrary(),
      consumerClassesOf,
      consumerClasses,
      options,
      (input) => ({ description: describe(input), input }),
    );
    return {
      expected: fixed.length + options.runs,
      cases: {
        *[Symbol.iterator]() {
          yield* fixed;
          yield* generated;
        },
      },
    };
  },
  async cases(options: CaseOptions): Promise<Case[]> {
    return [...(await netdryrunConsumerSuite.caseStream!(options)).cases as Iterable<Case>];
  },
  async evaluate(testCase: Case, invoke: Invoke): Promise<Evaluation> {
    const input = testCase.input as ConsumerCaseInput;
    const first = await invoke({ operation: "decide", input: input.base });
    const observation: ConsumerObservation = { input: input.base, output: reply(first) };
    if (input.variant) {
      const second = await invoke({ operation: "decide", input: input.variant.input });
      observation.variant = {
        change: input.variant.change,
        input: input.variant.input,
        output: reply(second),
      };
    }
    return {
      findings: netdryrunConsumerProfile.check(observation),
      checked: rulesExercised(input),
      subject: { data: observation },
    };
  },
};
