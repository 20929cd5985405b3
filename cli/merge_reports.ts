import { verdictOf } from "../src/core/verdict_of.ts";
import { worstVerdict } from "../src/core/run_conformance.ts";
import type { Finding, Outcome, Verdict } from "../src/core/types.ts";
import { CoverageCounter } from "../src/core/coverage_counter.ts";
import type { Coverage } from "../src/core/types.ts";

/** A shard report could not be merged: the reports are not shards of one run. */
export class MergeError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "MergeError";
  }
}

type Json = Record<string, unknown>;

interface CaseView extends Json {
  id: string;
  outcome: Outcome;
  findings?: Finding[];
  required?: boolean;
}

interface RuleView extends Json {
  id: string;
  cases: number;
  failures: number;
}

interface SuiteView extends Json {
  target: string;
  profile: string;
  adapter: string;
  seed: number;
  runs: number;
  rules: RuleView[];
  cases: CaseView[];
  counts: Record<Outcome, number>;
  verdict: Verdict;
  startError?: string;
}

interface ReportView extends Json {
  kit: { name: string; version: string };
  seed: number;
  timestamp: string;
  suites: SuiteView[];
  verdict: Verdict;
  shard?: { index: number; count: number };
}

/** Fields of a suite that {@linkcode mergeReports} computes itself. */
const COMPUTED = new Set([
  "rules",
  "cases",
  "counts",
  "verdict",
  "startError",
  "implementation",
  "coverage",
]);
/** Fields of a suite that must be equal in every shard. */
const SAME = ["target", "profile", "adapter", "seed", "runs"];

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function shapeError(label: string, what: string): MergeError {
  return new MergeError(`"${label}" is not a netconform JSON report (${what})`);
}

function asReport(value: unknown, label: string): ReportView {
  if (!isObject(value)) throw shapeError(label, "not an object");
  if (!isObject(value.kit)) throw shapeError(label, "no kit");
  if (typeof value.seed !== "number") throw shapeError(label, "no seed");
  if (!Array.isArray(value.suites)) throw shapeError(label, "no suites");
  for (const s of value.suites) {
    if (
      !isObject(s) || typeof s.target !== "string" || typeof s.profile !== "string" ||
      !Array.isArray(s.cases) || !Array.isArray(s.rules)
    ) throw shapeError(label, "a suite without target, profile, cases or rules");
    for (const c of s.cases) {
      if (!isObject(c) || typeof c.id !== "string" || typeof c.outcome !== "string") {
        throw shapeError(label, "a case without id or outcome");
      }
    }
  }
  const shard = value.shard;
  if (
    !isObject(shard) || !Number.isInteger(shard.index) || !Number.isInteger(shard.count) ||
    (shard.count as number) < 1 || (shard.index as number) < 0 ||
    (shard.index as number) >= (shard.count as number)
  ) {
    throw new MergeError(`"${label}" is not a shard report (it has no "shard"; run with --shard)`);
  }
  return value as ReportView;
}

/** Combine values of an extra suite field (one a profile adds): equal ones are kept. */
function combine(values: unknown[]): unknown {
  const first = JSON.stringify(values[0]);
  if (values.every((v) => JSON.stringify(v) === first)) return values[0];
  if (values.every((v) => typeof v === "number")) {
    return (values as number[]).reduce((a, b) => a + b, 0);
  }
  if (values.every(Array.isArray)) {
    const seen = new Map<string, unknown>();
    for (const v of values as unknown[][]) for (const x of v) seen.set(JSON.stringify(x), x);
    return [...seen.values()];
  }
  if (values.every(isObject)) {
    const keys = [...new Set((values as Json[]).flatMap((v) => Object.keys(v)))];
    return Object.fromEntries(
      keys.map((k) => [k, combine((values as Json[]).filter((v) => k in v).map((v) => v[k]))]),
    );
  }
  return values[0];
}

function mergeSuite(parts: SuiteView[], count: number): SuiteView {
  const first = parts[0];
  // Shard k ran the cases at positions k, k + count, k + 2 count... of the suite's list.
  const total = parts.reduce((n, p) => n + p.cases.length, 0);
  const cases: CaseView[] = [];
  for (let position = 0; position < total; position++) {
    const c = parts[position % count].cases[Math.floor(position / count)];
    if (c === undefined) {
      throw new MergeError(
        `The shards of "${first.target}" · ${first.profile} do not partition one case list`,
      );
    }
    cases.push(c);
  }
  const rules = first.rules.map((r) => {
    let cases = 0;
    let failures = 0;
    for (const p of parts) {
      const same = p.rules.find((x) => x.id === r.id);
      cases += same?.cases ?? 0;
      failures += same?.failures ?? 0;
    }
    return { ...r, cases, failures };
  });
  const counts: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0, errored: 0 };
  for (const c of cases) if (c.outcome in counts) counts[c.outcome]++;
  const startError = parts.find((p) => p.startError !== undefined)?.startError;
  const implementation = parts.find((p) => p.implementation !== undefined)?.implementation;
  const merged: SuiteView = {} as SuiteView;
  // Keep the key order of a shard's suite, so that the merge reads like a run's report.
  for (const key of Object.keys(first)) {
    if (!COMPUTED.has(key)) merged[key] = combine(parts.map((p) => p[key]));
    else if (key === "rules") merged.rules = rules;
    else if (key === "cases") merged.cases = cases;
    else if (key === "counts") merged.counts = counts;
    else if (key === "coverage") {
      merged.coverage = CoverageCounter.merge(parts.map((p) => p.coverage as Coverage));
    } else if (key === "implementation" && implementation !== undefined) {
      merged.implementation = implementation;
    } else if (key === "verdict") {
      merged.verdict = startError !== undefined ? "incomplete" : verdictOf(
        cases.map((c) =>
          c.outcome === "passed" || c.outcome === "failed"
            ? { outcome: c.outcome, findings: c.findings ?? [] }
            : c.outcome === "skipped"
            ? { outcome: "skipped" as const, required: c.required === true }
            : { outcome: "errored" as const }
        ),
      );
    }
  }
  if (startError !== undefined) merged.startError = startError;
  return merged;
}

/**
 * Merge the JSON reports of the shards of one run (`conform --shard i/n`, every `i` from 1 to
 * `n`) into the report of the whole run: each suite's cases back in the order an unsharded
 * run lists them, counts, rule statistics and verdicts recomputed with the core's own
 * functions, the earliest timestamp, and no `shard`. The reports must be every shard of the
 * same count, of the same kit, seed and suites.
 *
 * A field of a suite that the kit does not know (one a newer profile adds) is kept when every
 * shard has the same value, else combined: numbers summed, lists joined without duplicates,
 * objects merged field by field.
 *
 * @example Two shards of one suite
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeReports } from "./merge_reports.ts";
 *
 * const shard = (index: number, ids: string[]) => ({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: `2026-01-01T00:00:0${index}.000Z`,
 *   shard: { index, count: 2 },
 *   verdict: "conformant",
 *   suites: [{
 *     target: "t", adapter: "in-process", profile: "p/v1", seed: 1, runs: 3,
 *     rules: [{ id: "R", cases: ids.length, failures: 0 }],
 *     cases: ids.map((id) => ({ id, outcome: "passed", findings: [] })),
 *     counts: { passed: ids.length, failed: 0, skipped: 0, errored: 0 },
 *     verdict: "conformant",
 *   }],
 * });
 * const merged = mergeReports([
 *   { label: "b.json", value: shard(1, ["c1"]) },
 *   { label: "a.json", value: shard(0, ["c0", "c2"]) },
 * ]) as { suites: { cases: { id: string }[]; rules: { cases: number }[] }[]; shard?: unknown };
 * assert.deepEqual(merged.suites[0].cases.map((c) => c.id), ["c0", "c1", "c2"]);
 * assert.equal(merged.suites[0].rules[0].cases, 3);
 * assert.equal(merged.shard, undefined);
 * ```
 *
 * @param inputs The parsed JSON reports, each with a label (its file) for errors.
 * @returns The merged report, as JSON data in the shards' format.
 * @throws {MergeError} When an input is not a shard report, when shards are missing or given
 * twice, or when they differ in kit, seed or suites.
 */
export function mergeReports(inputs: readonly { label: string; value: unknown }[]): unknown {
  if (inputs.length === 0) throw new MergeError("merge needs at least one shard report");
  const reports = inputs.map((i) => ({ label: i.label, report: asReport(i.value, i.label) }));
  const count = reports[0].report.shard!.count;
  const byIndex = new Map<number, { label: string; report: ReportView }>();
  for (const r of reports) {
    const shard = r.report.shard!;
    if (shard.count !== count) {
      throw new MergeError(
        `"${r.label}" is shard ${shard.index + 1}/${shard.count}, "${
          reports[0].label
        }" one of ${count}`,
      );
    }
    const twin = byIndex.get(shard.index);
    if (twin) {
      throw new MergeError(`"${twin.label}" and "${r.label}" are both shard ${shard.index + 1}`);
    }
    byIndex.set(shard.index, r);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0) {
    throw new MergeError(
      `Shard ${missing.map((i) => `${i + 1}/${count}`).join(", ")} is missing`,
    );
  }
  const ordered = Array.from({ length: count }, (_, i) => byIndex.get(i)!);
  const base = ordered[0];
  const signature = (r: ReportView) =>
    JSON.stringify([
      r.kit,
      r.seed,
      r.suites.map((s) => SAME.map((k) => s[k])),
    ]);
  for (const r of ordered) {
    if (signature(r.report) !== signature(base.report)) {
      throw new MergeError(
        `"${r.label}" and "${base.label}" are not shards of one run (kit, seed, targets, profiles or runs differ)`,
      );
    }
  }
  const suites = base.report.suites.map((_, i) =>
    mergeSuite(ordered.map((r) => r.report.suites[i]), count)
  );
  const merged: Json = {};
  for (const key of Object.keys(base.report)) {
    if (key === "shard") continue;
    if (key === "suites") merged.suites = suites;
    else if (key === "verdict") merged.verdict = worstVerdict(suites.map((s) => s.verdict));
    else if (key === "timestamp") {
      merged.timestamp = ordered.map((r) => String(r.report.timestamp)).sort()[0];
    } else merged[key] = combine(ordered.map((r) => r.report[key]));
  }
  return merged;
}
