// Type guards and quoting for untrusted JSON values, shared by the profiles' checks.

/** A plain JSON object. */
export type Obj = Record<string, unknown>;

/** Whether a value is a JSON object (not null, not an array). */
export function isObject(value: unknown): value is Obj {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Whether an object has an own property (an inherited one, `__proto__` included, does not count). */
export function hasOwn(object: Obj, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** Whether a value is a count: an integer, zero or more. */
export function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 0;
}

/** Quote an untrusted string for a message: JSON-escaped and cut to `max` characters. */
export function quote(text: string, max = 80): string {
  const cut = text.length > max ? text.slice(0, max) + "…" : text;
  return JSON.stringify(cut);
}
