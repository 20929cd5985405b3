import { escapeText } from "../src/report/escape_text.ts";
import type { CaseReport } from "../src/core/types.ts";

/** Options of {@linkcode Progress}. */
export interface ProgressOptions {
  /** Writes text as is (no newline added) to standard error. */
  write(text: string): void;
  /** Whether standard error is a terminal: one updating line, else plain periodic lines. */
  tty: boolean;
  /**
   * Width of the terminal, in columns; the updating line is cut to fit (a wrapped line
   * cannot be updated in place).
   *
   * @default 120
   */
  columns?: number;
  /**
   * Milliseconds between two plain lines when not on a terminal.
   *
   * @default 15000
   */
  intervalMs?: number;
  /**
   * Milliseconds between two redraws of the updating line on a terminal.
   *
   * @default 100
   */
  redrawMs?: number;
  /**
   * The clock, in milliseconds.
   *
   * @default performance.now
   */
  now?: () => number;
}

interface SuiteState {
  label: string;
  total: number;
  done: number;
  failed: number;
  errored: number;
  started: number;
}

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/**
 * Progress of a run on standard error, one suite at a time: cases done of the total, failed,
 * errored, the rate and the time left. On a terminal it is one line redrawn in place (and
 * cleared when the suite ends, so the suite's summary line replaces it); elsewhere (a CI log)
 * it is a plain line at most every `intervalMs`, and nothing for a suite that ends sooner.
 *
 * @example A plain line once the interval has passed
 * ```ts
 * import assert from "node:assert/strict";
 * import { Progress } from "./progress.ts";
 *
 * let now = 0;
 * const out: string[] = [];
 * const progress = new Progress({ write: (t) => out.push(t), tty: false, intervalMs: 1000, now: () => now });
 * progress.start("ref", "p/v1", 4);
 * now = 500;
 * progress.case({ id: "a", description: "", outcome: "passed", findings: [] });
 * assert.deepEqual(out, []);
 * now = 2000;
 * progress.case({ id: "b", description: "", outcome: "failed", findings: [] });
 * assert.deepEqual(out, ["  ref · p/v1: 2/4 cases, 1 failed, 0 errored, 1.0/s, ETA 2 s\n"]);
 * ```
 */
export class Progress {
  #options: ProgressOptions;
  #suite: SuiteState | undefined;
  #lastDraw = -Infinity;
  #drawn = false;

  /**
   * Creates the progress display.
   *
   * @param options Where to write, whether it is a terminal, intervals and clock.
   */
  constructor(options: ProgressOptions) {
    this.#options = options;
  }

  #now(): number {
    return (this.#options.now ?? (() => performance.now()))();
  }

  /**
   * A suite starts with `total` cases.
   *
   * @param target The target name (escaped here).
   * @param profile The profile id.
   * @param total How many cases will run.
   */
  start(target: string, profile: string, total: number): void {
    this.clear();
    const now = this.#now();
    this.#suite = {
      label: `${escapeText(target, { maxLength: 60 })} · ${escapeText(profile, { maxLength: 60 })}`,
      total,
      done: 0,
      failed: 0,
      errored: 0,
      started: now,
    };
    this.#lastDraw = this.#options.tty ? -Infinity : now;
    if (this.#options.tty) this.#draw(now);
  }

  /**
   * A case of the current suite ended.
   *
   * @param report The case's report.
   */
  case(report: CaseReport): void {
    const s = this.#suite;
    if (!s) return;
    s.done++;
    if (report.outcome === "failed") s.failed++;
    if (report.outcome === "errored") s.errored++;
    const now = this.#now();
    const every = this.#options.tty
      ? this.#options.redrawMs ?? 100
      : this.#options.intervalMs ?? 15_000;
    if (now - this.#lastDraw >= every || (this.#options.tty && s.done === s.total)) {
      this.#draw(now);
    }
  }

  /** The current line of the suite. */
  #line(now: number): string {
    const s = this.#suite!;
    const seconds = (now - s.started) / 1000;
    const rate = seconds > 0 ? s.done / seconds : 0;
    // A streamed suite may run a few cases more than it expected (its class cases).
    const left = rate > 0 ? duration((Math.max(0, s.total - s.done) / rate) * 1000) : "?";
    return `  ${s.label}: ${s.done}/${s.total} cases, ${s.failed} failed, ${s.errored} errored, ${
      rate.toFixed(1)
    }/s, ETA ${left}`;
  }

  #draw(now: number): void {
    this.#lastDraw = now;
    const line = this.#line(now);
    if (this.#options.tty) {
      const columns = Math.max(20, (this.#options.columns ?? 120) - 1);
      const cut = [...line].length > columns
        ? [...line].slice(0, columns - 1).join("") + "…"
        : line;
      this.#options.write(`\r\x1b[2K${cut}`);
      this.#drawn = true;
    } else {
      this.#options.write(line + "\n");
    }
  }

  /** Clear the updating line (on a terminal), before other output or at the end of a suite. */
  clear(): void {
    if (this.#drawn) this.#options.write("\r\x1b[2K");
    this.#drawn = false;
  }

  /** The current suite ended: clear its line. */
  end(): void {
    this.clear();
    this.#suite = undefined;
  }
}
