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
      if (status === "inconclusive" && (input.base.attempt ?? 0) >= 2) {
        rules.push("NDC-RETRY-ONCE");
      }
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

function isInconclusive(result: unknown): boolean {
  return isObject(result) && result.status === "inconclusive";
}

function isDecideInput(value: unknown): value is DecideInput {
  return isObject(value) && "result" in value &&
    (value.attempt === undefined || Number.isInteger(value.attempt));
}

/** The input as the consumer gets it: without `attempt` unless the target counts retries. */
function asSent(input: DecideInput, attempts: boolean): DecideInput {
  if (attempts) return { result: input.result, attempt: input.attempt ?? 1 };
  return { result: input.result };
}

/**
 * The inputs of the golden fixtures whose observation is well formed, once each. Without the
 * option `attempts` they are sent without `attempt`, and those of a retry are left out.
 */
async function fixtureCases(attempts: boolean): Promise<Case[]> {
  const files = await loadFixtures(netdryrunConsumerProfile.fixtures);
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const file of files) {
    const name = file.path.split("/").pop();
    file.tests.forEach((test, i) => {
      if (test.rules?.includes("NDC-OBSERVATION") || !isObject(test.data)) return;
      const data = test.data as Obj;
      if (!isDecideInput(data.input)) return;
      if (!attempts && (data.input.attempt ?? 1) > 1) return;
      const variant = isObject(data.variant) && isDecideInput(data.variant.input)
        ? {
          change: data.variant.change as VariantChange,
          input: asSent(data.variant.input, attempts),
        }
        : undefined;
      const input: ConsumerCaseInput = {
        base: asSent(data.input, attempts),
        ...(variant ? { variant } : {}),
      };
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

function nonResultCases(attempts: boolean): Case[] {
  return NON_RESULTS.map((result, i): Case => ({
    id: `non-result-${i}`,
    description: `not a result: ${JSON.stringify(result).slice(0, 60)}`,
    input: { base: asSent({ result }, attempts) },
  }));
}

function describe(input: ConsumerCaseInput): string {
  const result = input.base.result;
  const status = isObject(result) && typeof result.status === "string"
    ? `status ${JSON.stringify(result.status)}`
    : "not a result";
  const cls = classify(result);
  const what = cls === "setup" ? "setup error" : status;
  const attempt = (input.base.attempt ?? 1) > 1 ? `, attempt ${input.base.attempt}` : "";
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

const optionsSchema = {
  type: "object",
  properties: {
    attempts: {
      type: "boolean",
      description:
        "The consumer counts its own retries: each input also carries attempt (1, or 2 " +
        "for the run after a retry), and NDC-RETRY-ONCE is judged. Off by default: decide gets " +
        "{result} alone, as a (result) => decision gate does.",
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

const RETRY_UNCHECKED = {
  ruleId: "NDC-RETRY-ONCE",
  reason: "the consumer is not told which attempt a run is (set the target's option attempts " +
    "when it counts its own retries)",
};

/**
 * The `netdryrun.consumer/v1` suite. Operation `decide`, input `{result}` (the tool's result
 * as returned; with the target's option `attempts`, also `attempt`: 1 for a first run or 2
 * for the run after a retry); the answer is `"apply"`, `"do-not-apply"` or `"retry"`.
 *
 * Cases: the inputs of the golden fixtures, fixed values that are not results, then `runs`
 * generated cases from the seed. Each case calls decide on its base input and, when it has
 * one, on its variant (lab text replaced, verdict changed, or fields added), and judges the
 * observation with the profile. A `raised` reply is the consumer's own failure.
 */
export const netdryrunConsumerSuite: Suite = {
  profile: netdryrunConsumerProfile,
  optionsSchema,
  classes: (options) => consumerClasses(options.options.attempts === true),
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
    const attempts = options.options.attempts === true;
    const fixed = [...(await fixtureCases(attempts)), ...nonResultCases(attempts)].map((c) => ({
      ...c,
      classes: consumerClassesOf(c.input as ConsumerCaseInput),
    }));
    const generated = coveringGeneratedCaseStream(
      consumerCaseArbitrary({ attempts }),
      consumerClassesOf,
      consumerClasses(attempts),
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
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
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
      ...(options.options.attempts !== true && isInconclusive(input.base.result)
        ? { unchecked: [RETRY_UNCHECKED] }
        : {}),
      subject: { data: observation },
    };
  },
};
