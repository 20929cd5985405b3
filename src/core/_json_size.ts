// The size of a value's JSON text, counted without making it (private helper of
// bound_evidence.ts): a 7 MB answer is measured, and cut, without a 7 MB text per look.

/** A value whose JSON text the walk does not reproduce exactly (the caller makes the text). */
class Unmeasured extends Error {}

/** Characters that JSON escapes or UTF-8 writes in more than one byte. */
// deno-lint-ignore no-control-regex
const NOT_PLAIN = /[\u0000-\u001f"\\\u0080-\uffff]/;

/**
 * Characters a string is measured by at a time (a huge string is not escaped whole). Each
 * chunk's escaped text stays under V8's large-object size (128 KiB, up to six bytes a
 * character): it dies young, where a larger one was a large object the old generation's
 * collections had to free (14 MB of them per look at a 7 MB answer).
 */
const CHUNK = 1 << 12;
const encoder = new TextEncoder();
/** Room for a chunk's escaped text in UTF-8: at most six bytes a character, and the quotes. */
const scratch = new Uint8Array(6 * (CHUNK + 1) + 2);

/** Bytes of `s` as a JSON string literal in UTF-8, quotes included. */
function stringBytes(s: string): number {
  // Most strings are plain ASCII: one native scan.
  if (!NOT_PLAIN.test(s)) return s.length + 2;
  // Else JSON.stringify escapes each chunk and encodeInto counts its bytes, both native
  // (a loop over the characters in JavaScript cost more than the rest of a run).
  let bytes = 2;
  for (let i = 0; i < s.length;) {
    let end = Math.min(i + CHUNK, s.length);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end++; // a pair stays whole
    bytes += encoder.encodeInto(JSON.stringify(s.slice(i, end)), scratch).written - 2;
    i = end;
  }
  return bytes;
}

/** JSON.stringify leaves these out of objects (and writes null for them in arrays). */
const skipped = (v: unknown) => v === undefined || typeof v === "function" || typeof v === "symbol";

function size(value: unknown, seen: Set<object>, depth: number): number {
  if (value === null) return 4;
  switch (typeof value) {
    case "string":
      return stringBytes(value);
    case "number":
      return Number.isFinite(value) ? String(value).length : 4;
    case "boolean":
      return value ? 4 : 5;
    case "bigint":
      return String(value).length + 2; // the kit's replacer writes it as a string
    case "object":
      break;
    default:
      throw new Unmeasured();
  }
  const obj = value as Record<string, unknown>;
  const proto = Object.getPrototypeOf(obj);
  // A plain object or array has a toJSON only as an own member: looked for among its keys
  // (a named lookup on objects of many shapes costs more than the rest of the walk).
  if (
    depth > 1000 || seen.has(obj) ||
    (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
  ) throw new Unmeasured();
  seen.add(obj);
  let bytes = 2;
  if (Array.isArray(obj)) {
    if (Object.hasOwn(obj, "toJSON")) throw new Unmeasured();
    for (let i = 0; i < obj.length; i++) {
      bytes += (i > 0 ? 1 : 0) + (skipped(obj[i]) ? 4 : size(obj[i], seen, depth + 1));
    }
  } else {
    let first = true;
    for (const key of Object.keys(obj)) {
      const v = obj[key];
      if (key === "toJSON" && typeof v === "function") throw new Unmeasured();
      if (skipped(v)) continue;
      bytes += (first ? 0 : 1) + stringBytes(key) + 1 + size(v, seen, depth + 1);
      first = false;
    }
  }
  seen.delete(obj);
  return bytes;
}

/**
 * The UTF-8 length of `JSON.stringify(value)` (bigints as strings), or undefined when the
 * value holds something the walk does not measure exactly (a `toJSON`, a class instance, a
 * cycle, very deep nesting): then the caller measures the text itself.
 */
export function jsonSize(value: unknown): number | undefined {
  try {
    return size(value, new Set(), 0);
  } catch (error) {
    if (error instanceof Unmeasured || error instanceof RangeError) return undefined;
    throw error;
  }
}

/** Characters a long string or container keeps in a preview (see `jsonPreview`). */
const PREVIEW = 4096;

/**
 * The first `chars` characters of the JSON text of `value`, made from a preview that keeps
 * the first characters of each string and the first items of each container (which the
 * text's first `chars` characters cannot go past), so a huge value is not written whole.
 */
export function jsonPreview(value: unknown, chars: number): string | undefined {
  const keep = Math.max(chars, PREVIEW);
  try {
    return JSON.stringify(value, function (_key, v) {
      if (typeof v === "bigint") return v.toString();
      if (typeof v === "string" && v.length > keep) return v.slice(0, keep);
      if (Array.isArray(v)) return v.length > keep ? v.slice(0, keep) : v;
      if (v !== null && typeof v === "object") {
        const keys = Object.keys(v);
        if (keys.length > keep) {
          return Object.fromEntries(keys.slice(0, keep).map((k) => [k, v[k]]));
        }
      }
      return v;
    })?.slice(0, chars);
  } catch {
    return undefined;
  }
}
