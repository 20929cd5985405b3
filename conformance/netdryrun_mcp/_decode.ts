// Reading a tools/call result: which value it carries, where, and what kind it is. Never throws.
import { parse as parseYaml } from "yaml";
import { RUN_RESULT_KEYS } from "../netdryrun/_check_value.ts";

/** Largest text content the kit parses, in UTF-16 units. */
export const MAX_TEXT = 8 * 1024 * 1024;

/** The result kinds a scenario can call for. */
export type ResultKind =
  | "setup_error"
  | "run_result"
  | "validate_valid"
  | "validate_invalid"
  | "check_types"
  | "baseline_yaml"
  | "tool_error"
  | "other";

type Obj = Record<string, unknown>;
export const isObject = (v: unknown): v is Obj =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** What a result carries. */
export interface Decoded {
  /** The value, when readable. */
  value?: unknown;
  /** JSON Pointer (in the observation) of where the value was read. */
  at: string;
  /** Index of the text item read, or -1. */
  textIndex: number;
  /** The text parsed as JSON, when it is JSON. */
  textJson?: { value: unknown };
  /** Why the result cannot be read. */
  unreadable?: { path: string; message: string };
  /**
   * Whether the value is a JSON value read from structuredContent (findings nest under `at`);
   * false for a value parsed from text (content text, or text wrapped in structuredContent).
   */
  structured: boolean;
  /**
   * Set when structuredContent is FastMCP's wrapper of a non-object return (`{"result": x}`,
   * its only member): `value` when x is judged as the value itself, `text` when x is text
   * (a tool that returns JSON text) parsed as a text content item would be.
   */
  wrapped?: "value" | "text";
  /** The text wrapped in structuredContent.result, when `wrapped` is `text`. */
  wrappedText?: string;
}

function parseJson(text: string): { value: unknown } | undefined {
  if (text.length > MAX_TEXT) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/**
 * Whether a structuredContent is FastMCP's wrapper of a non-object return: an object whose
 * only member is `result` (the MCP Python SDK sends `{"result": value}` when a tool declaring
 * an output schema returns a string, list or number). No contract value of a Netdryrun tool
 * has that shape: each has required members other than `result`.
 */
export function isResultWrapper(structured: unknown): structured is { result: unknown } {
  return isObject(structured) && Object.keys(structured).length === 1 &&
    Object.hasOwn(structured, "result");
}

/** Whether a text parses as a YAML mapping (bounded: aliases capped, errors are "no"). */
function isYamlMapping(text: string): boolean {
  if (text.length > MAX_TEXT) return false;
  try {
    return isObject(parseYaml(text, { maxAliasCount: 10 }));
  } catch {
    return false;
  }
}

/** Read a text as the tool's value (record_baseline: YAML text or a JSON tool error). */
function fromText(
  text: string,
  textJson: { value: unknown } | undefined,
  tool: string,
  at: string,
  isError: unknown,
): { value?: unknown; unreadable?: { path: string; message: string } } {
  if (tool === "record_baseline") {
    // JSON object text is a tool error; anything else is the YAML text itself, except an
    // error reported as plain text (isError true, not a YAML mapping): no baseline and no
    // tool error (what an SDK answers when the tool raised).
    if (textJson && isObject(textJson.value)) return { value: textJson.value };
    if (isError === true && !isYamlMapping(text)) {
      return {
        unreadable: {
          path: at,
          message:
            `isError is true and the text is neither a JSON tool error nor a YAML baseline: ${
              JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text)
            }`,
        },
      };
    }
    return { value: text };
  }
  if (!textJson) return { unreadable: { path: at, message: "the text content is not JSON" } };
  return { value: textJson.value };
}

/**
 * Read the value of a call result: structuredContent first (the value FastMCP wraps as
 * `{"result": ...}` unwrapped, and parsed when it is text), else the first text item.
 */
export function decodeResult(result: Obj, tool: string): Decoded {
  const content = Array.isArray(result.content) ? result.content : [];
  const textIndex = content.findIndex((c) =>
    isObject(c) && c.type === "text" && typeof c.text === "string"
  );
  const text = textIndex >= 0 ? (content[textIndex] as { text: string }).text : undefined;
  const textJson = text === undefined ? undefined : parseJson(text);
  const structured = Object.hasOwn(result, "structuredContent") &&
    result.structuredContent !== undefined;
  const base = { textIndex, ...(textJson ? { textJson } : {}), structured };
  if (structured) {
    const at = "/call_result/structuredContent";
    const sc = result.structuredContent;
    if (isResultWrapper(sc)) {
      const inner = `${at}/result`;
      if (typeof sc.result !== "string") {
        return { ...base, at: inner, value: sc.result, wrapped: "value" };
      }
      const read = fromText(sc.result, parseJson(sc.result), tool, inner, result.isError);
      return {
        ...base,
        ...read,
        at: inner,
        structured: false,
        wrapped: "text",
        wrappedText: sc.result,
      };
    }
    if (!isObject(result.structuredContent)) {
      return {
        ...base,
        at,
        unreadable: { path: at, message: "structuredContent is not an object" },
      };
    }
    return { ...base, at, value: result.structuredContent };
  }
  const at = `/call_result/content/${textIndex}/text`;
  if (text === undefined) {
    return {
      ...base,
      at: "/call_result/content",
      unreadable: {
        path: "/call_result/content",
        message: "no structuredContent and no text content item",
      },
    };
  }
  return { ...base, at, ...fromText(text, textJson, tool, at, result.isError) };
}

/** The kind of a decoded value, as the tool's results are told apart. */
export function kindOf(value: unknown, tool: string): ResultKind {
  if (tool === "record_baseline") {
    if (typeof value === "string") return "baseline_yaml";
    return isObject(value) ? "tool_error" : "other";
  }
  if (!isObject(value)) return "other";
  if (tool === "dry_run" || tool === "run_checks") {
    const runLike = value.status !== "error" ||
      RUN_RESULT_KEYS.some((k) => Object.hasOwn(value, k));
    return runLike ? "run_result" : "setup_error";
  }
  if (tool === "validate") {
    return value.valid === true
      ? "validate_valid"
      : value.valid === false
      ? "validate_invalid"
      : "other";
  }
  if (tool === "check_types") return "check_types";
  return "other";
}

/** Whether a result kind is an error (isError true). */
export function isErrorKind(kind: ResultKind): boolean {
  return kind === "setup_error" || kind === "tool_error";
}

/** Deep equality of JSON values, key order ignored. */
export function jsonEqual(a: unknown, b: unknown, depth = 0): boolean {
  if (depth > 200) return false;
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length &&
      a.every((x, i) => jsonEqual(x, b[i], depth + 1));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => Object.hasOwn(b, k) && jsonEqual(a[k], b[k], depth + 1));
  }
  return false;
}
