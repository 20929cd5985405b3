// What the consumer profile knows about a dry_run / run_checks result: the frozen verdicts,
// the known statuses, the lab-text fields, and how an input is classified.
import { hasOwn, isObject, type Obj } from "../_json_value.ts";

/** The three verdicts of netdryrun.mcp-result/v1 (frozen within v1): the producer profile's. */
export { VERDICT } from "../netdryrun/_constants.ts";

/** The status values v1 knows. */
export const KNOWN_STATUSES = ["passed", "failed", "error", "inconclusive"] as const;

/** The decisions a consumer answers with. */
export const DECISIONS = ["apply", "do-not-apply", "retry"] as const;

/** A consumer's decision. */
export type Decision = "apply" | "do-not-apply" | "retry";

/** Whether a value is one of the three decisions. */
export function isDecision(value: unknown): value is Decision {
  return typeof value === "string" && (DECISIONS as readonly string[]).includes(value);
}

/**
 * What an input is, as far as a decision goes:
 * - `run`: a run result whose status is exactly a known value;
 * - `setup`: a setup error (status `error`, no checks: no lab was started);
 * - `respelled`: a status that is a spelling of a known value (case, spaces, width, a near miss);
 * - `unknown`: any other string status (a value v1 may add);
 * - `non-result`: anything without a string status (another tool's result, garbage).
 */
export type InputClass = "run" | "setup" | "respelled" | "unknown" | "non-result";

/** Fold a status as a sloppy consumer would: NFKC, lower case, no spaces, joiners or separators. */
export function foldStatus(status: string): string {
  return status.normalize("NFKC").toLowerCase().replace(/[\s\u200b-\u200d\u2060\ufeff_.\-]/g, "");
}

function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/** Classify one input of `decide` (the tool's result). */
export function classify(result: unknown): InputClass {
  if (!isObject(result) || typeof result.status !== "string") return "non-result";
  const status = result.status;
  if ((KNOWN_STATUSES as readonly string[]).includes(status)) {
    return status === "error" && !hasOwn(result, "checks") ? "setup" : "run";
  }
  const folded = foldStatus(status);
  if (folded.length > 0 && KNOWN_STATUSES.some((k) => distance(folded, k) <= 2)) {
    return "respelled";
  }
  return "unknown";
}

/** A place of lab text in a result: the object holding it and the key. */
export type LabTextSlot = [Obj, string, (string | number)[]];

/**
 * Every lab-text place of a result that holds a string (the schema's `lab_text` fields: error,
 * inconclusive_reason, check name and detail, failure check and reason, evidence cmd and
 * excerpt), with its JSON Pointer segments.
 */
export function labTextSlots(doc: Obj): LabTextSlot[] {
  const slots: LabTextSlot[] = [];
  const add = (o: unknown, key: string, path: (string | number)[]) => {
    if (isObject(o) && typeof o[key] === "string") slots.push([o, key, [...path, key]]);
  };
  add(doc, "error", []);
  add(doc, "inconclusive_reason", []);
  const checks = Array.isArray(doc.checks) ? doc.checks : [];
  checks.forEach((c, i) => {
    add(c, "name", ["checks", i]);
    add(c, "detail", ["checks", i]);
  });
  const failures = Array.isArray(doc.failures) ? doc.failures : [];
  failures.forEach((f, i) => {
    add(f, "check", ["failures", i]);
    add(f, "reason", ["failures", i]);
    const evidence = isObject(f) ? f.evidence : undefined;
    add(evidence, "cmd", ["failures", i, "evidence"]);
    add(evidence, "excerpt", ["failures", i, "evidence"]);
  });
  return slots;
}

/** Deep equality of JSON values (object key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a);
    if (ka.length !== Object.keys(b).length) return false;
    return ka.every((k) => hasOwn(b, k) && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Whether `b` is `a` with fields added (at any depth, in objects; arrays keep their length). */
export function onlyAddsFields(a: unknown, b: unknown): boolean {
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => onlyAddsFields(x, b[i]));
  }
  if (isObject(a)) {
    return isObject(b) && Object.keys(a).every((k) => hasOwn(b, k) && onlyAddsFields(a[k], b[k]));
  }
  return a === b;
}

/** Whether `b` has at least one field `a` has not (at any depth). */
export function addsSomeField(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.some((x, i) => addsSomeField(x, b[i]));
  if (isObject(a) && isObject(b)) {
    return Object.keys(b).some((k) => !hasOwn(a, k) || addsSomeField(a[k], b[k]));
  }
  return false;
}

/** Whether `b` equals `a` but for the strings of its lab-text fields (at least one differs). */
export function onlyLabTextDiffers(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  const ca = structuredClone(a);
  const cb = structuredClone(b);
  const sa = labTextSlots(ca);
  const sb = labTextSlots(cb);
  if (sa.length !== sb.length) return false;
  let differs = false;
  for (let i = 0; i < sa.length; i++) {
    if (sa[i][2].join("/") !== sb[i][2].join("/")) return false;
    if (sa[i][0][sa[i][1]] !== sb[i][0][sb[i][1]]) differs = true;
    sa[i][0][sa[i][1]] = "";
    sb[i][0][sb[i][1]] = "";
  }
  return differs && jsonEqual(ca, cb);
}

/** Whether `b` equals `a` but for its verdict (which differs). */
export function onlyVerdictDiffers(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b) || !hasOwn(b, "verdict")) return false;
  if (jsonEqual(a.verdict, b.verdict)) return false;
  const { verdict: _a, ...ra } = a;
  const { verdict: _b, ...rb } = b;
  return jsonEqual(ra, rb);
}
