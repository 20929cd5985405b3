import { raisedFinding } from "../../src/core/raised_finding.ts";
import type { DeviceCommandCall } from "./producer.ts";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { checkToolResponse, toolResponseProfile } from "./profile.ts";
import { coveringGeneratedCaseStream } from "../_class_cover.ts";
import { toolResponseClasses, toolResponseClassesOf } from "./classes.ts";

/** One tool invocation a target supplies in its config. */
export interface ToolInvocation {
  /** Tool name. */
  name: string;
  /** Tool arguments. */
  arguments: Record<string, unknown>;
}

export { deviceCommandCallArbitrary } from "./_device_call_arbitrary.ts";
import { deviceCommandCallArbitrary } from "./_device_call_arbitrary.ts";
import { LAB_TOOLS, type LabToolName, type OtherLabTool } from "./_lab_tool_calls.ts";
import { labToolCases } from "./_lab_tool_cases.ts";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A generated call's title, from the names the call asks for: how many, how many the simulated
 * lab fails (a refusing or timing-out device, or a name it does not know), and what fails the
 * whole call (a bad project id, no commands), so that the title agrees with the response.
 */
function callTitle(call: DeviceCommandCall): string {
  const names = call.arguments.device_names;
  const byName = new Map(call.scenario.devices.map((d) => [d.name, d]));
  const unknown = names.filter((n) => !byName.has(n)).length;
  const failing = names.filter((n) => byName.get(n)?.behaviour !== "ok").length;
  return `${plural(names.length, "device")}, ${failing} failing` +
    (unknown > 0 ? ` (${unknown} unknown)` : "") +
    (call.arguments.project_id === "not-a-project" ? ", bad project id" : "") +
    (call.arguments.commands.length === 0 ? ", no commands" : "");
}

const optionsSchema = {
  type: "object",
  properties: {
    invocations: {
      type: "array",
      minItems: 1,
      description: "Tool calls to make; each response is checked. Without them, simulated " +
        "device-command scenarios are generated (for the kit's reference producer).",
      items: {
        type: "object",
        required: ["name"],
        properties: {
          name: { type: "string", minLength: 1 },
          arguments: { type: "object" },
          description: { type: "string" },
        },
        additionalProperties: false,
      },
    },
    lab_tools: {
      type: "array",
      minItems: 1,
      uniqueItems: true,
      items: { enum: [...LAB_TOOLS] },
      description: "The GNS3 tools to generate calls for, each with its simulated lab " +
        "(default: execute_multiple_device_commands only). The display tool's calls are the " +
        "runs; every other tool gets max(3, runs / 4) calls of its own.",
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

/**
 * The generated cases: the display tool's (`runs`, and the cases that hit every class) when
 * the `lab_tools` option lists it (the default), then each other lab tool's.
 */
function labToolCaseStream(options: CaseOptions): { expected: number; cases: Iterable<Case> } {
  const tools = (options.options.lab_tools as LabToolName[] | undefined) ??
    ["execute_multiple_device_commands"];
  const withDisplay = tools.includes("execute_multiple_device_commands");
  const display = withDisplay
    ? coveringGeneratedCaseStream(
      deviceCommandCallArbitrary(),
      toolResponseClassesOf,
      toolResponseClasses,
      options,
      (call) => ({
        description: callTitle(call),
        input: call,
      }),
    )
    : [];
  const others = labToolCases(
    tools.filter((t): t is OtherLabTool => t !== "execute_multiple_device_commands"),
    options,
  );
  return {
    expected: (withDisplay ? options.runs : 0) + others.expected,
    cases: {
      *[Symbol.iterator]() {
        yield* display;
        yield* others.cases;
      },
    },
  };
}

/**
 * The `gns3.tool-response/v1.0` suite: calls tools through the adapter's `call_tool`
 * operation and checks every response against the profile.
 *
 * Cases are the target's `invocations` when its options list them, else `runs` generated
 * scenarios of the simulated device-command tool (deterministic for a seed). A tool that
 * raises instead of returning a response is a TR-SCHEMA finding (keyword `raised`).
 */
export const toolResponseSuite: Suite = {
  profile: toolResponseProfile,
  optionsSchema,
  classes: toolResponseClasses,
  caseStream(options: CaseOptions): { expected: number; cases: Iterable<Case> } {
    const invocations = options.options.invocations as
      | (ToolInvocation & { description?: string })[]
      | undefined;
    if (invocations) {
      return {
        expected: invocations.length,
        cases: invocations.map((inv, i) => ({
          id: `invocation-${i}`,
          description: inv.description ?? `call ${inv.name}`,
          input: { name: inv.name, arguments: inv.arguments ?? {} },
        })),
      };
    }
    return labToolCaseStream(options);
  },
  cases(options: CaseOptions): Case[] {
    return [...(toolResponseSuite.caseStream!(options) as { cases: Iterable<Case> }).cases];
  },
  async evaluate(testCase: Case, invoke: Invoke): Promise<Evaluation> {
    const reply = await invoke({ operation: "call_tool", input: testCase.input });
    if (reply.kind === "raised") {
      return {
        findings: [
          raisedFinding("TR-SCHEMA", reply, { what: "the tool", instead: "a response" }),
        ],
      };
    }
    // A generated call carries its lab: the lab rules judge the items against it.
    const findings = checkToolResponse(reply.value, { lab: testCase.input });
    return { findings, subject: { data: reply.value } };
  },
};
