import fc from "fast-check";
import type { Sample } from "../../src/core/types.ts";
import { netdryrunProfile } from "../netdryrun/profile.ts";
import { NETDRYRUN_TOOLS } from "./check.ts";
import { isErrorKind, isObject, kindOf } from "./_decode.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

type Obj = Record<string, unknown>;

/** How a value is put into a CallToolResult. */
export interface WrapOptions {
  /** Put the value in structuredContent too (objects only). */
  structured: boolean;
  /** Send `isError: false` on a non-error result instead of leaving it out. */
  explicitFalse: boolean;
}

/**
 * Put a tool's result into a CallToolResult the way a conformant server does: JSON text (the
 * YAML text itself for a record_baseline success), structuredContent when asked and the
 * value is an object, isError exactly for setup errors and tool errors.
 *
 * @param value The tool's result.
 * @param tool The tool.
 * @param options Structured or text only; explicit `isError: false`.
 * @returns The CallToolResult.
 */
export function wrapResult(
  value: unknown,
  tool: string,
  options: WrapOptions,
): Record<string, unknown> {
  const kind = kindOf(value, tool);
  const text = typeof value === "string" && tool === "record_baseline"
    ? value
    : JSON.stringify(value);
  const result: Obj = { content: [{ type: "text", text }] };
  if (options.structured && isObject(value)) result.structuredContent = value;
  if (isErrorKind(kind)) result.isError = true;
  else if (options.explicitFalse) result.isError = false;
  return result;
}

/**
 * A scenario that a value satisfies: the kind it is, its status and tested files.
 *
 * @param value A valid result.
 * @param tool The tool.
 * @returns The scenario, or undefined when the kind cannot be told.
 */
export function scenarioOf(value: unknown, tool: string): Record<string, unknown> | undefined {
  const kind = kindOf(value, tool);
  if (kind === "other") return undefined;
  const scenario: Obj = { name: "generated", expect: kind };
  if (kind === "run_result" && isObject(value)) {
    if (typeof value.status === "string" && value.status !== "") scenario.status = value.status;
    const tested = value.tested;
    if (isObject(tested) && isObject(tested.files)) {
      scenario.files = { ...tested.files };
      scenario.tested = Object.keys(tested.files).slice(0, 2);
    }
  }
  return scenario;
}

const INPUT_SCHEMAS: Obj[] = [
  { type: "object" },
  { type: "object", properties: {}, additionalProperties: false },
  {
    type: "object",
    properties: { config: { type: "string", minLength: 1 }, keep_lab: { type: "boolean" } },
    required: ["config"],
  },
  {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    type: "object",
    properties: {
      topology: { type: "string" },
      nodes: { type: "array", items: { type: "string" } },
    },
    required: ["topology"],
    additionalProperties: false,
  },
];

function toolsListArbitrary(): Arbitrary<Obj> {
  const tool = (name: string) =>
    fc.record({
      name: fc.constant(name),
      description: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      inputSchema: fc.constantFrom(...INPUT_SCHEMAS),
    }).map((t) => (t.description === undefined ? { name: t.name, inputSchema: t.inputSchema } : t));
  const extra = fc.array(
    fc.stringMatching(/^[a-z][a-z_]{0,12}$/).filter((n) =>
      !(NETDRYRUN_TOOLS as readonly string[]).includes(n)
    ),
    { maxLength: 3 },
  );
  return fc.tuple(
    fc.tuple(...NETDRYRUN_TOOLS.map(tool)),
    extra.chain((names) => fc.tuple(...names.map(tool))),
  )
    .chain(([five, more]) =>
      fc.shuffledSubarray([...five, ...more], { minLength: 5 + more.length })
    )
    .map((tools) => ({ kind: "tools_list", result: { tools } }));
}

function toolCallArbitrary(): Arbitrary<Obj> {
  return fc.tuple(
    netdryrunProfile.valid(),
    fc.boolean(),
    fc.boolean(),
    fc.boolean(),
  ).map(([sample, structured, explicitFalse, withScenario]) => {
    const tool = String(sample.context?.tool ?? "dry_run");
    const obs: Obj = {
      kind: "tool_call",
      tool,
      arguments: {},
      call_result: wrapResult(sample.value, tool, { structured, explicitFalse }),
    };
    const scenario = withScenario ? scenarioOf(sample.value, tool) : undefined;
    if (scenario) obs.scenario = scenario;
    const ev = sample.context?.evidenceFiles;
    if (isObject(ev)) obs.evidence_files = { ...ev };
    return obs;
  });
}

/**
 * Valid observations of a Netdryrun MCP server: tools/list answers offering the five tools
 * (with valid input schemas, in any order, among others), and tools/call answers wrapping
 * valid `netdryrun.mcp-result/v1` results, with and without structuredContent, with and
 * without a scenario they satisfy.
 *
 * @example Every sample has zero findings
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { mcpObservationArbitrary } from "./arbitraries.ts";
 * import { checkMcpObservation } from "./check.ts";
 *
 * for (const s of fc.sample(mcpObservationArbitrary(), { seed: 1, numRuns: 20 })) {
 *   assert.deepEqual(checkMcpObservation(s.value), []);
 * }
 * ```
 *
 * @returns The arbitrary of samples (no context: the observation carries it).
 */
export function mcpObservationArbitrary(): Arbitrary<Sample<unknown>> {
  return fc.oneof(
    { arbitrary: toolsListArbitrary(), weight: 1 },
    { arbitrary: toolCallArbitrary(), weight: 4 },
    { arbitrary: transportArbitrary(), weight: 1 },
  ).map((value) => ({ value }));
}

/** A valid transport probe observation: unknown tool refused, foreign Origin 403, versions. */
function transportArbitrary(): Arbitrary<Record<string, unknown>> {
  const version = fc.constantFrom("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25");
  return fc.oneof(
    fc.constantFrom(-32602, -32601).map((code) => ({
      kind: "transport",
      probe: "unknown_tool",
      tool: "netconform_no_such_tool",
      raised: { type: `McpError(${code})`, message: `MCP error ${code}: Unknown tool` },
    })),
    fc.constant({
      kind: "transport",
      probe: "origin",
      origin: "http://netconform-rebinding.invalid",
      status: 403,
    }),
    version.map((v) => ({
      kind: "transport",
      probe: "version",
      answers: [
        { requested: "1900-01-01", status: 200, answered: v },
        { requested: v, status: 200, answered: v },
      ],
    })),
  );
}
