// The verdict of cases counted one at a time, so that a run need not hold its cases to judge
// them (verdictOf and the streaming runner share it). Private helper of the core.
import type { ErroredCaseReport, Finding, SuiteReport, Verdict } from "./types.ts";

type ImplementationFault = NonNullable<ErroredCaseReport["fault"]>;
type SuiteFaults = NonNullable<SuiteReport["faults"]>;

/** What the verdict needs of one case. */
export type VerdictCase =
  | { outcome: "passed" | "failed"; findings: readonly Finding[] }
  | { outcome: "skipped"; required?: boolean }
  | { outcome: "errored"; fault?: ImplementationFault; notRun?: boolean };

/** Groups of implementation faults a suite's report lists (the rest are counted in the last). */
const FAULT_GROUPS = 10;

/** Share of skipped cases above which a suite is `incomplete` (`MAX_SKIPPED_SHARE`). */
export const SKIPPED_SHARE = 0.5;

/** Counts what the verdict depends on, case by case. */
export class VerdictTally {
  #total = 0;
  #passed = 0;
  #failed = 0;
  #errored = 0;
  #skipped = 0;
  #requiredSkipped = 0;
  #warned = 0;
  #faulted = 0;
  #notRun = 0;
  #groups = new Map<string, ImplementationFault & { cases: number }>();

  /** Counts one case. */
  add(c: VerdictCase): void {
    this.#total++;
    switch (c.outcome) {
      case "passed":
        this.#passed++;
        if (c.findings.length > 0) this.#warned++;
        break;
      case "failed":
        this.#failed++;
        break;
      case "errored":
        this.#errored++;
        if (c.notRun) this.#notRun++;
        if (c.fault) this.#fault(c.fault);
        break;
      case "skipped":
        this.#skipped++;
        if (c.required) this.#requiredSkipped++;
        break;
    }
  }

  #fault(fault: ImplementationFault): void {
    this.#faulted++;
    let key = `${fault.kind}\n${fault.detail ?? ""}`;
    if (!this.#groups.has(key) && this.#groups.size >= FAULT_GROUPS) key = `${fault.kind}\n`;
    const group = this.#groups.get(key);
    if (group) group.cases++;
    else {
      this.#groups.set(key, {
        kind: fault.kind,
        ...(key.endsWith("\n") ? {} : { detail: fault.detail }),
        cases: 1,
      });
    }
  }

  /** The implementation's faults counted so far, or undefined when there was none. */
  faults(): SuiteFaults | undefined {
    if (this.#faulted === 0 && this.#notRun === 0) return undefined;
    const implementation = [...this.#groups.values()].sort((a, b) => b.cases - a.cases);
    return { implementation, notRun: this.#notRun };
  }

  /** The verdict of the cases counted so far (see `verdictOf`). */
  verdict(): Verdict {
    // The implementation's own faults (a crash, a hang, garbage) are its failures.
    if (this.#failed > 0 || this.#faulted > 0) return "not-conformant";
    if (this.#errored > 0) return "incomplete";
    if (this.#passed === 0) return "incomplete";
    if (this.#skipped > this.#total * SKIPPED_SHARE) return "incomplete";
    if (this.#requiredSkipped > 0) return "incomplete";
    if (this.#warned > 0) return "conformant-with-warnings";
    return "conformant";
  }
}
