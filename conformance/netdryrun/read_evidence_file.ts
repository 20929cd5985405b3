/** Options of {@linkcode readEvidenceFile}. */
export interface ReadEvidenceFileOptions {
  /**
   * Largest file read, in bytes; a larger file counts as unreadable.
   *
   * @default 8388608 (8 MiB)
   */
  maxBytes?: number;
}

/**
 * Read a run result's evidence_file for the NDR-EVIDENCE-FILE rule, bounded: only a regular
 * file (a FIFO or a device, even behind a symlink, is not opened) of at most `maxBytes`,
 * decoded as UTF-8. Anything else, or any error, gives null ("not readable by the kit"), so
 * the rule is skipped rather than failed. Pass the result as
 * `context.evidenceFiles = { [path]: text }` to the profile's check.
 *
 * @example Read a report
 * ```ts
 * import assert from "node:assert/strict";
 * import { readEvidenceFile } from "./read_evidence_file.ts";
 *
 * const path = await Deno.makeTempFile({ suffix: ".json" });
 * await Deno.writeTextFile(path, '{"schema": "netdryrun.report/v1"}');
 * assert.equal(await readEvidenceFile(path), '{"schema": "netdryrun.report/v1"}');
 * assert.equal(await readEvidenceFile(path, { maxBytes: 4 }), null);
 * assert.equal(await readEvidenceFile("/nonexistent/report.json"), null);
 * await Deno.remove(path);
 * ```
 *
 * @param path The evidence_file path, as the server gave it (untrusted).
 * @param options The size bound.
 * @returns The file's text, or null when it is not readable within the bounds.
 */
export async function readEvidenceFile(
  path: string,
  options: ReadEvidenceFileOptions = {},
): Promise<string | null> {
  const maxBytes = options.maxBytes ?? 8 * 1024 * 1024;
  try {
    if (path === "" || path.includes("\0")) return null;
    const stat = await Deno.stat(path);
    if (!stat.isFile || stat.size > maxBytes) return null;
    using file = await Deno.open(path, { read: true });
    const buffer = new Uint8Array(maxBytes + 1);
    let length = 0;
    while (length <= maxBytes) {
      const n = await file.read(buffer.subarray(length));
      if (n === null) break;
      length += n;
    }
    if (length > maxBytes) return null;
    return new TextDecoder("utf-8", { fatal: true }).decode(buffer.subarray(0, length));
  } catch {
    return null;
  }
}
