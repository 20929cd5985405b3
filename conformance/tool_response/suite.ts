import { raisedFinding } from "../../src/core/raised_finding.ts";
import fc from "fast-check";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { deviceOutputArbitrary, humanTextArbitrary } from "./arbitraries.ts";
import type { DeviceCommandCall } from "./producer.ts";
import { checkToolResponse, toolResponseProfile } from "./profile.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";
import { coveringGeneratedCaseStream } from "../_class_cover.ts";
import { toolResponseClasses, toolResponseClassesOf } from "./classes.ts";
import { checkAgainstLab, isLabCall } from "./_check_lab.ts";

/** One tool invocation a target supplies in its config. */
export interface ToolInvocation {
  /** Tool name. */
  name: string;
  /** Tool arguments. */
  arguments: Record<string, unknown>;
}

/**
 * Arbitrary calls of the simulated device-command tool, with their simulated world:
 * reachable, refusing and timing-out devices, unknown device names, bad project ids and
 * empty command lists.
 *
 * @returns The arbitrary.
 */
export function deviceCommandCallArbitrary(): Arbitrary<DeviceCommandCall> {
  const device = fc.record({
    id: fc.uuid(),
    name: humanTextArbitrary(20).filter((s) => s.length > 0),
    behaviour: fc.constantFrom(
      "ok" as const,
      "ok" as const,
      "refused" as const,
      "timeout" as const,
    ),
    output: fc.oneof(
      { weight: 9, arbitrary: deviceOutputArbitrary(40) },
      { weight: 1, arbitrary: fc.constant("") },
    ),
  });
  return fc.record({
    devices: fc.uniqueArray(device, { maxLength: 6, selector: (d) => d.name }),
    unknown: fc.option(fc.constant("ghost-router"), { nil: undefined }),
    projectOk: fc.constantFrom(true, true, true, true, false),
    commands: fc.array(fc.constantFrom("show version", "show ip route", "show run"), {
      maxLength: 3,
    }),
    order: fc.nat(),
  }).map(({ devices, unknown, projectOk, commands, order }): DeviceCommandCall => {
    const names = devices.map((d) => d.name);
    if (names.length > 0) names.push(...names.splice(0, order % names.length));
    if (unknown && !names.includes(unknown)) names.push(unknown);
    return {
      name: "execute_multiple_device_commands",
      arguments: {
        project_id: projectOk ? "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d" : "not-a-project",
        commands,
        device_names: names,
      },
      scenario: { devices },
    };
  });
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

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
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

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
    const cases = coveringGeneratedCaseStream(
      deviceCommandCallArbitrary(),
      toolResponseClassesOf,
      toolResponseClasses,
      options,
      (call) => ({
        description:
          `${plural(call.arguments.device_names.length, "device")}, ${
            call.scenario.devices.filter((d) => d.behaviour !== "ok").length
          } failing` + (call.arguments.project_id === "not-a-project" ? ", bad project id" : "") +
          (call.arguments.commands.length === 0 ? ", no commands" : ""),
        input: call,
      }),
    );
    return { expected: options.runs, cases };
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
    const findings = checkToolResponse(reply.value);
    if (isLabCall(testCase.input)) checkAgainstLab(testCase.input, reply.value, findings);
    return { findings, subject: { data: reply.value } };
  },
};
