/**
 * Small helpers of the reference server: lab text flattening, hashing, path containment.
 *
 * @module
 */
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** The verdicts of netdryrun.mcp-result/v1, by status. */
export const VERDICTS = {
  passed: "CHECKS PASSED (only what the checks cover)",
  reject: "DO NOT APPLY THIS CHANGE",
  inconclusive:
    "INCONCLUSIVE: the lab did not reach a testable state; this says nothing about your change. Do not apply it until a run passes.",
} as const;

/** The result schema id. */
export const SCHEMA_ID = "netdryrun.mcp-result/v1";

/**
 * Whether a value is a JSON object (not null, not an array).
 *
 * @param value Any parsed value.
 * @returns Whether it is a plain object.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The server's version, reported by check_types. */
export const SERVER_VERSION = "0.1.0-reference";

/**
 * Flatten text that can quote lab output to one line and cap it (data, never instructions).
 *
 * @param text The text.
 * @param max The cap in characters.
 * @returns One line of at most `max` characters.
 */
export function labText(text: string, max: number): string {
  // Every line break of the schema's reading (LF, VT, FF, CR, FS, GS, RS, NEL, U+2028/9),
  // other control characters and lone surrogates become spaces; the cap counts code points.
  const one = text.replace(
    // deno-lint-ignore no-control-regex -- control characters are exactly what is removed
    /[\x00-\x1f\x7f-\x9f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    " ",
  )
    .replace(/ {2,}/g, " ").trim();
  const points = Array.from(one);
  return points.length <= max ? one : points.slice(0, max - 1).join("") + "…";
}

/**
 * The sha256 of bytes, in lowercase hex.
 *
 * @param bytes The bytes.
 * @returns 64 hex digits.
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The real path of `path`, or of its nearest existing ancestor joined with the rest, so that a
 * missing file can still be placed inside or outside a root.
 *
 * @param path An absolute path.
 * @returns The resolved path.
 */
export function realish(path: string): string {
  let head = resolve(path);
  const tail: string[] = [];
  for (;;) {
    try {
      return join(Deno.realPathSync(head), ...tail.reverse());
    } catch {
      const parent = dirname(head);
      if (parent === head) return resolve(path);
      tail.push(head.slice(parent.length).replace(/^[\\/]/, ""));
      head = parent;
    }
  }
}

/**
 * Whether `path` is inside `root` (both resolved through symlinks).
 *
 * @param path The path.
 * @param root The root folder.
 * @returns true when inside or equal.
 */
export function isInside(path: string, root: string): boolean {
  const rel = relative(realish(root), realish(path));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel) && !rel.startsWith(sep));
}

/** Largest file the server reads, in bytes. */
export const MAX_FILE_BYTES = 1024 * 1024;

/**
 * Read a text file of at most {@linkcode MAX_FILE_BYTES}.
 *
 * @param path The file.
 * @returns Its text.
 * @throws {Error} When it cannot be read or is too large.
 */
export async function readSmallText(path: string): Promise<string> {
  const bytes = await readSmallBytes(path);
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/**
 * Read a file of at most {@linkcode MAX_FILE_BYTES}.
 *
 * @param path The file.
 * @returns Its bytes.
 * @throws {Error} When it cannot be read, is not a file or is too large.
 */
export async function readSmallBytes(path: string): Promise<Uint8Array> {
  const stat = await Deno.stat(path);
  if (!stat.isFile) throw new Error(`"${path}" is not a file`);
  if (stat.size > MAX_FILE_BYTES) throw new Error(`"${path}" is over ${MAX_FILE_BYTES} bytes`);
  return await Deno.readFile(path);
}

/**
 * A short message for an unknown thrown value.
 *
 * @param error What was thrown.
 * @returns Its message.
 */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
