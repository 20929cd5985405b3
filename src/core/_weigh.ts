// The memory a reply holds, roughly (private helper of the runner): what its case keeps alive
// until it ends, for the call gate and the memory window to bound whatever a target answers.

/** Bytes counted per value besides its strings: a pointer, a number or a header. */
const SLOT = 8;

/**
 * The bytes a value holds, at most `limit`: two a UTF-16 unit of every string and key (as if
 * none were one-byte), plus a slot per value and per member. The walk stops at `limit`, so
 * it ends on any value (a cycle included) after at most `limit / 8` steps.
 *
 * @param value A reply, or any value a target gave.
 * @param limit The most it counts.
 * @returns The bytes, at most `limit`.
 */
export function weigh(value: unknown, limit: number): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes < limit) {
    const v = stack.pop();
    bytes += SLOT;
    if (typeof v === "string") bytes += 2 * v.length;
    else if (Array.isArray(v)) {
      for (let i = 0; i < v.length && bytes < limit; i++, bytes += SLOT) stack.push(v[i]);
    } else if (typeof v === "object" && v !== null) {
      for (const key in v) {
        if (bytes >= limit) break;
        bytes += SLOT + 2 * key.length;
        stack.push((v as Record<string, unknown>)[key]);
      }
    }
  }
  return Math.min(bytes, limit);
}
