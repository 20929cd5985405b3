import { generatedCaseStream } from "../../src/core/generated_cases.ts";
import fc from "fast-check";
import { loadFixtures } from "../../src/core/fixtures.ts";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { isObject } from "./_json.ts";
import { withPythonRaw } from "./_python_input.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";
import { rulesExercised } from "./_exercised.ts";
import { type NormalizerInput, normalizerInputArbitrary } from "./arbitraries.ts";
import { normalizerProfile } from "./profile.ts";
import { normalizerClassDrawArbitrary, normalizerClasses, typeClassesOf } from "./classes.ts";
import type { NormalizerObservation, NormalizerReply } from "./types.ts";

const TOOL_NAMES = ["execute_multiple_device_commands", "gns3_topology_reader", "工具", ""];

const optionsSchema = {
  type: "object",
  properties: {
    volatile: {
      type: "array",
      description: "JSON Pointers into a normalized response left out of the fixpoint and " +
        "idempotence comparisons (besides /metadata/timestamp and /metadata/execution_time); " +
        "a * segment matches every member",
      items: { type: "string", pattern: "^/" },
    },
    nasty: {
      type: "boolean",
      description:
        "Run the large fixed nasty inputs (100,000 brackets, megabyte strings). Default true.",
    },
  },
  additionalProperties: false,
};

function nestedJson(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { level: v };
  return v;
}

/** Fixed large inputs, too big for the generators: each one a classic normalizer crash. */
function nastyCases(): Case[] {
  const mb = 1024 * 1024;
  const list: [string, string, unknown][] = [
    ["brackets-100k-open", "100,000 opening brackets", "[".repeat(100_000)],
    [
      "brackets-100k",
      "100,000 nested brackets, balanced",
      "[".repeat(100_000) + "]".repeat(100_000),
    ],
    [
      "parens-100k",
      "100,000 nested parentheses around a tuple",
      "(".repeat(100_000) + "1," + ")".repeat(100_000),
    ],
    [
      "text-2mb",
      "2 MiB of plain text",
      "Router1# show tech-support\n".repeat(Math.ceil((2 * mb) / 28)),
    ],
    [
      "json-output-1mb",
      "a device item whose output is 1 MiB",
      [{ device_name: "R1", status: "success", output: "x".repeat(mb) }],
    ],
    [
      "literal-output-1mb",
      "a Python literal holding a 1 MiB output",
      `[{'device_name': 'R1', 'status': 'success', 'output': '${"y".repeat(mb)}'}]`,
    ],
    ["json-deep-200", "an item holding a value nested 200 deep", [{
      device_name: "R1",
      output: "ok",
      extra: nestedJson(200),
    }]],
    ["json-text-deep-500", "JSON text nested 500 deep", JSON.stringify(nestedJson(500))],
    [
      "numbers-past-64-bit",
      "counts and outputs past 64 bits",
      `{'nodes': [{'node_id': 18446744073709551617, 'name': 'R1', 'status': 'started'}], 'total_nodes': ${
        "9".repeat(30)
      }}`,
    ],
    ["nul-and-surrogates", "NUL, escape and lone surrogates in names and output", [{
      device_name: "R\u00001\ud800",
      status: "failed",
      error: "\udfff\u001b[31m",
      output: "\u0000",
    }]],
  ];
  return list.map(([id, description, raw]) => ({
    id: `nasty:${id}`,
    description,
    input: { raw, tool_name: "execute_multiple_device_commands" },
  }));
}

/**
 * Fixed inputs from the field that a seed may not generate: each one the input a known
 * normalizer bug needs to show, so that no seed misses it.
 */
function fieldCases(): Case[] {
  const list: [string, string, unknown][] = [
    [
      "legacy-total-mismatch",
      "a node list whose total_nodes counts the whole project, not the listed nodes",
      {
        project_id: "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d",
        total_nodes: 3,
        successful: 2,
        failed: 0,
        nodes: [
          { node_id: "n1", name: "R1", status: "started" },
          { node_id: "n2", name: "R2", status: "stopped" },
        ],
      },
    ],
  ];
  return list.map(([id, description, raw]) => ({
    id: `field:${id}`,
    description,
    input: { raw, tool_name: "gns3_node_status" },
  }));
}

async function fixtureCases(): Promise<Case[]> {
  const files = await loadFixtures(normalizerProfile.fixtures);
  const seen = new Set<string>();
  const cases: Case[] = [];
  for (const file of files) {
    const name = file.path.split("/").pop();
    file.tests.forEach((test, i) => {
      const input = isObject(test.data) ? withPythonRaw(test.data.input) : undefined;
      if (!isObject(input) || !("raw" in input) || typeof input.tool_name !== "string") return;
      const key = JSON.stringify(input);
      if (seen.has(key)) return;
      seen.add(key);
      const caseInput = { raw: input.raw, tool_name: input.tool_name };
      cases.push({
        id: `fixture:${name}#${i}`,
        // An invalid fixture records someone's bug: the case is its input, titled as such.
        description: test.valid
          ? test.description
          : `${describeInput(caseInput)} (the input of fixture ${name}#${i})`,
        input: caseInput,
      });
    });
  }
  return cases;
}

/** One line saying what a generated input is: its tool and the kind and size of its raw value. */
function describeInput(input: NormalizerInput): string {
  const raw = input.raw;
  const kind = raw instanceof PythonArgument
    ? `a Python ${raw.value.type === "set" && raw.value.frozen ? "frozenset" : raw.value.type}`
    : typeof raw === "string"
    ? `text of ${raw.length} characters`
    : Array.isArray(raw)
    ? `a list of ${raw.length}`
    : raw === null
    ? "null"
    : typeof raw === "object"
    ? `an object with ${Object.keys(raw).length} members`
    : `a ${typeof raw}`;
  return `${input.tool_name}: ${kind}`;
}

function reply(r: Awaited<ReturnType<Invoke>>): NormalizerReply {
  if (r.kind === "result") return { result: r.value };
  return {
    raised: {
      type: r.type,
      message: r.message,
      ...(r.traceback ? { traceback: r.traceback } : {}),
    },
  };
}

/**
 * The `gns3.normalizer/v1.0` suite. Operation `normalize`, input `{raw, tool_name}`.
 *
 * Cases: the input of every golden fixture, fixed inputs from the field, the fixed nasty
 * inputs (unless the option `nasty` is false), then `runs` generated inputs from the seed. Each case calls normalize,
 * then normalize on its output (idempotence), and judges the observation with the profile.
 * A `raised` reply is the implementation's failure (a NORM-TOTAL finding carrying the input).
 */
export const normalizerSuite: Suite = {
  profile: normalizerProfile,
  optionsSchema,
  classes: normalizerClasses.map(({ id, description }) => ({ id, description })),
  caseInputOf(data: unknown): unknown {
    // A real Python object: `python: "<literal>"` beside tool_name, or raw `{$python: ...}`.
    const input = isObject(data) && Object.hasOwn(data, "input") ? data.input : data;
    return withPythonRaw(input);
  },
  async caseStream(options: CaseOptions): Promise<{ expected: number; cases: Iterable<Case> }> {
    // Weighted sampling: one draw in five from the declared classes, on purpose.
    const drawn = fc.oneof(
      { weight: 4, arbitrary: normalizerInputArbitrary().map((input) => ({ input, klass: "" })) },
      {
        weight: 1,
        arbitrary: fc.tuple(normalizerClassDrawArbitrary(), fc.constantFrom(...TOOL_NAMES)).map((
          [[klass, raw], tool_name],
        ) => ({ input: { raw, tool_name }, klass })),
      },
    );
    const generated = generatedCaseStream(drawn, options, ({ input, klass }) => ({
      description: klass ? `${describeInput(input)} (class ${klass})` : describeInput(input),
      input,
      classes: [...(klass ? [klass] : []), ...typeClassesOf(input.raw)],
    }));
    // One guaranteed case per declared class per run.
    const guaranteed = normalizerClasses.map((k): Case => ({
      id: `class:${k.id}`,
      description: k.description,
      input: { raw: k.make(0), tool_name: "execute_multiple_device_commands" },
      classes: [k.id],
    }));
    const nasty = options.options.nasty === false ? [] : nastyCases();
    const fixed = [...(await fixtureCases()), ...fieldCases(), ...nasty, ...guaranteed];
    return {
      expected: fixed.length + Math.max(0, options.runs),
      cases: (function* () {
        yield* fixed;
        yield* generated;
      })(),
    };
  },
  async cases(options: CaseOptions): Promise<Case[]> {
    const all: Case[] = [];
    for await (const c of (await normalizerSuite.caseStream!(options)).cases) all.push(c);
    return all;
  },
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
    const input = testCase.input as NormalizerInput;
    const first = await invoke({ operation: "normalize", input });
    const observation: NormalizerObservation = { input, output: reply(first) };
    if (first.kind === "result") {
      const second = await invoke({
        operation: "normalize",
        input: { raw: first.value, tool_name: input.tool_name },
      });
      observation.again = reply(second);
    }
    const volatile = options.options.volatile;
    const context = volatile ? { volatile } : undefined;
    return {
      findings: normalizerProfile.check(observation, context),
      checked: rulesExercised(input.raw),
      subject: { data: observation, ...(context ? { context } : {}) },
    };
  },
};
