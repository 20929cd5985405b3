// The JSON-lines record of a run's cases, written as they finish: one line per case, each
// written whole and at once (no buffering in the process), so a killed run leaves every line
// it finished. The log is also where the CLI's reports are rebuilt from: it remembers where
// each case's line starts, by suite and position, and reads the cases back in case order,
// one at a time, so that no report of a long run holds its cases. Private helper of
// conform.ts.
import type { CaseReport } from "../src/core/types.ts";
import { renderJson } from "../src/report/render_json.ts";

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

/** Bytes read from the log at once when the cases are read back. */
const WINDOW = 1 << 20;

/** Appends cases to a JSON-lines file, and reads them back by suite, in case order. */
export class CaseLog {
  readonly path: string;
  #file: Deno.FsFile | undefined;
  #position = 0;
  #suites: SuiteIndex[] = [new SuiteIndex()];
  #encoder = new TextEncoder();

  /** Opens (truncates) the log at `path`. */
  constructor(path: string) {
    this.path = path;
    this.#file = Deno.openSync(path, { write: true, create: true, truncate: true });
  }

  /**
   * Appends one case of the current suite run as one JSON line, `{target, profile, ...case}`,
   * and remembers it as the case at `index` of that suite.
   */
  write(target: string, profile: string, report: CaseReport, index: number): void {
    const text = renderJson({ target, profile, ...report }, { indent: 0 });
    const line = this.#encoder.encode(text + "\n");
    let written = 0;
    while (written < line.length) written += this.#file!.writeSync(line.subarray(written));
    this.#suites[this.#suites.length - 1].set(index, this.#position, line.length - 1);
    this.#position += line.length;
  }

  /** Ends the current suite run: the next cases belong to the next one. */
  endSuite(): void {
    this.#suites.push(new SuiteIndex());
  }

  /** Closes the file for writing; the cases can still be read back. */
  close(): void {
    this.#file?.close();
    this.#file = undefined;
  }

  /**
   * The cases of suite run `suite` (from 0, in the order the runs ended), in case order, read
   * back from the log on each walk, one at a time.
   */
  cases(suite: number): Iterable<CaseReport> {
    const index = this.#suites[suite] ?? new SuiteIndex();
    const path = this.path;
    return {
      *[Symbol.iterator]() {
        if (index.count === 0) return;
        const file = Deno.openSync(path, { read: true });
        const decoder = new TextDecoder();
        let buffer: Uint8Array = new Uint8Array(0);
        let start = 0;
        try {
          for (let i = 0; i < index.count; i++) {
            const offset = index.offsets[i];
            const length = index.lengths[i];
            if (offset < start || offset + length > start + buffer.length) {
              // Cases finish a little out of order: the window starts somewhat before.
              start = Math.max(0, offset - WINDOW / 4);
              buffer = readAt(file, start, offset - start + Math.max(WINDOW, length));
            }
            const at = offset - start;
            const { target: _t, profile: _p, ...report } = JSON.parse(
              decoder.decode(buffer.subarray(at, at + length)),
            );
            yield report as CaseReport;
          }
        } finally {
          file.close();
        }
      },
    };
  }
}

/** Up to `size` bytes of `file` from `offset` (fewer at its end). */
function readAt(file: Deno.FsFile, offset: number, size: number): Uint8Array {
  file.seekSync(offset, Deno.SeekMode.Start);
  const buffer = new Uint8Array(size);
  let filled = 0;
  while (filled < size) {
    const n = file.readSync(buffer.subarray(filled));
    if (n === null || n === 0) break;
    filled += n;
  }
  return buffer.subarray(0, filled);
}

/**
 * The case log of a JSON report path: `r.json` logs to `r.cases.jsonl` (any other name gets
 * `.cases.jsonl` appended), truncated first.
 *
 * @param reportPath The `--report` path.
 * @returns The log.
 */
export function openCaseLog(reportPath: string): CaseLog {
  return new CaseLog(caseLogPath(reportPath));
}

/**
 * Where the cases of a `--report` path are logged.
 *
 * @param reportPath The `--report` path.
 * @returns Its `.cases.jsonl` sibling.
 */
export function caseLogPath(reportPath: string): string {
  return reportPath.replace(/\.json$/, "") + ".cases.jsonl";
}
