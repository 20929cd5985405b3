import type { CaseReport } from "./types.ts";
import type { ShrinkOptions } from "./shrink_options.ts";

/** Options of `runSuite` (`./run_suite.ts`). */
export interface RunSuiteOptions {
  /** Target name, as reported. */
  target: string;
  /** Seed of the generated cases. */
  seed: number;
  /**
   * How many generated cases to ask the suite for.
   *
   * @default 100
   */
  runs?: number;
  /**
   * Target-specific options (from the config file).
   *
   * @default {}
   */
  options?: Readonly<Record<string, unknown>>;
  /**
   * Folder that relative paths in `options` resolve against.
   *
   * @default undefined (the working folder)
   */
  baseDir?: string;
  /**
   * Run only the cases with these ids.
   *
   * @default undefined (all)
   */
  caseIds?: readonly string[];
  /**
   * Milliseconds one case may take, adapter calls included, before it is errored.
   *
   * @default 10000
   */
  caseTimeoutMs?: number;
  /**
   * Milliseconds the adapter may take to start.
   *
   * @default 30000
   */
  startTimeoutMs?: number;
  /**
   * Cases in flight at once (adapters that pipeline benefit).
   *
   * @default 8
   */
  concurrency?: number;
  /**
   * Treat SHOULD findings as failures: a case with any finding fails, and the verdict is
   * `not-conformant` instead of `conformant-with-warnings`.
   *
   * @default false
   */
  strict?: boolean;
  /**
   * Called after each case, in completion order, with the case's position in the suite's case
   * order (its index in the `cases` of a report that keeps them all): the stream of a run's
   * cases, for progress output or a writer that does not hold them (see `keepCases`).
   *
   * @default undefined
   */
  onCase?: (report: CaseReport, index: number) => void;
  /**
   * Which cases the returned report holds in `cases`. `"all"`: every case, in order. With
   * `{ notPassed: n }` the run streams: no passed case is held (they go only to `onCase`),
   * and at most `n` of the failed, errored and skipped ones are (the first `n` to finish,
   * in case order); `counts`, `rules`, `coverage` and `verdict` still count every case. Memory
   * then stays flat however many cases run.
   *
   * @default "all"
   */
  keepCases?: "all" | { notPassed: number };
  /**
   * Called once the cases are made, with how many will run (for progress output).
   *
   * @default undefined
   */
  onStart?: (total: number) => void;
  /**
   * Run only shard `index` (from 0) of `count`: the cases whose position in the suite's case
   * list (after `caseIds`) is `index` modulo `count`. Every shard makes the same case list
   * (same seed), so the shards of a run partition it.
   *
   * @default undefined (every case)
   */
  shard?: { index: number; count: number };
  /**
   * How a failed generated case is shrunk, or `false` not to shrink.
   *
   * @default {} (the defaults of {@linkcode ShrinkOptions})
   */
  shrink?: ShrinkOptions | false;
  /**
   * Largest JSON text, in bytes, of a case's `input` or `output` evidence before it is cut.
   *
   * @default MAX_EVIDENCE_BYTES (64 KiB)
   */
  maxEvidenceBytes?: number;
  /** Deepest nesting kept in a case's values (64; `Infinity`: every level): see `capCaseDepth`. */
  maxEvidenceDepth?: number;
}
