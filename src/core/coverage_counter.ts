import type { Coverage, InputClass, Rule } from "./types.ts";

type ClassCoverage = Coverage["classes"][number];
type RuleCoverage = Coverage["rules"][number];

const MAX_REASONS = 5;

/** What one judged case contributed to a suite's coverage. */
export interface JudgedCase {
  /** The declared classes of the case. */
  classes?: readonly string[];
  /** The rules the case exercised. */
  checked: readonly string[];
  /** The rules with a finding on the case. */
  failing: ReadonlySet<string>;
  /** Rules that applied but could not be checked, with why. */
  unchecked?: readonly { ruleId: string; reason: string }[];
}

/**
 * Counts, case by case, the declared input classes a suite's cases hit and the rules that
 * applied, passed, failed or could not be checked; {@linkcode CoverageCounter.coverage}
 * gives the report's contract coverage map, with a warning for each class never hit and
 * each rule never applied.
 *
 * @example Count two cases
 * ```ts
 * import assert from "node:assert/strict";
 * import { CoverageCounter } from "./coverage_counter.ts";
 *
 * const counter = new CoverageCounter(
 *   [{ id: "empty", description: "an empty list" }, { id: "big", description: "a big list" }],
 *   [{ id: "R1", level: "MUST", statement: "s", cite: { spec: "x.md", section: "y" } }],
 * );
 * counter.record({ classes: ["empty"], checked: ["R1"], failing: new Set(["R1"]) });
 * counter.record({ classes: ["empty"], checked: ["R1"], failing: new Set() });
 * const coverage = counter.coverage();
 * assert.deepEqual(coverage.classes.map((c) => c.cases), [2, 0]);
 * assert.deepEqual(coverage.rules, [{ id: "R1", applied: 2, passed: 1, failed: 1 }]);
 * assert.deepEqual(coverage.warnings, ['class "big" was never hit (a big list)']);
 * ```
 */
export class CoverageCounter {
  #classes: Map<string, ClassCoverage & { skippedCases: number; skipReasons: Set<string> }>;
  #rules: Map<string, RuleCoverage & { reasons: Set<string>; uncheckedCases: number }>;

  /**
   * @param classes The suite's declared input classes.
   * @param rules The profile's rules.
   */
  constructor(classes: readonly InputClass[], rules: readonly Rule[]) {
    this.#classes = new Map(
      classes.map((c) => [c.id, {
        id: c.id,
        description: c.description,
        cases: 0,
        skippedCases: 0,
        skipReasons: new Set<string>(),
      }]),
    );
    this.#rules = new Map(rules.map((r) => [r.id, {
      id: r.id,
      applied: 0,
      passed: 0,
      failed: 0,
      reasons: new Set<string>(),
      uncheckedCases: 0,
    }]));
  }

  /**
   * The coverage of several runs of one suite over parts of its cases (the shards of a run):
   * the counts summed, the reasons joined, the warnings judged on the sum.
   *
   * @param parts The parts' coverage maps, each of the same suite.
   * @returns The coverage of the whole.
   */
  static merge(parts: readonly Coverage[]): Coverage {
    const first = parts[0];
    const counter = new CoverageCounter(
      first.classes.map(({ id, description }) => ({ id, description })),
      first.rules.map((r) => ({ id: r.id }) as Rule),
    );
    for (const part of parts) {
      for (const c of part.classes) {
        const mine = counter.#classes.get(c.id);
        if (!mine) continue;
        mine.cases += c.cases;
        if (c.skipped) {
          mine.skippedCases += c.skipped.cases;
          for (const reason of c.skipped.reasons) {
            if (mine.skipReasons.size < MAX_REASONS) mine.skipReasons.add(reason);
          }
        }
      }
      for (const r of part.rules) {
        const mine = counter.#rules.get(r.id);
        if (!mine) continue;
        mine.applied += r.applied;
        mine.passed += r.passed;
        mine.failed += r.failed;
        if (r.unchecked) {
          mine.uncheckedCases += r.unchecked.cases;
          for (const reason of r.unchecked.reasons) {
            if (mine.reasons.size < MAX_REASONS) mine.reasons.add(reason);
          }
        }
      }
    }
    return counter.coverage();
  }

  /**
   * Count one judged (passed or failed) case.
   *
   * @param judged The case's classes, the rules it exercised, failed and could not check.
   */
  record(judged: JudgedCase): void {
    for (const id of new Set(judged.classes ?? [])) {
      const c = this.#classes.get(id);
      if (c) c.cases++;
    }
    const unchecked = new Map<string, string>();
    for (const u of judged.unchecked ?? []) unchecked.set(u.ruleId, u.reason);
    for (const id of new Set([...judged.checked, ...judged.failing, ...unchecked.keys()])) {
      const r = this.#rules.get(id);
      if (!r) continue;
      if (unchecked.has(id) && !judged.failing.has(id)) {
        r.uncheckedCases++;
        if (r.reasons.size < MAX_REASONS) r.reasons.add(unchecked.get(id)!);
        continue;
      }
      r.applied++;
      if (judged.failing.has(id)) r.failed++;
      else r.passed++;
    }
  }

  /**
   * Count one skipped case: its classes were not hit, and why is kept (up to five reasons per
   * class), so that a class no case could reach says so.
   *
   * @param classes The case's declared classes.
   * @param reason Why the implementation did not take the case.
   */
  skip(classes: readonly string[] | undefined, reason: string): void {
    for (const id of new Set(classes ?? [])) {
      const c = this.#classes.get(id);
      if (!c) continue;
      c.skippedCases++;
      if (c.skipReasons.size < MAX_REASONS) c.skipReasons.add(reason);
    }
  }

  /**
   * The coverage map so far.
   *
   * @returns Classes with their hits, rules with their counts, and the warnings.
   */
  coverage(): Coverage {
    const classes: ClassCoverage[] = [...this.#classes.values()].map((c) => ({
      id: c.id,
      description: c.description,
      cases: c.cases,
      ...(c.skippedCases > 0
        ? { skipped: { cases: c.skippedCases, reasons: [...c.skipReasons] } }
        : {}),
    }));
    const rules: RuleCoverage[] = [...this.#rules.values()].map((r) => ({
      id: r.id,
      applied: r.applied,
      passed: r.passed,
      failed: r.failed,
      ...(r.uncheckedCases > 0
        ? { unchecked: { cases: r.uncheckedCases, reasons: [...r.reasons] } }
        : {}),
    }));
    const warnings: string[] = [];
    for (const c of classes) {
      if (c.cases > 0) continue;
      warnings.push(
        `class "${c.id}" was never hit (${c.description})` +
          (c.skipped
            ? `: ${c.skipped.cases} case(s) skipped: ${c.skipped.reasons.join("; ")}`
            : ""),
      );
    }
    // Rules never checked for the same reasons are one warning.
    const byReason = new Map<string, string[]>();
    for (const r of rules) {
      if (r.applied > 0) continue;
      if (!r.unchecked) {
        warnings.push(`rule "${r.id}" never applied to a case`);
        continue;
      }
      const reason = r.unchecked.reasons.join("; ");
      byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
    }
    for (const [reason, ids] of byReason) {
      const list = ids.map((id) => `"${id}"`).join(", ");
      warnings.push(
        `${
          ids.length === 1 ? "rule" : "rules"
        } ${list} could not be checked on any case: ${reason}`,
      );
    }
    return { classes, rules, warnings };
  }
}
