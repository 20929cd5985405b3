import type { ToolResponse, ToolResponseItem } from "../tool_response/types.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";
import type { PyValue } from "../../src/pyliteral/py_value.ts";
import { jsonViewOf, pyGet, pyItem } from "./_python_values.ts";
import { isObject, jsonText, type Obj, own, setOwn } from "./_json.ts";
import {
  analyzeRaw,
  CONTAINER_KEYS,
  COUNT_KEYS,
  isFailedItem,
  legacyErrorText,
  legacyName,
  legacyResultText,
  truthy,
} from "./_legacy.ts";

const ID_KEYS = ["id", "node_id", "device_id", "template_id", "link_id"];

function text(value: unknown): string {
  return typeof value === "string" ? value : jsonText(value) ?? String(value);
}

function idOf(item: unknown, fallback: string): string {
  if (isObject(item)) {
    for (const key of ID_KEYS) {
      const v = own(item, key);
      if (typeof v === "string" && v.length > 0) return v;
      if (typeof v === "number" && Number.isFinite(v)) return String(v);
    }
  }
  return legacyName(item) ?? fallback;
}

function toItem(legacy: unknown, index: number): ToolResponseItem {
  const fallback = `item-${index + 1}`;
  const id = idOf(legacy, fallback);
  const item: ToolResponseItem = {
    id,
    name: legacyName(legacy) ?? id,
    status: isFailedItem(legacy) ? "failed" : "success",
  };
  const resultText = legacyResultText(legacy);
  if (resultText !== undefined) item.result = resultText;
  else if (isObject(legacy)) {
    const given = own(legacy, "result") ?? own(legacy, "output");
    if (given !== undefined && given !== null) item.result = text(given);
    else if (item.status === "success") item.result = text(legacy);
  } else if (item.status === "success") item.result = text(legacy);
  if (item.status === "failed") {
    const errorText = legacyErrorText(legacy);
    const error = isObject(legacy) ? own(legacy, "error") : undefined;
    const status = isObject(legacy) ? own(legacy, "status") : undefined;
    item.error = errorText ??
      (truthy(error) ? text(error) : `Status ${text(status)} reported without an error message`);
  }
  return item;
}

function response(data: ToolResponseItem[], toolName: string, globalError?: string): ToolResponse {
  const failed = data.filter((i) => i.status === "failed").length;
  let error = globalError;
  if (error === undefined && data.length > 0 && failed === data.length) {
    const first = data[0];
    error = data.length === 1
      ? `The only item failed: ${first.name}: ${first.error}`
      : `All ${data.length} items failed; first: ${first.name}: ${first.error}`;
  }
  const out: ToolResponse = {
    success: error === undefined,
    total: data.length,
    successful: data.length - failed,
    failed,
    data,
  };
  if (error !== undefined) out.error = error;
  out.metadata = { tool_name: toolName };
  return out;
}

/**
 * The kit's reference `normalize_tool_response(raw, tool_name)`: turns any legacy tool
 * output into a conforming GNS3 Copilot tool response (format v1.0), following the kit's
 * reading of the standard (spec-notes/normalizer.md). It never throws.
 *
 * - A string is decoded as JSON, else as a Python literal (no evaluation; bounded); a string
 *   that is neither is plain text and becomes one success item whose result is the text.
 * - A conforming response comes back unchanged but for `metadata.tool_name`.
 * - A list, a dict holding `data`/`nodes`/`created_nodes`/`templates`, or a single item dict
 *   gives one item per legacy item: `name`/`device_name`/`node_name` become `name`,
 *   `result`/`output` become `result`, `error` stays `error`; an item is failed when its
 *   error is truthy or its status says failure (`failed`, `error`, `partial_success`, ...).
 * - `{"error": text}` and `[{"error": text}]` are a global error with no items.
 * - When every item failed, a global error says so (`success` false).
 * - A real Python object (a {@linkcode PythonArgument}) is read as the Python reference
 *   (`examples/python/reference_normalizer.py`) reads it: one that is JSON data in all but
 *   name (a list, a dict with str keys...) as that data; a list or a dict holding other
 *   objects item by item; anything else (a tuple, a set, bytes, a huge int, a dict with
 *   non-string keys) as one success item whose result is its `json.dumps` text, or "(a value
 *   with no JSON text)" where `json.dumps` raises.
 *
 * @example Normalize a device-command tool's legacy list
 * ```ts
 * import assert from "node:assert/strict";
 * import { normalizeToolResponse } from "./reference.ts";
 *
 * const out = normalizeToolResponse(
 *   "[{'device_name': 'R1', 'status': 'success', 'output': 'ok'}," +
 *     " {'device_name': 'R2', 'status': 'failed', 'error': 'Connection refused'}]",
 *   "execute_multiple_device_commands",
 * );
 * assert.deepEqual(out, {
 *   success: true,
 *   total: 2,
 *   successful: 1,
 *   failed: 1,
 *   data: [
 *     { id: "R1", name: "R1", status: "success", result: "ok" },
 *     { id: "R2", name: "R2", status: "failed", error: "Connection refused" },
 *   ],
 *   metadata: { tool_name: "execute_multiple_device_commands" },
 * });
 * ```
 *
 * @param raw What the legacy tool returned: any JSON value, a string, or a real Python object.
 * @param toolName The tool's name, recorded as `metadata.tool_name`.
 * @returns A conforming tool response.
 */
export function normalizeToolResponse(raw: unknown, toolName: string): ToolResponse {
  if (raw instanceof PythonArgument) return normalizePython(raw.value, toolName);
  const analysis = analyzeRaw(raw);
  switch (analysis.form) {
    case "conforming": {
      const copy = structuredClone(analysis.value) as Obj;
      const metadata = own(copy, "metadata");
      const next: Obj = isObject(metadata) ? { ...metadata } : {};
      setOwn(next, "tool_name", toolName);
      setOwn(copy, "metadata", next);
      return copy as unknown as ToolResponse;
    }
    case "items":
      return response(analysis.items.map(toItem), toolName, analysis.globalError);
    case "global-error":
      return response([], toolName, analysis.error);
    case "text":
      return response(
        [{ id: "output", name: toolName || "output", status: "success", result: analysis.text }],
        toolName,
      );
    case "opaque":
      return response(
        [{ id: "output", name: toolName || "output", status: "success", result: String(raw) }],
        toolName,
      );
    case "empty":
      return response([], toolName);
  }
}

/** The Python reference's reading of a real Python object (its `_normalize_value`). */
function normalizePython(value: PyValue, toolName: string): ToolResponse {
  const view = jsonViewOf(value);
  if (view) return normalizeToolResponse(view.value, toolName);
  if (value.type === "list") {
    const only = value.items.length === 1 ? errorOnly(value.items[0]) : undefined;
    if (only !== undefined) return response([], toolName, only);
    return response(value.items.map(pyItem), toolName);
  }
  if (value.type === "dict") {
    for (const key of CONTAINER_KEYS) {
      const items = pyGet(value, key);
      if (items?.type === "list") {
        const error = pyGet(value, "error");
        return response(
          items.items.map(pyItem),
          toolName,
          error?.type === "str" && error.value.length > 0 ? error.value : undefined,
        );
      }
    }
    const only = errorOnly(value);
    if (only !== undefined) return response([], toolName, only);
  }
  return response([pyItem(value, 0)], toolName);
}

/** The error text of a dict holding only an error and counts (`_error_only`), else undefined. */
function errorOnly(value: PyValue): string | undefined {
  if (value.type !== "dict") return undefined;
  const error = pyGet(value, "error");
  if (error?.type !== "str" || error.value.length === 0) return undefined;
  const keys = value.entries.map(([k]) => k);
  return keys.every((k) => k.type === "str" && (k.value === "error" || COUNT_KEYS.has(k.value)))
    ? error.value
    : undefined;
}
