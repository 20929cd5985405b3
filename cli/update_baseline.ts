import { parseDocument } from "yaml";
import type { StreamedReport } from "../src/report/streamed_report.ts";
import type { BaselineEntry } from "./apply_baseline.ts";

/**
 * The baseline of each target after a run of every case: an entry for each rule that has a
 * MUST finding in a failed case. A rule that already had an entry keeps its reason and issue
 * (and, when it named cases, names the cases that fail now); a new rule gets a rule-wide entry
 * whose reason asks for one; an entry whose rule no longer fails is dropped, and one whose
 * rule's profile did not run is kept as it was.
 *
 * @example A new failure is added, a fixed one dropped
 * ```ts
 * import assert from "node:assert/strict";
 * import { baselineOfRun } from "./update_baseline.ts";
 *
 * const rule = (id: string) => ({ id, level: "MUST" as const, statement: "", cite: { spec: "", section: "" }, cases: 1, failures: 0 });
 * const next = baselineOfRun({
 *   kit: { name: "netconform", version: "0.1.0" }, seed: 7, timestamp: "2026-01-01T00:00:00.000Z", verdict: "not-conformant",
 *   suites: [{
 *     target: "t", adapter: "a", profile: "p/v1", seed: 7, runs: 1, verdict: "not-conformant",
 *     rules: [rule("A"), rule("B")],
 *     counts: { passed: 0, failed: 1, skipped: 0, errored: 0 },
 *     cases: [{ id: "c", description: "", outcome: "failed", findings: [
 *       { ruleId: "A", level: "MUST", instancePath: "", message: "" },
 *     ] }],
 *   }],
 * }, { t: [{ rule: "B", reason: "fixed since" }] });
 * assert.deepEqual(next.t.map((e) => e.rule), ["A"]);
 * assert.match(next.t[0].reason, /TODO/);
 * ```
 *
 * @param report The run's report (every case run: no `--case`, no `--shard`).
 * @param current The current entries per target.
 * @returns The new entries of each target that ran.
 */
export function baselineOfRun(
  report: StreamedReport,
  current: Readonly<Record<string, readonly BaselineEntry[]>>,
): Record<string, BaselineEntry[]> {
  const out: Record<string, BaselineEntry[]> = {};
  const targets = [...new Set(report.suites.map((s) => s.target))];
  for (const target of targets) {
    const suites = report.suites.filter((s) => s.target === target);
    const ranRules = new Set(suites.flatMap((s) => s.rules.map((r) => r.id)));
    const failing = new Map<string, Set<string>>();
    for (const s of suites) {
      for (const c of s.cases) {
        if (c.outcome !== "failed") continue;
        for (const f of c.findings) {
          if (f.level !== "MUST") continue;
          if (!failing.has(f.ruleId)) failing.set(f.ruleId, new Set());
          failing.get(f.ruleId)!.add(c.id);
        }
      }
    }
    const own = current[target] ?? [];
    const next: BaselineEntry[] = [];
    for (const e of own) {
      if (!ranRules.has(e.rule)) next.push(e);
      else if (failing.has(e.rule)) {
        next.push(e.cases ? { ...e, cases: [...failing.get(e.rule)!] } : e);
      }
    }
    for (const rule of failing.keys()) {
      if (own.some((e) => e.rule === rule)) continue;
      next.push({
        rule,
        reason:
          `TODO: say why this failure is expected (baselined by --update-baseline at seed ${report.seed}, ${
            report.timestamp.slice(0, 10)
          })`,
      });
    }
    out[target] = next;
  }
  return out;
}

/**
 * Write new baselines into a config file's targets (`expected_failures:`), keeping the rest
 * of the file, its comments included; a target whose new baseline is empty loses the key.
 *
 * @param path The config file.
 * @param baselines The new entries of each target to update.
 * @returns How many entries the file now has, over the updated targets.
 * @throws {Error} When the file cannot be read or written.
 */
export async function writeBaseline(
  path: string,
  baselines: Readonly<Record<string, readonly BaselineEntry[]>>,
): Promise<number> {
  const doc = parseDocument(await Deno.readTextFile(path));
  const targets = doc.get("targets", true) as { items: unknown[] } | undefined;
  let count = 0;
  (targets?.items ?? []).forEach((_, i) => {
    const name = doc.getIn(["targets", i, "name"]);
    if (typeof name !== "string" || !(name in baselines)) return;
    const entries = baselines[name];
    count += entries.length;
    if (entries.length === 0) doc.deleteIn(["targets", i, "expected_failures"]);
    else doc.setIn(["targets", i, "expected_failures"], doc.createNode(entries));
  });
  await Deno.writeTextFile(path, doc.toString({ lineWidth: 0 }));
  return count;
}
