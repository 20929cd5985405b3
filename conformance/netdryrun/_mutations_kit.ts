// The helpers every mutation of this profile is built with.
import fc from "fast-check";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { CheckContext, Mutated, Mutation } from "../../src/core/types.ts";
import { isRunResult } from "./_check_value.ts";
import type { NetdryrunRunResult, NetdryrunValue } from "./types.ts";

/** A value being mutated, as a plain object. */
export type Obj = Record<string, unknown>;
/** The kind of value a mutation applies to. */
export type Kind =
  | "run"
  | "setup_error"
  | "validate"
  | "check_types"
  | "baseline_text"
  | "tool_error";

function kindOf(value: NetdryrunValue, context?: CheckContext): Kind {
  const tool = context?.tool;
  if (tool === "validate") return "validate";
  if (tool === "check_types") return "check_types";
  if (tool === "record_baseline") return typeof value === "string" ? "baseline_text" : "tool_error";
  return isRunResult(value) ? "run" : "setup_error";
}

/** A mutation of one kind of value; `edit` changes a copy and returns the path, or undefined. */
export function on<K extends Kind>(
  kinds: readonly K[],
  id: string,
  ruleId: string,
  description: string,
  edit: (copy: Obj, context: CheckContext | undefined) =>
    | string
    | { path: string; context?: CheckContext; value?: unknown }
    | undefined
    | fc.Arbitrary<{ path: string; value: unknown } | undefined>,
): Mutation<NetdryrunValue> {
  return {
    id,
    ruleId,
    description,
    mutate(value, context) {
      if (!(kinds as readonly Kind[]).includes(kindOf(value, context))) return undefined;
      const copy = (typeof value === "string" ? value : structuredClone(value)) as Obj;
      const edited = edit(copy, context);
      if (edited === undefined) return undefined;
      if (typeof edited === "string") {
        return fc.constant({ value: copy as NetdryrunValue, instancePath: edited });
      }
      if (edited instanceof fc.Arbitrary) {
        // Randomised edits return their own value; undefined means "not applicable here".
        return (edited as fc.Arbitrary<{ path: string; value: unknown } | undefined>)
          .filter((e) => e !== undefined)
          .map((e) => ({ value: e!.value as NetdryrunValue, instancePath: e!.path }));
      }
      const m: Mutated<NetdryrunValue> = {
        value: (edited.value ?? copy) as NetdryrunValue,
        instancePath: edited.path,
      };
      if (edited.context) m.context = edited.context;
      return fc.constant(m);
    },
  };
}

/** The object as a run result. */
export const run = (o: Obj) => o as unknown as NetdryrunRunResult;

/** Index in failures of checks/i (a failed check), by counting failed checks before it. */
function failureIndex(r: NetdryrunRunResult, i: number): number {
  return r.checks.slice(0, i).filter((c) => !c.passed).length;
}

/** Set a check's name or detail, keeping its failure entry (if any) in step. */
export function setCheckText(
  r: NetdryrunRunResult,
  i: number,
  field: "name" | "detail",
  text: string,
): string {
  r.checks[i][field] = text;
  if (!r.checks[i].passed) {
    r.failures[failureIndex(r, i)][field === "name" ? "check" : "reason"] = text;
  }
  return jsonPointer("checks", i, field);
}

/** A text of `prefix` then emoji, cut at 300 UTF-16 units so that the cut splits a pair. */
export function utf16Cut(prefix: string, units: number): string {
  const head = Array.from(prefix).slice(0, 100).join("");
  const pad = head.length % 2 === 0 ? "a" : "";
  return (head + pad + "🚀".repeat(units)).slice(0, units);
}
