// The verdict of cases counted one at a time, so that a run need not hold its cases to judge
// them (verdictOf and the streaming runner share it). Private helper of the core.
import type { Finding, Verdict } from "./types.ts";

/** What the verdict needs of one case. */
export type VerdictCase =
  | { outcome: "passed" | "failed"; findings: readonly Finding[] }
  | { outcome: "skipped"; required?: boolean }
  | { outcome: "errored" };

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
        break;
      case "skipped":
        this.#skipped++;
        if (c.required) this.#requiredSkipped++;
        break;
    }
  }

  /** The verdict of the cases counted so far (see `verdictOf`). */
  verdict(): Verdict {
    if (this.#failed > 0) return "not-conformant";
    if (this.#errored > 0) return "incomplete";
    if (this.#passed === 0) return "incomplete";
    if (this.#skipped > this.#total * SKIPPED_SHARE) return "incomplete";
    if (this.#requiredSkipped > 0) return "incomplete";
    if (this.#warned > 0) return "conformant-with-warnings";
    return "conformant";
  }
}
