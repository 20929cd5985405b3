/**
 * FNV-1a (32 bits) of a text, as 8 hex digits: a short id that is the same in equal runs.
 *
 * @param text The text.
 * @returns Its id.
 */
export function stableId(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
