import fc from "fast-check";
import type { Sample } from "../../src/core/types.ts";
import type { PyValue } from "../../src/pyliteral/py_value.ts";
import { printPythonLiteral } from "../../src/pyliteral/print_python_literal.ts";
import { pyValueArbitrary } from "../../src/pyliteral/py_value_arbitrary.ts";
import {
  deviceOutputArbitrary,
  humanTextArbitrary,
  toolResponseArbitrary,
} from "../tool_response/arbitraries.ts";
import { isObject, setOwn } from "./_json.ts";
import { normalizeToolResponse } from "./reference.ts";
import type { NormalizerObservation } from "./types.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

/** One input of the normalizer: `normalize_tool_response(raw, tool_name)`. */
export interface NormalizerInput {
  /** What the legacy tool returned. */
  raw: unknown;
  /** The tool's name. */
  tool_name: string;
}

const TOOL_NAMES = [
  "execute_multiple_device_commands",
  "gns3_topology_reader",
  "start_gns3_node",
  "create_gns3_node",
  "list_gns3_templates",
  "config_device",
  "工具",
  "",
];

/**
 * Arbitrary text with the characters that break naive code: NUL and other controls, lone
 * surrogates, quotes, backslashes, brackets, line separators, emoji and CJK.
 *
 * @example Sample nasty text
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { nastyTextArbitrary } from "./arbitraries.ts";
 *
 * const texts = fc.sample(nastyTextArbitrary(10), { seed: 3, numRuns: 50 });
 * assert.ok(texts.every((t) => typeof t === "string"));
 * ```
 *
 * @param maxLength Most characters (graphemes or single code units).
 * @returns The arbitrary.
 */
export function nastyTextArbitrary(maxLength = 40): Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 5, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "\0",
        "\x01",
        "\x1b",
        "\x7f",
        "\u0085",
        "\u2028",
        "\ud800",
        "\udfff",
        "'",
        '"',
        "\\",
        "\n",
        "\r\n",
        "{",
        "[",
        "😀",
        "路由器",
      ),
    },
  );
  return fc.string({ unit, maxLength });
}

const text = (max = 30) =>
  fc.oneof({ weight: 3, arbitrary: humanTextArbitrary(max) }, {
    weight: 1,
    arbitrary: nastyTextArbitrary(max),
  });
const nonEmpty = (max = 30) => text(max).filter((s) => s.length > 0);

/** Legacy device-command items: `{device_name, status, output, [error], [commands]}`. */
function legacyDeviceItemArbitrary(): Arbitrary<Record<string, unknown>> {
  return fc.record({
    device_name: nonEmpty(20),
    status: fc.constantFrom("success", "success", "failed", "partial_success"),
    output: deviceOutputArbitrary(30),
    error: fc.option(nonEmpty(30), { nil: undefined }),
    commands: fc.option(
      fc.array(fc.constantFrom("show version", "show ip int brief"), { maxLength: 2 }),
      {
        nil: undefined,
      },
    ),
    commandsKey: fc.constantFrom("diagnostic_commands", "config_commands"),
  }).map(({ device_name, status, output, error, commands, commandsKey }) => {
    const item: Record<string, unknown> = { device_name, status, output };
    if (error !== undefined && status !== "success") item.error = error;
    if (commands) item[commandsKey] = commands;
    return item;
  });
}

/** Legacy node items: `{node_id, name, status: started|stopped|error, [error]}`. */
function legacyNodeItemArbitrary(): Arbitrary<Record<string, unknown>> {
  return fc.record({
    node_id: fc.uuid(),
    name: nonEmpty(20),
    status: fc.constantFrom("started", "stopped", "error"),
    error: nonEmpty(30),
  }).map(({ node_id, name, status, error }) =>
    status === "error" ? { node_id, name, status, error } : { node_id, name, status }
  );
}

/** Items with the legacy names mixed: status/error, output/result, device_name/name. */
function mixedLegacyItemArbitrary(): Arbitrary<Record<string, unknown>> {
  return fc.record({
    nameKey: fc.constantFrom("device_name", "name", "node_name", "both", "none"),
    name: nonEmpty(20),
    other: nonEmpty(20),
    textKey: fc.constantFrom("output", "result", "both", "none"),
    out: fc.oneof(deviceOutputArbitrary(20), fc.constant("")),
    status: fc.option(
      fc.constantFrom(
        "success",
        "failed",
        "error",
        "SUCCESS",
        " Failed ",
        "ok",
        "unknown",
        "partial",
      ),
      { nil: undefined },
    ),
    error: fc.option(fc.oneof(nonEmpty(20), fc.constant(""), fc.constant(null)), {
      nil: undefined,
    }),
    id: fc.option(fc.oneof(fc.uuid(), fc.nat(999)), { nil: undefined }),
  }).map(({ nameKey, name, other, textKey, out, status, error, id }) => {
    const item: Record<string, unknown> = {};
    if (id !== undefined) item.id = id;
    if (nameKey === "both") Object.assign(item, { name, device_name: other });
    else if (nameKey !== "none") item[nameKey] = name;
    if (textKey === "both") Object.assign(item, { output: other, result: out });
    else if (textKey !== "none") item[textKey] = out;
    if (status !== undefined) item.status = status;
    if (error !== undefined) item.error = error;
    return item;
  });
}

/** The legacy shapes seen in the field, as JSON values (before any string encoding). */
function legacyValueArbitrary(): Arbitrary<unknown> {
  const devices = fc.array(legacyDeviceItemArbitrary(), { maxLength: 5 });
  const nodes = fc.array(legacyNodeItemArbitrary(), { maxLength: 5 });
  const count = (xs: unknown[], failed: boolean) =>
    xs.filter((x) => isObject(x) && (x.status === "error") === failed).length;
  return fc.oneof(
    devices,
    nonEmpty(40).map((error) => [{ error }]),
    fc.tuple(fc.uuid(), nodes).map(([project_id, list]) => ({
      project_id,
      total_nodes: list.length,
      successful: count(list, false),
      failed: count(list, true),
      nodes: list,
    })),
    nodes.map((list) => ({
      created_nodes: list,
      total_nodes: list.length,
      successful_nodes: count(list, false),
      failed_nodes: count(list, true),
    })),
    fc.array(
      fc.record({
        template_id: fc.uuid(),
        name: nonEmpty(20),
        category: fc.constantFrom("router", "switch"),
      }),
      { maxLength: 4 },
    ).map((templates) => ({ templates })),
    nonEmpty(40).map((error) => ({ error })),
    fc.array(mixedLegacyItemArbitrary(), { maxLength: 4 }),
    fc.tuple(fc.array(mixedLegacyItemArbitrary(), { maxLength: 3 }), fc.nat(9)).map((
      [items, total],
    ) => ({ nodes: items, total, total_nodes: total })),
    mixedLegacyItemArbitrary(),
    fc.array(fc.oneof(text(30), fc.integer(), fc.constant(null), fc.boolean()), { maxLength: 4 }),
    fc.constantFrom(null, 0, -1, true, 2 ** 64 + 2, 1e300, -0, [], {}),
  );
}

/** A JSON value as a Python literal value: lists or tuples, `True`/`None`, ints or floats. */
function pyOf(value: unknown, depth = 0): Arbitrary<PyValue> {
  if (value === null) return fc.constant({ type: "none" });
  if (typeof value === "boolean") return fc.constant({ type: "bool", value });
  if (typeof value === "number") {
    return fc.constant(
      Number.isInteger(value) && !Object.is(value, -0)
        ? { type: "int", value: BigInt(value) }
        : { type: "float", value },
    );
  }
  if (typeof value === "string") return fc.constant({ type: "str", value });
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return fc.constantFrom<PyValue>({ type: "list", items: [] }, { type: "tuple", items: [] });
    }
    return fc.tuple(
      fc.constantFrom("list" as const, "list" as const, "tuple" as const),
      ...value.map((v) => pyOf(v, depth + 1)),
    )
      .map(([type, ...items]): PyValue => ({ type, items }));
  }
  const entries = Object.entries(value as Record<string, unknown>);
  const isItem = depth > 0 &&
    entries.some(([k]) => ["device_name", "node_id", "template_id"].includes(k));
  const extra: Arbitrary<[PyValue, PyValue][]> = isItem
    ? fc.option(pyValueArbitrary({ maxDepth: 2, maxItems: 3 }), { nil: undefined }).map((v) =>
      v === undefined ? [] : [[{ type: "str", value: "x_extra" }, v]]
    )
    : fc.constant([]);
  return fc.tuple(extra, ...entries.map(([, v]) => pyOf(v, depth + 1))).map((
    [more, ...vals],
  ): PyValue => ({
    type: "dict",
    entries: [
      ...entries.map(([k], i): [PyValue, PyValue] => [{ type: "str", value: k }, vals[i]]),
      ...more,
    ],
  }));
}

/** A value encoded as a tool would: as is, as JSON text, or as Python's `str()` of it. */
function encodedArbitrary(value: unknown): Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(value) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(JSON.stringify(value), JSON.stringify(value, null, 2)),
    },
    { weight: 2, arbitrary: pyOf(value).map((py) => printPythonLiteral(py)) },
  );
}

function nest(depth: number, leaf: unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { k: v };
  return v;
}

/** Inputs that break naive normalizers, kept small enough to generate fast. */
function nastyRawArbitrary(): Arbitrary<unknown> {
  return fc.oneof(
    fc.integer({ min: 1, max: 60 }).map((
      d,
    ) => [{ device_name: "R1", status: "success", output: "x", deep: nest(d, "leaf") }]),
    fc.integer({ min: 101, max: 5000 }).map((d) => "[".repeat(d) + "]".repeat(d)),
    fc.integer({ min: 1, max: 100 }).map((d) => "[".repeat(d) + "]".repeat(d)),
    fc.integer({ min: 1000, max: 20000 }).map((
      n,
    ) => [{ device_name: "R1", status: "success", output: "y".repeat(n) }]),
    fc.constantFrom(
      "[{'device_name': 'R1', 'status': 'success', 'output': 123456789012345678901234567890}]",
      "{'nodes': [{'node_id': 1, 'name': 'PC1', 'status': 'started', 'tags': {'b', 'a'}, 'blob': b'\\x00\\xff'}]}",
      "[{'device_name': 'R1', 'status': 'success', 'output': 'ok', 'c': 1+2j, 'e': ..., 'f': frozenset()}]",
      "({'device_name': 'R1', 'status': 'failed', 'error': 'timeout'},)",
      "{'__proto__': {'polluted': True}, 'device_name': 'R1', 'output': 'x'}",
      '{"__proto__": {"polluted": true}, "nodes": [{"name": "__proto__", "status": "started"}]}',
      "[{'device_name': 'R\\x00\\ud800', 'status': 'success', 'output': '\\x1b[31mred\\x1b[0m'}]",
      "{'error': '\\N{BULLET} failed'}",
      `[1e999, -1e999, 1${"0".repeat(400)}, -0x${"f".repeat(40)}]`,
      "NaN",
      "Infinity",
      "'just a python string'",
      '"just a JSON string"',
      "None",
      "True",
      "{1: 'a', 1.0: 'b', True: 'c'}",
      "[{'output': b'caf\\xc3\\xa9 \\xff'}]",
    ),
    fc.constant(null).map(() =>
      JSON.parse(
        '{"__proto__": {"a": 1}, "constructor": "x", "toString": "y", "device_name": "R1"}',
      )
    ),
    nastyTextArbitrary(60),
  );
}

/**
 * Arbitrary normalizer inputs: every legacy form the issue names (device-command lists, node
 * dicts, node creation, templates, global errors, mixed legacy field names), each as a value,
 * as JSON text or as a Python literal (tuples, sets, bytes, big ints, complex numbers and
 * `...` included); conforming responses (for the fixpoint); plain text; nasty inputs (deep
 * nesting, long strings, numbers past 64 bits, lone surrogates, NUL and other controls,
 * `__proto__` keys).
 *
 * @example Sample inputs
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { normalizerInputArbitrary } from "./arbitraries.ts";
 *
 * const inputs = fc.sample(normalizerInputArbitrary(), { seed: 1, numRuns: 10 });
 * assert.ok(inputs.every((i) => typeof i.tool_name === "string"));
 * ```
 *
 * @returns The arbitrary.
 */
export function normalizerInputArbitrary(): Arbitrary<NormalizerInput> {
  const raw = fc.oneof(
    { weight: 6, arbitrary: legacyValueArbitrary().chain(encodedArbitrary) },
    {
      weight: 3,
      arbitrary: toolResponseArbitrary({ maxItems: 4, maxTextLength: 30 }).chain(encodedArbitrary),
    },
    { weight: 2, arbitrary: fc.oneof(deviceOutputArbitrary(40), text(60)) },
    { weight: 2, arbitrary: nastyRawArbitrary() },
  );
  return fc.record({ raw, tool_name: fc.constantFrom(...TOOL_NAMES) });
}

/** The observation of the reference normalizer on an input: the profile's valid samples. */
function observe(input: NormalizerInput): NormalizerObservation {
  const first = normalizeToolResponse(input.raw, input.tool_name);
  const result = JSON.parse(JSON.stringify(first));
  const again = JSON.parse(JSON.stringify(normalizeToolResponse(result, input.tool_name)));
  return {
    input: { raw: input.raw, tool_name: input.tool_name },
    output: { result },
    again: { result: again },
  };
}

/**
 * Arbitrary valid observations: the reference normalizer on {@linkcode normalizerInputArbitrary}
 * inputs, some with volatile metadata (timestamps, a target's own volatile path) that differ
 * between the two calls, as a normalizer that stamps its output would produce.
 *
 * @example Every sample has zero findings
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { normalizerObservationArbitrary } from "./arbitraries.ts";
 * import { checkNormalizerObservation } from "./check.ts";
 *
 * for (const s of fc.sample(normalizerObservationArbitrary(), { seed: 2, numRuns: 10 })) {
 *   assert.deepEqual(checkNormalizerObservation(s.value, s.context), []);
 * }
 * ```
 *
 * @returns The arbitrary of samples with zero findings.
 */
export function normalizerObservationArbitrary(): Arbitrary<Sample<NormalizerObservation>> {
  return fc.tuple(normalizerInputArbitrary(), fc.nat(3), fc.nat(1_000_000)).map(
    ([input, stamp, n]) => {
      const obs = observe(input);
      if (stamp === 0) return { value: obs };
      const results = [obs.output, obs.again!].map((r) =>
        (r as { result: Record<string, unknown> }).result
      );
      results.forEach((r, i) => {
        const meta = r.metadata as Record<string, unknown>;
        setOwn(meta, "timestamp", new Date(1e12 + n + i).toISOString());
        setOwn(meta, "execution_time", (n % 1000) / 100 + i);
        if (stamp === 2) setOwn(meta, "run_id", `run-${n + i}`);
      });
      return stamp === 2
        ? { value: obs, context: { volatile: ["/metadata/run_id"] } }
        : { value: obs };
    },
  );
}
