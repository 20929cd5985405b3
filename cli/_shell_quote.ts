/**
 * Quote a word for a POSIX shell when it holds anything but plain characters.
 *
 * @param s The word.
 * @returns The word, quoted when needed.
 */
export function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@+-]+$/.test(s) ? s : `'${s.replaceAll("'", `'\\''`)}'`;
}
