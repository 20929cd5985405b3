// Reads an HTTP request body with a byte bound: the chat servers of the profile share it.

/** The request body, or undefined once it passes `max` bytes (the rest is not read). */
export async function readBounded(req: Request, max: number): Promise<Uint8Array | undefined> {
  if (Number(req.headers.get("content-length") ?? 0) > max) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array();
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
