import type { CaseReport, Report } from "../core/types.ts";
import type { StreamedReport } from "./streamed_report.ts";
import { renderJson } from "./render_json.ts";

/** Where the lines of one suite's cases are, by the cases' positions. */
class SuiteIndex {
  /** Byte offset of case i's line, for i below `count`. */
  offsets = new Float64Array(1024);
  /** Byte length of case i's line (its newline excluded). */
  lengths = new Uint32Array(1024);
  /** How many positions are known (one past the largest). */
  count = 0;

  set(index: number, offset: number, length: number): void {
    if (index >= this.offsets.length) {
      const size = Math.max(index + 1, this.offsets.length * 2);
      const offsets = new Float64Array(size);
      offsets.set(this.offsets);
      const lengths = new Uint32Array(size);
      lengths.set(this.lengths);
      this.offsets = offsets;
      this.lengths = lengths;
    }
    this.offsets[index] = offset;
    this.lengths[index] = length;
    this.count = Math.max(this.count, index + 1);
  }
}

/** Options of {@linkcode CaseLog}. */
export interface CaseLogOptions {
  /**
   * Remove the file from its folder at once: the log then lives only in its open file, read
   * back from until {@linkcode CaseLog.dispose}, and is gone however the process ends (SIGKILL
   * included). Where an open file cannot be removed (Windows), `dispose()` removes it.
   *
   * @default false
   */
  unlink?: boolean;
}

/** Removes `path`, quietly. @returns Whether it is gone. */
function removeQuietly(path: string): boolean {
  try {
    Deno.removeSync(path);
    return true;
  } catch (error) {
    return error instanceof Deno.errors.NotFound;
  }
}

/** Bytes read from the log at once when the cases are read back. */
const WINDOW = 1 << 20;

/**
 * A run's cases in a JSON-lines file, written as they finish and read back in case order: the
 * writer of a streamed run (see `keepCases` of `runConformance`), so that no output of a long
 * run holds its cases.
 *
 * Each case is one line, `{"target", "profile", ...the case}`, written whole and at once (no
 * buffering in the process): a killed run leaves every line it finished, each one parseable.
 * The log remembers where each case's line starts, by suite run and position; {@linkcode
 * CaseLog.report} turns the run's report into a {@linkcode StreamedReport} whose suites' cases
 * are read back from the file on each walk, one at a time, for the renderers.
 *
 * @example Stream a run, then render it from the log
 * ```ts
 * import assert from "node:assert/strict";
 * import { CaseLog } from "./case_log.ts";
 * import { renderJunit } from "./render_junit.ts";
 * import { runConformance } from "../core/run_conformance.ts";
 * import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
 * import { toolResponseTargets } from "../../conformance/tool_response/targets.ts";
 *
 * const path = await Deno.makeTempFile({ suffix: ".cases.jsonl" });
 * const log = new CaseLog(path);
 * const run = await runConformance([{
 *   name: "reference",
 *   suites: [{ suite: toolResponseSuite }],
 *   create: toolResponseTargets[0].create,
 * }], {
 *   seed: 1,
 *   runs: 20,
 *   keepCases: { notPassed: 0 },
 *   onCase: (target, profile, c, index) => log.write(target, profile, c, index),
 *   onSuite: () => log.endSuite(),
 * });
 * log.close();
 * // The run held no passed case; the log has them all, in case order.
 * assert.equal(run.suites[0].cases.length, 0);
 * const report = log.report(run);
 * assert.equal([...report.suites[0].cases].length, run.suites[0].counts.passed);
 * assert.match(renderJunit(report), /<testcase /);
 * await Deno.remove(path);
 * ```
 */
export class CaseLog {
  /** The file's path. */
  readonly path: string;
  /** The file the cases are written to, until `close()`. */
  #file: Deno.FsFile | undefined;
  /** With `unlink`: the open file, read back from after `close()`, until `dispose()`. */
  #kept: Deno.FsFile | undefined;
  /** Whether the file was opened with `unlink`. */
  readonly #unlink: boolean;
  /** With `unlink`: whether the path is still to be removed (it could not be at once). */
  #toRemove = false;
  /** With `unlink`: whether the kept file was read since the last write (its offset moved). */
  #moved = false;
  #position = 0;
  #suites: SuiteIndex[] = [new SuiteIndex()];
  #encoder = new TextEncoder();

  /**
   * Opens the log at `path`, created or truncated.
   *
   * @param path The JSON-lines file.
   * @param options Whether the file is removed from its folder at once.
   * @throws {Deno.errors.PermissionDenied} Without write permission for `path`.
   */
  constructor(path: string, options: CaseLogOptions = {}) {
    this.path = path;
    this.#unlink = options.unlink === true;
    if (this.#unlink) {
      this.#file = Deno.openSync(path, { read: true, write: true, create: true, truncate: true });
      this.#kept = this.#file;
      this.#toRemove = !removeQuietly(path);
    } else {
      this.#file = Deno.openSync(path, { write: true, create: true, truncate: true });
    }
  }

  /**
   * Appends one case of the current suite run as one JSON line, `{target, profile, ...case}`,
   * and remembers it as the case at `index` of that suite.
   *
   * @param target The suite's target name.
   * @param profile The suite's profile id.
   * @param report The case.
   * @param index Its position in the suite's case order (as `onCase` gives it).
   */
  write(target: string, profile: string, report: CaseReport, index: number): void {
    const text = renderJson({ target, profile, ...report }, { indent: 0 });
    const line = this.#encoder.encode(text + "\n");
    if (this.#moved) {
      this.#file!.seekSync(this.#position, Deno.SeekMode.Start);
      this.#moved = false;
    }
    let written = 0;
    while (written < line.length) written += this.#file!.writeSync(line.subarray(written));
    this.#suites[this.#suites.length - 1].set(index, this.#position, line.length - 1);
    this.#position += line.length;
  }

  /** Ends the current suite run: the next cases belong to the next one. */
  endSuite(): void {
    this.#suites.push(new SuiteIndex());
  }

  /** Closes the file for writing; the cases can still be read back (until `dispose()`). */
  close(): void {
    if (this.#file !== this.#kept) this.#file?.close();
    this.#file = undefined;
  }

  /**
   * Closes the log for good. An `unlink` log's file is gone then (removed now where it could
   * not be at once); a log at a path keeps its file there, and can still be read back.
   */
  dispose(): void {
    this.close();
    this.#kept?.close();
    this.#kept = undefined;
    if (this.#toRemove) removeQuietly(this.path);
    this.#toRemove = false;
  }

  /**
   * The cases of suite run `suite` (from 0, in the order the runs ended), in case order, read
   * back from the log on each walk, one at a time.
   *
   * @param suite The suite run's position in the run.
   * @returns The cases, walkable any number of times (each walk reads the file again).
   */
  cases(suite: number): Iterable<CaseReport> {
    const index = this.#suites[suite] ?? new SuiteIndex();
    // deno-lint-ignore no-this-alias
    const log = this;
    return {
      *[Symbol.iterator]() {
        if (index.count === 0) return;
        // An `unlink` log is read through its open file (each read seeks first), others anew.
        const kept = log.#kept;
        if (!kept && log.#unlink) {
          throw new Error(`The case log "${log.path}" is disposed: its cases are gone`);
        }
        if (kept) log.#moved = true;
        const file = kept ?? Deno.openSync(log.path, { read: true });
        const decoder = new TextDecoder();
        // One store for the whole walk (grown for a longer line): a new megabyte for each
        // window would wait for a full collection to be freed.
        let store = new Uint8Array(0);
        let buffer: Uint8Array = store;
        let start = 0;
        try {
          for (let i = 0; i < index.count; i++) {
            const offset = index.offsets[i];
            const length = index.lengths[i];
            if (offset < start || offset + length > start + buffer.length) {
              // Cases finish a little out of order: the window starts somewhat before.
              start = Math.max(0, offset - WINDOW / 4);
              const size = offset - start + Math.max(WINDOW, length);
              if (store.length < size) store = new Uint8Array(size);
              buffer = readAt(file, start, store.subarray(0, size));
            }
            const at = offset - start;
            const { target: _t, profile: _p, ...report } = JSON.parse(
              decoder.decode(buffer.subarray(at, at + length)),
            );
            yield report as CaseReport;
          }
        } finally {
          if (file !== kept) file.close();
        }
      },
    };
  }

  /**
   * The run's report with each suite's cases read back from the log (see {@linkcode
   * CaseLog.cases}): the suite runs were logged in the order of `run.suites`. A suite run that
   * counted no case (one that could not start, or failed part-way) has none.
   *
   * @param run The report of the streamed run (its suites' `cases` are not used).
   * @returns The report, for the renderers.
   */
  report(run: Report): StreamedReport {
    return {
      ...run,
      suites: run.suites.map((s, i) => {
        const { passed, failed, skipped, errored } = s.counts;
        return { ...s, cases: passed + failed + skipped + errored > 0 ? this.cases(i) : [] };
      }),
    };
  }
}

/** Reads `file` from `offset` into `buffer`, up to its length; the part filled (less at the end). */
function readAt(file: Deno.FsFile, offset: number, buffer: Uint8Array): Uint8Array {
  file.seekSync(offset, Deno.SeekMode.Start);
  let filled = 0;
  while (filled < buffer.length) {
    const n = file.readSync(buffer.subarray(filled));
    if (n === null || n === 0) break;
    filled += n;
  }
  return buffer.subarray(0, filled);
}
