// The size of a value's JSON text, counted without making it (private helper of
// bound_evidence.ts): a 7 MB answer is measured, and cut, without a 7 MB text per look.

/** A value whose JSON text the walk does not reproduce exactly (the caller makes the text). */
class Unmeasured extends Error {}

/** Bytes of `s` as a JSON string literal in UTF-8, quotes included. */
function stringBytes(s: string): number {
  let bytes = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 8 || c === 9 || c === 10 || c === 12 || c === 13) {
      bytes += 2;
    } else if (c < 0x20) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 6; // a lone surrogate is escaped
    } else if (c >= 0xdc00 && c <= 0xdfff) bytes += 6;
    else bytes += 3;
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
  if (
    depth > 1000 || seen.has(obj) || typeof obj.toJSON === "function" ||
    (proto !== Object.prototype && proto !== Array.prototype && proto !== null)
  ) throw new Unmeasured();
  seen.add(obj);
  let bytes = 2;
  if (Array.isArray(obj)) {
    for (let i = 0; i < obj.length; i++) {
      bytes += (i > 0 ? 1 : 0) + (skipped(obj[i]) ? 4 : size(obj[i], seen, depth + 1));
    }
  } else {
    let first = true;
    for (const key of Object.keys(obj)) {
      const v = obj[key];
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
