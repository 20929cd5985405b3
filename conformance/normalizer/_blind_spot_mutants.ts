// Mutants for the input classes the kit once never sent (issue 12): each is one call away
// from a defect of a real normalizer, and only the declared classes reach it at default runs.
import { isObject, own, setOwn } from "./_json.ts";
import { normalizeToolResponse } from "./reference.ts";

/** A broken normalizer (the shape of `NormalizerMutant`, kept here to avoid an import circle). */
interface NormalizerMutant {
  name: string;
  description: string;
  breaks: string[];
  normalize(raw: unknown, toolName: string): unknown;
}

const STANDARD_KEYS = ["success", "total", "successful", "failed", "data"];

/** The longest line a mutant's line-based parser takes (a fixed buffer, say). */
const MAX_LINE = 65_536;

/** The blind-spot mutants, each caught by the rule it lists. */
export const blindSpotMutants: readonly NormalizerMutant[] = [
  {
    name: "normalizer-mutant-passes-standard-shape",
    description:
      "passes a dict in the standard shape through as is, even when its fields contradict each other",
    breaks: ["NORM-CONFORMS"],
    normalize(raw, toolName) {
      if (isObject(raw) && STANDARD_KEYS.every((k) => Object.hasOwn(raw, k))) {
        const copy = structuredClone(raw);
        const metadata = own(copy, "metadata");
        const next = isObject(metadata) ? { ...metadata } : {};
        setOwn(next, "tool_name", toolName);
        setOwn(copy, "metadata", next);
        return copy;
      }
      return normalizeToolResponse(raw, toolName);
    },
  },
  {
    name: "normalizer-mutant-raises-on-metadata",
    description:
      "sets metadata['tool_name'] on whatever metadata it got, and raises when it is not a dict",
    breaks: ["NORM-TOTAL"],
    normalize(raw, toolName) {
      if (isObject(raw) && Object.hasOwn(raw, "metadata") && !isObject(raw.metadata)) {
        const type = raw.metadata === null
          ? "NoneType"
          : Array.isArray(raw.metadata)
          ? "list"
          : typeof raw.metadata === "string"
          ? "str"
          : typeof raw.metadata === "boolean"
          ? "bool"
          : "int";
        throw new TypeError(`'${type}' object does not support item assignment`);
      }
      return normalizeToolResponse(raw, toolName);
    },
  },
  {
    name: "normalizer-mutant-raises-on-unhashable-key",
    description:
      "catches only ValueError and SyntaxError around ast.literal_eval, so a list key raises TypeError",
    breaks: ["NORM-TOTAL"],
    normalize(raw, toolName) {
      if (typeof raw === "string" && /[{,]\s*\[[^\]]*\]\s*:/.test(raw)) {
        let json = true;
        try {
          JSON.parse(raw);
        } catch {
          json = false;
        }
        if (!json) throw new TypeError("unhashable type: 'list'");
      }
      return normalizeToolResponse(raw, toolName);
    },
  },
  {
    name: "normalizer-mutant-raises-on-long-line",
    description:
      `reads text line by line into a fixed buffer and raises on a line over ${MAX_LINE} characters`,
    breaks: ["NORM-TOTAL"],
    normalize(raw, toolName) {
      if (typeof raw === "string" && raw.split("\n").some((line) => line.length > MAX_LINE)) {
        throw new RangeError(`line of ${raw.length} characters exceeds the buffer`);
      }
      return normalizeToolResponse(raw, toolName);
    },
  },
];
