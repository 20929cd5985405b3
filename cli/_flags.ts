// The CLI's flag parsers of numbers and shards, and the usage error they throw (private
// helpers of conform.ts).

/** A usage error: a bad flag or flag value (exit code 2). */
export class UsageError extends Error {}

/** Part `index` (from 0) of `count` of every suite's cases. */
export interface Shard {
  /** The part, from 0. */
  index: number;
  /** How many parts. */
  count: number;
}

/** The `--shard I/N` flag, or undefined when absent. */
export function parseShard(raw: string | undefined): Shard | undefined {
  if (raw === undefined) return undefined;
  const m = /^(\d{1,4})\/(\d{1,4})$/.exec(raw);
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
    throw new UsageError(`--shard "${raw}" is not I/N with 1 <= I <= N (for example 2/4)`);
  }
  return { index: Number(m[1]) - 1, count: Number(m[2]) };
}

/** An integer flag from `min` to `max`, or undefined when absent. */
export function intFlag(name: string, raw: string | undefined, min: number, max: number) {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} "${raw}" is not an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

/**
 * One line for an error of `parseArgs`: its first line, and for a value that starts with a dash
 * (`--runs -1`, which it takes for an option) what was given and how to write it.
 */
export function parseArgsMessage(error: unknown, args: readonly string[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const ambiguous = /^Option '(--[\w-]+)' argument is ambiguous/.exec(message);
  if (ambiguous) {
    const flag = ambiguous[1];
    const value = args[args.indexOf(flag) + 1] ?? "";
    return `${flag} ${
      JSON.stringify(value).slice(0, 80)
    }: a value that starts with "-" is read as an option (write ${flag}=${
      value.slice(0, 40)
    } to give it as the value)`;
  }
  return message.split("\n")[0];
}
