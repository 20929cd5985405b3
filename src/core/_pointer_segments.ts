// The segments of a JSON Pointer (RFC 6901), unescaped (private helper of the kit's pointer
// readers: the schema checker, the YAML source map, the normalizer's JSON diff).

/**
 * The keys a JSON Pointer names, outermost first: `[]` for `""`, undefined for a text that is
 * not a pointer (it does not start with `/`).
 */
export function pointerSegments(pointer: string): string[] | undefined {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) return undefined;
  return pointer.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}
