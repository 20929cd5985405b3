// The normalizer's declared input classes: the partition of its input space that its contract
// implies, as data next to its arbitraries, each with a maker of a member input so that every
// run hits every class on purpose (one guaranteed case per class, and weighted draws).
import fc from "fast-check";
import type { Arbitrary } from "../../src/core/arbitrary.ts";
import type { InputClass } from "../../src/core/types.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";

/** A declared input class of the normalizer with a maker of member inputs (`raw`). */
export interface NormalizerInputClass extends InputClass {
  /** A member input; `n` (a small natural number) varies it, `0` is the guaranteed case's. */
  make(n: number): unknown;
  /** Too large to draw at random: only the guaranteed case sends it. */
  heavy?: boolean;
}

const ITEM = { id: "R1", name: "R1", status: "success", result: "ok" };
const FAILED_ITEM = { id: "R2", name: "R2", status: "failed", error: "timeout" };

function standard(extra: Record<string, unknown> = {}, data: unknown[] = [ITEM]) {
  const failed = data.filter((i) => (i as { status?: string }).status === "failed").length;
  return {
    success: true,
    total: data.length,
    successful: data.length - failed,
    failed,
    data,
    ...extra,
  };
}

function nestedText(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

function nestedValue(depth: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? [v] : { k: v };
  return v;
}

const bigDigits = (n: number) => "7" + "1234567890".repeat(500 + n);

/** A real Python object read from its literal (the kit's bounded parser, no eval). */
const py = (literal: string) => PythonArgument.parse(literal);

/** Every declared input class of `gns3.normalizer/v1.0`, in report order. */
export const normalizerClasses: readonly NormalizerInputClass[] = [
  // Every Python type a caller can pass (JSON-carried values; Python-only types as literals).
  { id: "type-none", description: "None", make: () => null },
  { id: "type-bool", description: "a bool", make: (n) => n % 2 === 0 },
  { id: "type-int", description: "an int", make: (n) => n - 3 },
  {
    id: "type-int-huge",
    description: "an int of thousands of digits (a Python literal string)",
    make: (n) => bigDigits(n),
  },
  {
    id: "type-float",
    description: "a float (huge, tiny, negative zero)",
    make: (n) => [1e300, -0, 0.5, 5e-324][n % 4],
  },
  { id: "type-str", description: "a plain str", make: (n) => `plain output ${n}` },
  {
    id: "type-bytes",
    description: "bytes (a Python literal)",
    make: () => "b'caf\\xc3\\xa9 \\xff'",
  },
  { id: "type-list", description: "a list of mixed scalars", make: (n) => ["a", n, null, true] },
  {
    id: "type-tuple",
    description: "a tuple of legacy items (a Python literal)",
    make: () => "({'device_name': 'R1', 'status': 'failed', 'error': 'timeout'},)",
  },
  {
    id: "type-set",
    description: "a set (a Python literal)",
    make: () => "{'R1', 'R2'}",
  },
  {
    id: "type-dict-nonstring-keys",
    description: "a dict with int, float and bool keys (a Python literal)",
    make: () => "{1: 'a', 2.5: 'b', True: 'c', None: 'd'}",
  },
  {
    id: "type-dict-unhashable-key",
    description: "a Python-literal dict with a non-hashable key (a list)",
    make: (n) => `{[${n}]: 'a', 'device_name': 'R1'}`,
  },
  {
    id: "type-nested",
    description: "nested structures: lists of dicts of lists",
    make: (n) => [{ device_name: "R1", output: "ok", extra: [{ a: [n, { b: [] }] }] }],
  },
  // Real Python objects, as production passes them (a PythonArgument: the subprocess adapter
  // sends it in the netconform.pyvalue/v1 encoding; an implementation that did not announce
  // it gets these cases skipped). The standard is silent on these types: the universal rules.
  {
    id: "pyobj-tuple",
    description: "a real tuple of legacy items",
    make: (n) =>
      py(
        n % 2 === 0
          ? "({'device_name': 'R1', 'status': 'failed', 'error': 'timeout'},)"
          : "({'device_name': 'R1', 'status': 'success', 'output': 'ok'}, {'device_name': 'R2', 'status': 'failed', 'error': 'refused'})",
      ),
  },
  { id: "pyobj-set", description: "a real set", make: (n) => py(`{'R1', 'R2', ${n}}`) },
  {
    id: "pyobj-frozenset",
    description: "a real frozenset",
    make: (n) =>
      new PythonArgument({
        type: "set",
        frozen: true,
        items: [{ type: "str", value: "R1" }, { type: "int", value: BigInt(n) }],
      }),
  },
  { id: "pyobj-bytes", description: "real bytes", make: () => py("b'caf\\xc3\\xa9 \\xff'") },
  {
    id: "pyobj-int-huge",
    description: "a real int of 5,001 digits (past CPython's default 4,300-digit str limit)",
    make: (n) => new PythonArgument({ type: "int", value: BigInt(bigDigits(n)) }),
  },
  {
    id: "pyobj-dict-nonstring-keys",
    description: "a real dict with int, float, bool, None and tuple keys",
    make: (n) =>
      py(
        n % 2 === 0
          ? "{1: 'a', 2.5: 'b', False: 'c', None: 'd', 'device_name': 'R1'}"
          : "{(1, 2): 'a', 3: 'b', 'device_name': 'R1', 'status': 'success'}",
      ),
  },
  {
    id: "pyobj-nested-list",
    description: "a real legacy list whose items hold tuples",
    make: (n) =>
      py(`[{'device_name': 'R1', 'status': 'success', 'output': ('show', ${n})}, ('R2', 'ok')]`),
  },
  {
    id: "pyobj-nested-dict",
    description: "a real legacy node dict whose nodes hold tuples and bytes",
    make: (n) =>
      py(
        `{'nodes': [{'name': 'PC1', 'status': 'started', 'ports': (0, ${n}), 'mac': b'\\x00\\x50'}], 'total_nodes': 1}`,
      ),
  },
  // Every legacy form and alias field.
  {
    id: "legacy-device-list",
    description: "a device-command list [{device_name, status, output}]",
    make: (n) => [
      { device_name: "R1", status: "success", output: `ok ${n}` },
      { device_name: "R2", status: "failed", error: "Connection refused" },
    ],
  },
  {
    id: "legacy-nodes-dict",
    description: 'a node dict {"nodes": [...], "total_nodes": ...}',
    make: (n) => ({
      project_id: "p1",
      total_nodes: 1,
      nodes: [{ node_id: `n${n}`, name: "PC1", status: "started" }],
    }),
  },
  {
    id: "legacy-created-nodes",
    description: 'a creation dict {"created_nodes": [...]}',
    make: () => ({
      created_nodes: [{ node_id: "n1", name: "R1", status: "error", error: "no image" }],
      total_nodes: 1,
    }),
  },
  {
    id: "legacy-templates",
    description: 'a template dict {"templates": [...]}',
    make: () => ({ templates: [{ template_id: "t1", name: "vIOS", category: "router" }] }),
  },
  {
    id: "legacy-global-error",
    description: 'a global error {"error": text} or [{"error": text}]',
    make: (n) => n % 2 === 0 ? { error: "project not found" } : [{ error: "project not found" }],
  },
  {
    id: "legacy-error-beside-items",
    description: "an error beside an item list",
    make: () => ({ error: "partial failure", nodes: [{ name: "R1", status: "started" }] }),
  },
  {
    id: "legacy-single-item",
    description: "a single item dict",
    make: () => ({ device_name: "R1", status: "success", output: "ok" }),
  },
  {
    id: "alias-name-fields",
    description: "items naming themselves by name, device_name or node_name",
    make: () => [{ name: "A", output: "x" }, { device_name: "B", output: "y" }, {
      node_name: "C",
      output: "z",
    }],
  },
  {
    id: "name-non-string",
    description: "items whose name fields are not strings (a number, null, a list, a dict, true)",
    make: (n) => [
      { name: [42, null, true][n % 3], status: "success", output: "x" },
      { device_name: ["R1"], status: "success", output: "y" },
      { name: { first: "R3" }, node_name: 7, status: "failed", error: "down" },
    ],
  },
  {
    id: "alias-text-fields",
    description: "items carrying text as output, result or both",
    make: () => [{ name: "A", output: "x" }, { name: "B", result: "y" }, {
      name: "C",
      output: "o",
      result: "r",
    }],
  },
  {
    id: "alias-status-spellings",
    description: "statuses in other spellings (SUCCESS, ' Failed ', partial_success, ok, unknown)",
    make: () =>
      ["SUCCESS", " Failed ", "partial_success", "ok", "unknown"].map((status, i) => ({
        name: `R${i}`,
        status,
        output: "x",
      })),
  },
  // The standard form, valid and with each cross-field rule broken in turn.
  {
    id: "standard-valid",
    description: "a conforming standard response",
    make: (n) => standard({ metadata: { tool_name: "t", n } }),
  },
  // Wrong-typed counts and flags, in legacy and standard-shaped dicts (issue 23).
  {
    id: "legacy-counts-wrong-type",
    description: 'a node dict whose counts are not numbers ({"total": "a"}, total_nodes: "1")',
    make: (n) => ({
      ...(n % 2 === 0 ? { total: "a" } : { total_nodes: "1", failed_nodes: null }),
      nodes: [{ node_id: `n${n}`, name: "PC1", status: "started" }],
    }),
  },
  {
    id: "standard-flag-wrong-type",
    description: 'standard shape with success not a boolean ("yes", 1, "true")',
    make: (n) => standard({ success: ["yes", 1, "true"][n % 3] }),
  },
  {
    id: "standard-count-wrong-type",
    description: 'standard shape with a count that is not an integer ("a", "1", 1.5, null)',
    make: (n) =>
      standard({ [["total", "successful", "failed"][n % 3]]: ["a", "1", 1.5, null][n % 4] }),
  },
  {
    id: "standard-data-not-list",
    description: "standard shape whose data is not a list (a dict, a string, null)",
    make: (n) => standard({ data: [{ ...ITEM }, "R1: ok", null][n % 3] }),
  },
  {
    id: "standard-success-with-global-error",
    description: "standard shape with success true and a global error (a passthrough dict)",
    make: (n) => standard({ error: n % 2 === 0 ? "partial outage" : "" }),
  },
  {
    id: "standard-success-inconsistent",
    description: "standard shape, success false with no failed item and no error",
    make: () => standard({ success: false }),
  },
  {
    id: "standard-total-mismatch",
    description: "standard shape, total not the number of items",
    make: (n) => standard({ total: 2 + n }),
  },
  {
    id: "standard-counts-mismatch",
    description: "standard shape, successful and failed not the counts of the items",
    make: () => standard({ successful: 0, failed: 1 }),
  },
  {
    id: "standard-failed-without-error",
    description: "standard shape, a failed item without an error",
    make: () => standard({}, [ITEM, { id: "R2", name: "R2", status: "failed" }]),
  },
  {
    id: "standard-all-failed-no-global-error",
    description: "standard shape, every item failed but success true and no error",
    make: () => standard({ success: true }, [FAILED_ITEM]),
  },
  {
    id: "standard-item-result-wrong-type",
    description: "standard shape, an item's result not a string",
    make: (n) => standard({}, [{ ...ITEM, result: n % 2 ? { x: n } : 123 }]),
  },
  {
    id: "standard-item-error-wrong-type",
    description: "standard shape, an item's error not a string",
    make: (n) =>
      standard({ success: false, error: "x" }, [{ ...FAILED_ITEM, error: n % 2 ? null : 42 }]),
  },
  {
    id: "standard-metadata-none",
    description: "standard shape, metadata None",
    make: () => standard({ metadata: null }),
  },
  {
    id: "standard-metadata-str",
    description: "standard shape, metadata a str",
    make: () => standard({ metadata: "tool=x" }),
  },
  {
    id: "standard-metadata-list",
    description: "standard shape, metadata a list",
    make: () => standard({ metadata: ["tool_name", "x"] }),
  },
  {
    id: "standard-metadata-number",
    description: "standard shape, metadata a number or bool",
    make: (n) => standard({ metadata: [42, true, 1.5][n % 3] }),
  },
  {
    id: "standard-metadata-dict",
    description: "standard shape, metadata a dict with a tool_name of another type",
    make: () => standard({ metadata: { tool_name: 7, version: "1.0" } }),
  },
  // Strings of every kind.
  {
    id: "str-json",
    description: "JSON text of a legacy form",
    make: (n) => JSON.stringify([{ device_name: "R1", status: "success", output: `ok ${n}` }]),
  },
  {
    id: "str-python-literal",
    description: "Python-literal text of a legacy form",
    make: () => "[{'device_name': 'R1', 'status': 'success', 'output': 'ok', 'up': True}]",
  },
  {
    id: "str-plain-text",
    description: "plain text",
    make: () => "Router1# show version\nCisco IOS",
  },
  { id: "str-empty", description: "the empty string", make: () => "" },
  {
    id: "str-whitespace",
    description: "whitespace only",
    make: (n) => [" ", "\n\t ", "\r\n"][n % 3],
  },
  {
    id: "str-many-words",
    description:
      "one long single line of short words (1,500 or more, space-separated: CPython's literal_eval raises MemoryError on it)",
    make: (n) =>
      Array.from({ length: 1500 + 100 * n }, (_, i) => ["ok", "up", "R1"][i % 3]).join(" "),
  },
  {
    id: "str-long-line",
    description: "a very long single line of text (200,000 characters, no newline)",
    make: (n) => "x".repeat(200_000 + n),
    heavy: true,
  },
  { id: "str-deep-10", description: "JSON text nested 10 deep", make: () => nestedText(10) },
  {
    id: "str-deep-1000",
    description: "JSON text nested 1,000 deep",
    make: () => nestedText(1000),
  },
  {
    id: "str-deep-3000",
    description: "JSON text nested 3,000 deep (past Python's default recursion limit)",
    make: () => nestedText(3000),
  },
  {
    id: "str-deep-5000",
    description: "JSON text nested 5,000 deep",
    make: () => nestedText(5000),
  },
  {
    id: "str-deep-100000",
    description: "JSON text nested 100,000 deep",
    make: () => nestedText(100_000),
    heavy: true,
  },
  {
    id: "value-deep-1000",
    description: "an item holding a value nested 1,000 deep",
    make: () => [{ device_name: "R1", output: "ok", deep: nestedValue(1000) }],
  },
];

/**
 * The normalizer classes a raw input belongs to by its type (what a generated input hits).
 *
 * @param raw A raw input.
 * @returns The ids of the type classes it belongs to.
 */
export function typeClassesOf(raw: unknown): string[] {
  if (raw === null) return ["type-none"];
  if (typeof raw === "boolean") return ["type-bool"];
  if (typeof raw === "number") return [Number.isInteger(raw) ? "type-int" : "type-float"];
  if (typeof raw === "string") {
    if (raw === "") return ["str-empty"];
    if (/^\s+$/.test(raw)) return ["str-whitespace"];
    return ["type-str"];
  }
  if (Array.isArray(raw)) return ["type-list"];
  return [];
}

/**
 * Arbitrary `[class id, raw]` drawn uniformly from the light classes (weighted sampling).
 *
 * @returns The arbitrary.
 */
export function normalizerClassDrawArbitrary(): Arbitrary<[string, unknown]> {
  const light = normalizerClasses.filter((c) => !c.heavy);
  return fc.tuple(fc.nat(light.length - 1), fc.nat(5)).map(([i, n]) => [
    light[i].id,
    light[i].make(n),
  ]);
}
