/**
 * An error about a file the kit read (a fixture file, a targets file): its message starts with
 * `path:line:col: ` when the position is known, as compilers write it.
 *
 * @example Name the place
 * ```ts
 * import assert from "node:assert/strict";
 * import { SourceError } from "./source_error.ts";
 *
 * assert.equal(new SourceError("bad", "a.yaml", 3, 7).message, "a.yaml:3:7: bad");
 * assert.equal(new SourceError("missing", "a.yaml").message, "a.yaml: missing");
 * ```
 */
export class SourceError extends Error {
  /**
   * Creates the error.
   *
   * @param message What is wrong, without the place.
   * @param path The file.
   * @param line 1-based line, when known.
   * @param col 1-based column, when known.
   */
  constructor(
    message: string,
    readonly path: string,
    readonly line?: number,
    readonly col?: number,
  ) {
    super(line === undefined ? `${path}: ${message}` : `${path}:${line}:${col}: ${message}`);
    this.name = "SourceError";
  }
}
