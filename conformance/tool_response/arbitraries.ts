import fc from "fast-check";
import type { ToolResponse, ToolResponseItem } from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

/** Constraints of {@linkcode toolResponseArbitrary}. */
export interface ToolResponseConstraints {
  /**
   * Smallest number of items.
   *
   * @default 0
   */
  minItems?: number;
  /**
   * Largest number of items.
   *
   * @default 8
   */
  maxItems?: number;
  /**
   * Longest generated text (names, outputs, errors), in UTF-16 units before joining lines.
   *
   * @default 60
   */
  maxTextLength?: number;
}

const CJK_AND_EMOJI = [
  "路由器",
  "交换机",
  "设备",
  "接口",
  "✓",
  "✗",
  "🚀",
  "🔥",
  "ルーター",
  "라우터",
];

/**
 * Arbitrary human text: ASCII, CJK, emoji and astral characters, without control characters.
 *
 * @param maxLength Longest text, in code points.
 * @returns The arbitrary.
 */
export function humanTextArbitrary(maxLength = 60): Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "grapheme", maxLength }),
    fc.array(fc.constantFrom(...CJK_AND_EMOJI), { maxLength: 6 }).map((parts) => parts.join("")),
  );
}

/**
 * Arbitrary device output: several lines, CRLF or LF, with prompts and blank lines.
 *
 * @param maxLength Longest line.
 * @returns The arbitrary.
 */
export function deviceOutputArbitrary(maxLength = 60): Arbitrary<string> {
  return fc.tuple(
    fc.array(humanTextArbitrary(maxLength), { maxLength: 6 }),
    fc.constantFrom("\n", "\r\n"),
    fc.constantFrom("Router1#", "R2>", "PC1>", ""),
  ).map(([lines, eol, prompt]) => [prompt + " show version", ...lines].join(eol));
}

function itemArbitrary(maxText: number): Arbitrary<Omit<ToolResponseItem, "id">> {
  const extra = fc.dictionary(
    fc.constantFrom("node_type", "console", "diagnostic_commands", "x_vendor"),
    fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.array(fc.string({ maxLength: 8 }))),
    { maxKeys: 2 },
  );
  const success = fc.record({
    name: humanTextArbitrary(maxText),
    status: fc.constant("success" as const),
    result: deviceOutputArbitrary(maxText),
  });
  const failed = fc.record(
    {
      name: humanTextArbitrary(maxText),
      status: fc.constant("failed" as const),
      error: humanTextArbitrary(maxText).filter((s) => s.length > 0),
      result: deviceOutputArbitrary(maxText),
    },
    { requiredKeys: ["name", "status", "error"] },
  );
  return fc.tuple(fc.oneof(success, failed), extra).map(([item, more]) => ({ ...more, ...item }));
}

const metadataArbitrary: Arbitrary<Record<string, unknown>> = fc.record(
  {
    tool_name: fc.constantFrom(
      "execute_multiple_device_commands",
      "gns3_topology_reader",
      "create_nodes",
      "工具",
    ),
    version: fc.constant("v1.0"),
    execution_time: fc.oneof(fc.double({ min: 0, max: 1e4, noNaN: true }), fc.nat(100)),
    timestamp: fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) =>
      d.toISOString()
    ),
  },
  { requiredKeys: [] },
);

/**
 * Arbitrary conforming tool responses: 0..N items with unique ids, mixed statuses, CJK and
 * emoji names, multi-line device output, with and without a global error and metadata. Every
 * generated response has zero findings, SHOULD rules included.
 *
 * @example Property-test a renderer
 * ```ts
 * import fc from "fast-check";
 * import { toolResponseArbitrary } from "./arbitraries.ts";
 *
 * fc.assert(fc.property(toolResponseArbitrary({ maxItems: 3 }), (response) => {
 *   return response.data.length === response.total;
 * }), { seed: 1, numRuns: 20 });
 * ```
 *
 * @param constraints Item counts and text lengths.
 * @returns The arbitrary.
 */
export function toolResponseArbitrary(
  constraints: ToolResponseConstraints = {},
): Arbitrary<ToolResponse> {
  const maxText = constraints.maxTextLength ?? 60;
  const items = fc.array(itemArbitrary(maxText), {
    minLength: constraints.minItems ?? 0,
    maxLength: constraints.maxItems ?? 8,
  });
  return fc.record({
    items,
    ids: fc.uniqueArray(
      fc.oneof(fc.stringMatching(/^[A-Z]{1,3}[0-9]{1,3}$/), fc.uuid()),
      { minLength: constraints.maxItems ?? 8, maxLength: constraints.maxItems ?? 8 },
    ),
    wantError: fc.boolean(),
    errorText: humanTextArbitrary(maxText).filter((s) => s.length > 0),
    metadata: fc.option(metadataArbitrary, { nil: undefined }),
  }).map(({ items, ids, wantError, errorText, metadata }) => {
    const data = items.map((item, i) => ({ id: ids[i], ...item }) as ToolResponseItem);
    const failed = data.filter((i) => i.status === "failed").length;
    const total = data.length;
    const allFailed = total > 0 && failed === total;
    const hasError = wantError || allFailed;
    const response: ToolResponse = {
      success: !hasError,
      total,
      successful: total - failed,
      failed,
      data,
    };
    if (hasError) response.error = errorText;
    if (metadata) response.metadata = metadata;
    return response;
  });
}
