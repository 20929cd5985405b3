// Real Python objects given to the normalizer (PythonArgument inputs), on the kit's side:
// the JSON view of a value that is JSON data in all but name (a list, a dict with str keys, a
// str, ...), which the spec's legacy forms describe, and a model of what the Python reference
// normalizer (examples/python/reference_normalizer.py) does with any other Python object.
import type { PyValue } from "../../src/pyliteral/py_value.ts";
import { pyFloatRepr } from "../../src/pyliteral/_py_float.ts";
import type { ToolResponseItem } from "../tool_response/types.ts";
import { type Obj, setOwn } from "./_json.ts";

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
/** CPython's default `sys.get_int_max_str_digits()` (3.11 and later): `str(int)` refuses more. */
export const INT_MAX_STR_DIGITS = 4300;

/**
 * The JSON data a Python value is, when it is made only of what JSON decoding gives (list,
 * dict with str keys, str, bool, None, an int within 2^53 - 1, a finite float): `{value}`;
 * `undefined` when it holds anything else (a tuple, a set, bytes, a huge int, a non-string
 * key...), at any depth.
 */
export function jsonViewOf(value: PyValue, maxDepth = 1000): { value: unknown } | undefined {
  const view = (v: PyValue, depth: number): unknown => {
    switch (v.type) {
      case "none":
        return null;
      case "bool":
      case "str":
        return v.value;
      case "int":
        if (v.value > SAFE || v.value < -SAFE) throw NOT_JSON;
        return Number(v.value);
      case "float":
        if (!Number.isFinite(v.value)) throw NOT_JSON;
        return v.value;
      case "list":
        if (depth >= maxDepth) throw NOT_JSON;
        return v.items.map((i) => view(i, depth + 1));
      case "dict": {
        if (depth >= maxDepth) throw NOT_JSON;
        const out: Obj = {};
        for (const [k, x] of v.entries) {
          if (k.type !== "str") throw NOT_JSON;
          setOwn(out, k.value, view(x, depth + 1));
        }
        return out;
      }
      default:
        throw NOT_JSON;
    }
  };
  try {
    return { value: view(value, 0) };
  } catch (error) {
    if (error === NOT_JSON) return undefined;
    throw error;
  }
}

const NOT_JSON = new Error("not JSON data");

/** Python truthiness. */
export function pyTruthy(v: PyValue): boolean {
  switch (v.type) {
    case "none":
      return false;
    case "bool":
      return v.value;
    case "int":
      return v.value !== 0n;
    case "float":
      return v.value !== 0;
    case "complex":
      return v.real !== 0 || v.imag !== 0;
    case "str":
    case "bytes":
      return v.value.length > 0;
    case "ellipsis":
      return true;
    case "list":
    case "tuple":
    case "set":
      return v.items.length > 0;
    case "dict":
      return v.entries.length > 0;
  }
}

/** `dict.get(key)` for a str key (Python equality: only a str key equals a str). */
export function pyGet(dict: PyValue, key: string): PyValue | undefined {
  if (dict.type !== "dict") return undefined;
  for (const [k, v] of dict.entries) if (k.type === "str" && k.value === key) return v;
  return undefined;
}

const NO_TEXT = "(a value with no JSON text)";

/**
 * What the Python reference's `_json_text(v)` gives: a str itself, else
 * `json.dumps(v, ensure_ascii=False, separators=(",", ":"))` under CPython's default limits,
 * or "(a value with no JSON text)" where json.dumps raises (a set, bytes, complex, `...`, a
 * tuple key, an int past 4,300 digits).
 */
export function pyJsonText(value: PyValue): string {
  if (value.type === "str") return value.value;
  const out: string[] = [];
  const dump = (v: PyValue, depth: number): boolean => {
    if (depth > 1000) return false; // RecursionError in json.dumps
    switch (v.type) {
      case "none":
        out.push("null");
        return true;
      case "bool":
        out.push(v.value ? "true" : "false");
        return true;
      case "int": {
        const text = intText(v.value);
        if (text === undefined) return false;
        out.push(text);
        return true;
      }
      case "float":
        out.push(floatText(v.value));
        return true;
      case "str":
        out.push(JSON.stringify(v.value));
        return true;
      case "list":
      case "tuple":
        out.push("[");
        for (let i = 0; i < v.items.length; i++) {
          if (i > 0) out.push(",");
          if (!dump(v.items[i], depth + 1)) return false;
        }
        out.push("]");
        return true;
      case "dict":
        out.push("{");
        for (let i = 0; i < v.entries.length; i++) {
          const [k, x] = v.entries[i];
          const key = keyText(k);
          if (key === undefined) return false;
          if (i > 0) out.push(",");
          out.push(JSON.stringify(key), ":");
          if (!dump(x, depth + 1)) return false;
        }
        out.push("}");
        return true;
      default:
        return false; // TypeError: not JSON serializable
    }
  };
  return dump(value, 0) ? out.join("") : NO_TEXT;
}

function intText(n: bigint): string | undefined {
  const text = n.toString();
  return text.replace("-", "").length > INT_MAX_STR_DIGITS ? undefined : text;
}

function floatText(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "-Infinity";
  return pyFloatRepr(x);
}

function keyText(k: PyValue): string | undefined {
  switch (k.type) {
    case "str":
      return k.value;
    case "bool":
      return k.value ? "true" : "false";
    case "none":
      return "null";
    case "int":
      return intText(k.value);
    case "float":
      return floatText(k.value);
    default:
      return undefined;
  }
}

const ID_KEYS = ["id", "node_id", "device_id", "template_id", "link_id"];
const NAME_KEYS = ["name", "device_name", "node_name"];
const FAILED_WORDS = new Set(["failed", "error", "fail", "failure", "partial_success", "partial"]);
const statusWord = (s: string) => s.replace(/^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$/g, "").toLowerCase();

function nameOf(item: PyValue): string | undefined {
  for (const key of NAME_KEYS) {
    const v = pyGet(item, key);
    if (v?.type === "str" && v.value.length > 0) return v.value;
  }
  return undefined;
}

function idOf(item: PyValue, fallback: string): string {
  for (const key of ID_KEYS) {
    const v = pyGet(item, key);
    if (v?.type === "str" && v.value.length > 0) return v.value;
    if (v?.type === "int") {
      const text = v.value.toString();
      // _int_text: str(n), else hex(n) past the digit limit.
      return text.replace("-", "").length > INT_MAX_STR_DIGITS
        ? (v.value < 0n ? `-0x${(-v.value).toString(16)}` : `0x${v.value.toString(16)}`)
        : text;
    }
    if (v?.type === "float" && Number.isFinite(v.value)) return pyFloatRepr(v.value);
  }
  return nameOf(item) ?? fallback;
}

function isFailed(item: PyValue): boolean {
  if (item.type !== "dict") return false;
  const error = pyGet(item, "error");
  if (error && pyTruthy(error)) return true;
  const status = pyGet(item, "status");
  return status?.type === "str" && FAILED_WORDS.has(statusWord(status.value));
}

function resultText(item: PyValue): string | undefined {
  if (item.type === "str") return item.value;
  for (const key of ["result", "output"]) {
    const v = pyGet(item, key);
    if (v?.type === "str") return v.value;
  }
  return undefined;
}

/** The Python reference's `_item(legacy, index)` on a Python value. */
export function pyItem(legacy: PyValue, index: number): ToolResponseItem {
  const id = idOf(legacy, `item-${index + 1}`);
  const item: ToolResponseItem = {
    id,
    name: nameOf(legacy) ?? id,
    status: isFailed(legacy) ? "failed" : "success",
  };
  const text = resultText(legacy);
  if (text !== undefined) item.result = text;
  else if (legacy.type === "dict") {
    let given = pyGet(legacy, "result");
    if (given === undefined || given.type === "none") given = pyGet(legacy, "output");
    if (given !== undefined && given.type !== "none") item.result = pyJsonText(given);
    else if (item.status === "success") item.result = pyJsonText(legacy);
  } else if (item.status === "success") item.result = pyJsonText(legacy);
  if (item.status === "failed") {
    const error = pyGet(legacy, "error");
    if (error?.type === "str" && error.value.length > 0) item.error = error.value;
    else if (error && pyTruthy(error)) item.error = pyJsonText(error);
    else {
      item.error = `Status ${
        pyJsonText(pyGet(legacy, "status") ?? { type: "none" })
      } reported without an error message`;
    }
  }
  return item;
}
