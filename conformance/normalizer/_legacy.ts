// The kit's reading of the legacy forms normalize_tool_response accepts (spec-notes/normalizer.md):
// how a raw input is decoded and classified, and what each legacy item says. Shared by the
// profile's check (expectations) and the reference normalizer (construction).
import { parsePythonLiteral } from "../../src/pyliteral/parse_python_literal.ts";
import { PythonLiteralError } from "../../src/pyliteral/python_literal_error.ts";
import { pythonToJson } from "../../src/pyliteral/python_to_json.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";
import type { PyValue } from "../../src/pyliteral/py_value.ts";
import { jsonViewOf } from "./_python_values.ts";
import { checkToolResponse } from "../tool_response/profile.ts";
import { depthOf, hasOwn, isObject, type Obj, own } from "./_json.ts";

/** Keys that hold a legacy item list, in precedence order. */
export const CONTAINER_KEYS = ["data", "nodes", "created_nodes", "templates"] as const;
/** Keys that may sit beside `error` in a global-error dict. */
export const COUNT_KEYS = new Set([
  "success",
  "total",
  "successful",
  "failed",
  "total_nodes",
  "successful_nodes",
  "failed_nodes",
  "metadata",
]);
/** Longest string the kit decodes (JSON or Python literal), in UTF-16 code units. */
export const MAX_DECODE_LENGTH = 8 * 1024 * 1024;
/** Deepest nesting the kit decodes from a string (CPython's parser stops at 200). */
export const MAX_DECODE_DEPTH = 100;

/** How a raw input reads. */
export type Form =
  | { form: "conforming"; value: Obj }
  | {
    form: "items";
    shape: "list" | "dict" | "single" | "scalar";
    /** The key that holds the list, for the shape `dict`. */
    key?: string;
    /** For the shape `dict`: more than one container key holds a list. */
    ambiguous?: boolean;
    /**
     * A Python literal whose item container is not a list (a tuple, a set): the standard's
     * List format is `[{...}, {...}]`, so this form is the kit's reading.
     */
    pythonContainer?: string;
    items: unknown[];
    globalError?: string;
  }
  | { form: "global-error"; error: string }
  | { form: "text"; text: string }
  | { form: "empty" }
  | { form: "opaque"; reason: string };

/** A classified raw input and how it was decoded. */
export type Analysis = Form & { decoded: "none" | "json" | "python" };

const BLANK = /^[ \t\n\r\f\v]*$/;
/** ASCII whitespace only, as Python's `str.strip(" \t\n\r\f\v")`: the same in both languages. */
const statusWord = (s: string) => s.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "").toLowerCase();

/** Python truthiness of a JSON value: null, false, 0, "", [] and {} are false. */
export function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** Whether a value conforms to the tool-response profile (no MUST finding). */
export function conformsToToolResponse(value: unknown): boolean {
  return isObject(value) && !checkToolResponse(value).some((f) => f.level === "MUST");
}

function isErrorOnly(value: unknown): value is Obj {
  if (!isObject(value)) return false;
  const error = own(value, "error");
  if (typeof error !== "string" || error.length === 0) return false;
  return Object.keys(value).every((k) => k === "error" || COUNT_KEYS.has(k));
}

/**
 * Whether the standard itself names an item form: a list (`[{...}, {...}]`), or a dict holding
 * the list under `nodes` (its `{"nodes": [...]}`) or `data` (its own field for the items). The
 * other forms (`created_nodes`, `templates`, a single item dict, a scalar), and a dict with
 * lists under several of these keys (which one holds the items is not said), are the kit's
 * reading.
 */
export function isNamedItemForm(form: Form): boolean {
  if (form.form !== "items" || form.pythonContainer !== undefined) return false;
  return form.shape === "list" ||
    (form.shape === "dict" && !form.ambiguous && (form.key === "nodes" || form.key === "data"));
}

/** Classify a decoded value. */
export function classify(value: unknown): Form {
  if (value === null || value === undefined) return { form: "empty" };
  if (typeof value === "string") {
    return BLANK.test(value) ? { form: "empty" } : { form: "text", text: value };
  }
  if (Array.isArray(value)) {
    if (value.length === 1 && isErrorOnly(value[0])) {
      return { form: "global-error", error: own(value[0], "error") as string };
    }
    return { form: "items", shape: "list", items: value };
  }
  if (isObject(value)) {
    if (conformsToToolResponse(value)) return { form: "conforming", value };
    for (const key of CONTAINER_KEYS) {
      const items = own(value, key);
      if (Array.isArray(items)) {
        const error = own(value, "error");
        const ambiguous = CONTAINER_KEYS.filter((k) => Array.isArray(own(value, k))).length > 1;
        return typeof error === "string" && error.length > 0
          ? { form: "items", shape: "dict", key, ambiguous, items, globalError: error }
          : { form: "items", shape: "dict", key, ambiguous, items };
      }
    }
    if (isErrorOnly(value)) return { form: "global-error", error: own(value, "error") as string };
    if (Object.keys(value).length === 0) return { form: "empty" };
    return { form: "items", shape: "single", items: [value] };
  }
  return { form: "items", shape: "scalar", items: [value] };
}

/**
 * Decode a raw input (a string holding JSON, else a Python literal; a real Python object by its
 * JSON view, when it has one; anything else as is) and classify it. A string over the decode bounds is `opaque`: the kit makes no claim about it.
 */
export function analyzeRaw(raw: unknown): Analysis {
  if (raw instanceof PythonArgument) {
    // A real Python object: what is JSON data in all but name (a list, a dict with str keys)
    // is read as that data, the forms the standard names; of any other object (a tuple, a set,
    // bytes, a huge int, a non-string key, at any depth) the standard says nothing, and the
    // kit makes no claim beyond the universal rules (spec-notes/normalizer.md).
    const view = jsonViewOf(raw.value);
    return view ? analyzeRaw(view.value) : {
      form: "opaque",
      reason: "a Python object the standard does not describe",
      decoded: "none",
    };
  }
  if (typeof raw !== "string") return { ...classify(raw), decoded: "none" };
  if (BLANK.test(raw)) return { form: "empty", decoded: "none" };
  if (raw.length > MAX_DECODE_LENGTH) {
    return { form: "opaque", reason: `string of ${raw.length} code units`, decoded: "none" };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    let parsed: PyValue;
    try {
      parsed = parsePythonLiteral(raw, { maxDepth: MAX_DECODE_DEPTH });
      value = pythonToJson(parsed);
    } catch (error) {
      if (error instanceof PythonLiteralError && error.code === "invalid") {
        return { form: "text", text: raw, decoded: "none" };
      }
      const reason = error instanceof PythonLiteralError ? error.code : String(error);
      return { form: "opaque", reason, decoded: "none" };
    }
    return { ...withPythonContainer(classify(value), parsed), decoded: "python" };
  }
  if (depthOf(value, MAX_DECODE_DEPTH) > MAX_DECODE_DEPTH) {
    return { form: "opaque", reason: "too-deep", decoded: "none" };
  }
  return { ...classify(value), decoded: "json" };
}

/** Mark an item form whose container, in the Python literal, is not a list (a tuple, a set). */
function withPythonContainer(form: Form, parsed: PyValue): Form {
  if (form.form !== "items") return form;
  let container: PyValue | undefined;
  if (form.shape === "list") container = parsed;
  else if (form.shape === "dict" && parsed.type === "dict") {
    container = parsed.entries.find(([k]) => k.type === "str" && k.value === form.key)?.[1];
  }
  return container && container.type !== "list"
    ? { ...form, pythonContainer: container.type }
    : form;
}

/** First non-empty string among an item's name fields. */
export function legacyName(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  for (const key of ["name", "device_name", "node_name"]) {
    const v = own(item, key);
    if (typeof v === "string" && v.length > 0) return v;
  }
  return undefined;
}

/**
 * Whether an item's name is one the standard's pair states: of `name`, `device_name` and
 * `node_name` the item has exactly one, `name` or `device_name`, and it is a non-empty string.
 * Otherwise (both, or `node_name`) which one wins is the kit's reading.
 */
export function legacyNameStated(item: unknown): boolean {
  if (!isObject(item)) return false;
  const present = ["name", "device_name", "node_name"].filter((k) => hasOwn(item, k));
  return present.length === 1 && present[0] !== "node_name" &&
    typeof own(item, present[0]) === "string" && own(item, present[0]) !== "";
}

/**
 * Whether an item's output text is one the standard's pair states: the item has exactly one
 * of `result` and `output`, and it is a string. Otherwise (both, or a bare string element)
 * where the text comes from is the kit's reading.
 */
export function legacyResultStated(item: unknown): boolean {
  if (!isObject(item)) return false;
  const present = ["result", "output"].filter((k) => hasOwn(item, k));
  return present.length === 1 && typeof own(item, present[0]) === "string";
}

/** An item's output text: `result`, else `output`, when a string; a string element itself. */
export function legacyResultText(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (!isObject(item)) return undefined;
  for (const key of ["result", "output"]) {
    const v = own(item, key);
    if (typeof v === "string") return v;
  }
  return undefined;
}

/** An item's error text, when a non-empty string. */
export function legacyErrorText(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const v = own(item, "error");
  return typeof v === "string" && v.length > 0 ? v : undefined;
}

const FAILED_WORDS = new Set(["failed", "error", "fail", "failure", "partial_success", "partial"]);
const SUCCESS_WORDS = new Set([
  "success",
  "ok",
  "started",
  "stopped",
  "suspended",
  "created",
  "running",
  "completed",
]);

/** What the kit expects of an item's status, and at which level. */
export interface StatusExpectation {
  /** The expected status. */
  status: "success" | "failed";
  /** MUST (the spec's own words) or SHOULD (the kit's reading). */
  level: "MUST" | "SHOULD";
  /** Why, in a few words. */
  reason: string;
}

/** The status the kit expects for a legacy item, when it expects one. */
export function expectedStatus(item: unknown): StatusExpectation | undefined {
  if (!isObject(item)) {
    return { status: "success", level: "SHOULD", reason: "a bare value has no status or error" };
  }
  const error = own(item, "error");
  const status = own(item, "status");
  const noStatus = status === undefined || status === null;
  if (status === "failed") return { status: "failed", level: "MUST", reason: 'status "failed"' };
  if (typeof error === "string" && error.length > 0) {
    // An error message with no status can only be a failure; beside another status (even
    // "success") which one wins is the kit's reading.
    return noStatus
      ? { status: "failed", level: "MUST", reason: "non-empty error and no status" }
      : { status: "failed", level: "SHOULD", reason: `non-empty error beside status "${status}"` };
  }
  if (status === "error") return { status: "failed", level: "SHOULD", reason: 'status "error"' };
  const hasError = truthy(error);
  if (status === "success" && !hasError) {
    return { status: "success", level: "MUST", reason: 'status "success" and no error' };
  }
  if (hasError) return { status: "failed", level: "SHOULD", reason: "an error value" };
  if (status === undefined || status === null || !hasOwn(item, "status")) {
    return { status: "success", level: "SHOULD", reason: "no status and no error" };
  }
  if (typeof status !== "string") return undefined;
  const word = statusWord(status);
  if (FAILED_WORDS.has(word)) {
    return { status: "failed", level: "SHOULD", reason: `status "${status}"` };
  }
  if (SUCCESS_WORDS.has(word)) {
    return { status: "success", level: "SHOULD", reason: `status "${status}"` };
  }
  return undefined;
}

/** Whether the kit's reading (and the reference normalizer) makes an item failed. */
export function isFailedItem(item: unknown): boolean {
  if (!isObject(item)) return false;
  if (truthy(own(item, "error"))) return true;
  const status = own(item, "status");
  return typeof status === "string" && FAILED_WORDS.has(statusWord(status));
}
