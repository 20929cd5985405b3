import type { CaseEvidence } from "./types.ts";
import { copyString } from "./_cap.ts";
import { jsonPreview, jsonSize } from "./_json_size.ts";

/** Largest JSON text, in bytes (UTF-8), of a case's `input` or `output` before it is cut. */
export const MAX_EVIDENCE_BYTES = 64 * 1024;

/** Characters of JSON text a cut value keeps as its `excerpt`. */
export const EVIDENCE_EXCERPT_CHARS = 2048;

/** The UTF-8 length of a string, counted without encoding it (a 7 MB text is not copied). */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value, (_key, v) => typeof v === "bigint" ? v.toString() : v);
  } catch {
    // Cycles and throwing getters: the evidence says so instead of failing the case.
    return JSON.stringify("[a value that has no JSON text]");
  }
}

/**
 * Bound a case's evidence: `input` and `output` become plain JSON data (through their JSON
 * text, so `undefined` members drop out and bigints become strings), and each one whose JSON
 * text is over `maxBytes` bytes is replaced by `{truncated: true, bytes, excerpt}` (its size
 * and the first {@linkcode EVIDENCE_EXCERPT_CHARS} characters of its JSON text) and named in
 * `truncated`. A side that is `undefined` is left out.
 *
 * @example A large output is cut, a small input kept
 * ```ts
 * import assert from "node:assert/strict";
 * import { boundEvidence } from "./bound_evidence.ts";
 *
 * const evidence = boundEvidence({ operation: "echo", input: 1 }, { result: "x".repeat(100) }, 50);
 * assert.deepEqual(evidence.input, { operation: "echo", input: 1 });
 * assert.deepEqual(evidence.truncated, ["output"]);
 * assert.equal((evidence.output as { bytes: number }).bytes, 113);
 * ```
 *
 * @param input What the kit sent.
 * @param output What came back.
 * @param maxBytes The bound of each side's JSON text, in bytes.
 * @returns The evidence, as data.
 */
export function boundEvidence(
  input: unknown,
  output: unknown,
  maxBytes: number = MAX_EVIDENCE_BYTES,
): CaseEvidence {
  const evidence: CaseEvidence = {};
  const truncated: ("input" | "output")[] = [];
  for (const [side, value] of [["input", input], ["output", output]] as const) {
    if (value === undefined) continue;
    // Measured first: a value over the bound is cut without writing its whole text.
    const measured = jsonSize(value);
    const excerpt = measured !== undefined && measured > maxBytes
      ? jsonPreview(value, EVIDENCE_EXCERPT_CHARS)
      : undefined;
    if (excerpt !== undefined) {
      evidence[side] = { truncated: true, bytes: measured!, excerpt: copyString(excerpt) };
      truncated.push(side);
      continue;
    }
    const text = jsonText(value);
    if (text === undefined) continue;
    const bytes = utf8Length(text);
    if (bytes <= maxBytes) {
      evidence[side] = JSON.parse(text);
    } else {
      evidence[side] = {
        truncated: true,
        bytes,
        excerpt: copyString(text.slice(0, EVIDENCE_EXCERPT_CHARS)),
      };
      truncated.push(side);
    }
  }
  if (truncated.length > 0) evidence.truncated = truncated;
  return evidence;
}
