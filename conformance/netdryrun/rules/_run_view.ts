// What several run-result rules read the same way: the status, the sound checks, the failures.
import { isObject, type Obj } from "../../_json_value.ts";

/** A check whose `passed` is a boolean. */
export interface SoundCheck {
  /** The check's name, as found. */
  name: unknown;
  /** Whether it passed. */
  passed: boolean;
  /** The check's detail, as found. */
  detail: unknown;
  /** The check object itself. */
  raw: Obj;
}

/** A run result as the rules read it, computed once per value. */
export interface RunView {
  /** The run result. */
  value: Obj;
  /** The status, when a string. */
  status: string | undefined;
  /** The checks, when every one is an object with a boolean `passed`. */
  checks: SoundCheck[] | undefined;
  /** The failures, when an array. */
  failures: unknown[] | undefined;
}

/** The checks, when every one is an object with a boolean `passed`; else undefined. */
function soundChecks(value: Obj): SoundCheck[] | undefined {
  if (!Array.isArray(value.checks)) return undefined;
  const out: SoundCheck[] = [];
  for (const c of value.checks) {
    if (!isObject(c) || typeof c.passed !== "boolean") return undefined;
    out.push({ name: c.name, passed: c.passed, detail: c.detail, raw: c });
  }
  return out;
}

/** The view of a run result (reads status, checks, failures, in that order). */
export function runViewOf(value: Obj): RunView {
  const status = typeof value.status === "string" ? value.status : undefined;
  const checks = soundChecks(value);
  const failures = Array.isArray(value.failures) ? value.failures : undefined;
  return { value, status, checks, failures };
}
