/**
 * The message of something thrown: an Error's message, a `message` string of another object,
 * else its string form (`null` and `undefined` included, which have no properties to read).
 */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === "string" ? message : String(error);
}
