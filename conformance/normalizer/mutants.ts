import type { ToolResponse, ToolResponseItem } from "../tool_response/types.ts";
import { isObject, own } from "./_json.ts";
import { analyzeRaw, isNamedItemForm, legacyErrorText } from "./_legacy.ts";
import { normalizeToolResponse } from "./reference.ts";
import { blindSpotMutants } from "./_blind_spot_mutants.ts";

/** A deliberately broken normalizer and the rules a conformance run must report. */
export interface NormalizerMutant {
  /** Target name. */
  name: string;
  /** What is broken, in one line. */
  description: string;
  /** The rules a run must report (and no other). */
  breaks: string[];
  /** The broken `normalize_tool_response(raw, tool_name)`. */
  normalize(raw: unknown, toolName: string): unknown;
}

function recount(r: ToolResponse): ToolResponse {
  const failed = r.data.filter((i) => i.status === "failed").length;
  r.total = r.data.length;
  r.failed = failed;
  r.successful = r.data.length - failed;
  r.success = r.error === undefined;
  return r;
}

/** Apply `edit` to the items of a legacy (non-conforming) input's output. */
function onLegacyItems(
  edit: (item: ToolResponseItem, legacy: unknown, index: number) => void,
): (raw: unknown, toolName: string) => ToolResponse {
  return (raw, toolName) => {
    const out = normalizeToolResponse(raw, toolName);
    const a = analyzeRaw(raw);
    if (a.form !== "items") return out;
    out.data.forEach((item, i) => edit(item, a.items[i], i));
    return recount(out);
  };
}

/** Apply `edit` to the items of a list, or of a dict under nodes or data (the named forms). */
function onNamedFormItems(
  edit: (item: ToolResponseItem, legacy: unknown, index: number) => void,
): (raw: unknown, toolName: string) => ToolResponse {
  return (raw, toolName) => {
    const out = normalizeToolResponse(raw, toolName);
    const a = analyzeRaw(raw);
    if (a.form !== "items" || !isNamedItemForm(a)) return out;
    out.data.forEach((item, i) => edit(item, a.items[i], i));
    return recount(out);
  };
}

/** The one field of a legacy item among `keys`, when it has exactly one of them. */
const onlyField = (legacy: unknown, keys: string[]) => {
  if (!isObject(legacy)) return undefined;
  const present = keys.filter((k) => Object.hasOwn(legacy, k));
  return present.length === 1 ? present[0] : undefined;
};

const statusWord = (legacy: unknown) => {
  const s = isObject(legacy) ? own(legacy, "status") : undefined;
  return typeof s === "string" ? s.trim().toLowerCase() : undefined;
};

/** Broken variants of the reference normalizer, each caught by the rules it lists. */
export const normalizerMutants: readonly NormalizerMutant[] = [
  {
    name: "normalizer-mutant-json-only",
    description: "decodes strings with JSON.parse only, and lets its SyntaxError escape",
    breaks: ["NORM-TOTAL"],
    normalize(raw, toolName) {
      if (typeof raw === "string" && /^\s*[[{(]/.test(raw)) JSON.parse(raw);
      return normalizeToolResponse(raw, toolName);
    },
  },
  {
    name: "normalizer-mutant-drops-last-item",
    description: "loses the last legacy item (an off-by-one in its loop)",
    breaks: ["NORM-ITEM-COUNT", "NORM-ITEM-COUNT-OTHER"],
    normalize(raw, toolName) {
      const out = normalizeToolResponse(raw, toolName);
      if (analyzeRaw(raw).form !== "items" || out.data.length === 0) return out;
      out.data.pop();
      return recount(out);
    },
  },
  {
    name: "normalizer-mutant-counts-passes",
    description: "counts its passes in metadata, so a second pass changes the output",
    breaks: ["NORM-IDEMPOTENT"],
    normalize(raw, toolName) {
      const out = normalizeToolResponse(raw, toolName);
      const passes = isObject(raw) && isObject(raw.metadata) ? Number(raw.metadata.passes ?? 0) : 0;
      out.metadata = { ...out.metadata, passes: passes + 1 };
      return out;
    },
  },
  {
    name: "normalizer-mutant-loses-tool-name",
    description: 'writes metadata.tool_name "unknown" instead of the argument',
    breaks: ["NORM-TOOL-NAME"],
    normalize(raw, toolName) {
      const out = normalizeToolResponse(raw, toolName);
      out.metadata = { ...out.metadata, tool_name: "unknown" };
      return out;
    },
  },
  {
    name: "normalizer-mutant-drops-plain-text",
    description: "turns a string that is neither JSON nor a literal into an empty response",
    breaks: ["NORM-PLAIN-TEXT"],
    normalize(raw, toolName) {
      if (analyzeRaw(raw).form === "text") return normalizeToolResponse(null, toolName);
      return normalizeToolResponse(raw, toolName);
    },
  },
  {
    name: "normalizer-mutant-rebuilds-standard",
    description:
      "rebuilds conforming responses from their items, dropping metadata and extra fields",
    breaks: ["NORM-FIXPOINT"],
    normalize(raw, toolName) {
      const a = analyzeRaw(raw);
      if (a.form !== "conforming") return normalizeToolResponse(raw, toolName);
      const { data, error } = a.value as { data: unknown[]; error?: unknown };
      return normalizeToolResponse(
        typeof error === "string" && error.length > 0 ? { data, error } : { data },
        toolName,
      );
    },
  },
  {
    name: "normalizer-mutant-partial-is-success",
    description: "reads partial_success as success",
    breaks: ["NORM-STATUS-OTHER"],
    normalize: onLegacyItems((item, legacy) => {
      const word = statusWord(legacy);
      if (
        (word === "partial_success" || word === "partial") && legacyErrorText(legacy) === undefined
      ) {
        item.status = "success";
        item.result ??= "";
      }
    }),
  },
  {
    name: "normalizer-mutant-trusts-status",
    description: 'knows only status "error" as a failure: status "failed" reads as success',
    breaks: ["NORM-STATUS"],
    normalize: onLegacyItems((item, legacy) => {
      if (isObject(legacy) && own(legacy, "status") === "failed") {
        item.status = "success";
        item.result ??= "";
      }
    }),
  },
  {
    name: "normalizer-mutant-trims-output",
    description: "strips whitespace from device output",
    breaks: ["NORM-RESULT-TEXT", "NORM-RESULT-OTHER"],
    normalize: onLegacyItems((item) => {
      if (typeof item.result === "string") item.result = item.result.trim();
    }),
  },
  {
    name: "normalizer-mutant-never-maps-output",
    description: "reads an item's text from result only: a legacy output becomes an empty result",
    breaks: ["NORM-RESULT-TEXT"],
    normalize: onNamedFormItems((item, legacy) => {
      if (onlyField(legacy, ["result", "output"]) === "output" && item.status === "success") {
        item.result = "";
      }
    }),
  },
  {
    name: "normalizer-mutant-prefixes-errors",
    description: 'prefixes item errors with "Error: "',
    breaks: ["NORM-ERROR-TEXT"],
    normalize: onLegacyItems((item) => {
      if (item.status === "failed") item.error = `Error: ${item.error}`;
    }),
  },
  {
    name: "normalizer-mutant-numbers-names",
    description: "names items by position instead of their device or node name",
    breaks: ["NORM-NAME", "NORM-NAME-OTHER"],
    normalize: onLegacyItems((item, _legacy, i) => {
      item.name = `item ${i + 1}`;
    }),
  },
  {
    name: "normalizer-mutant-ignores-device-name",
    description:
      "reads an item's name from name only: an item with a device_name is named by position",
    breaks: ["NORM-NAME"],
    normalize: onNamedFormItems((item, legacy, i) => {
      if (onlyField(legacy, ["name", "device_name", "node_name"]) === "device_name") {
        item.name = `item ${i + 1}`;
      }
    }),
  },
  {
    name: "normalizer-mutant-error-as-item",
    description: 'turns {"error": text} into one failed item instead of a global error',
    breaks: ["NORM-GLOBAL-ERROR"],
    normalize(raw, toolName) {
      const a = analyzeRaw(raw);
      if (a.form !== "global-error") return normalizeToolResponse(raw, toolName);
      return normalizeToolResponse([{ name: "error", error: `${a.error} (tool error)` }], toolName);
    },
  },
  {
    name: "normalizer-mutant-legacy-totals",
    description: "copies the legacy total_nodes/total instead of counting the items",
    breaks: ["NORM-CONFORMS"],
    normalize(raw, toolName) {
      const out = normalizeToolResponse(raw, toolName);
      const a = analyzeRaw(raw);
      if (a.form === "conforming") return out;
      const source = a.form === "items" && a.shape === "dict" && isObject(raw) ? raw : undefined;
      const legacy = source ? own(source, "total_nodes") ?? own(source, "total") : undefined;
      if (typeof legacy === "number") out.total = legacy;
      return out;
    },
  },
  ...blindSpotMutants,
];
