/** The seed used when none is given: fixed, so that CI runs are reproducible. */
export const DEFAULT_SEED = 20261130;

/**
 * The seed of a run: `CONFORM_SEED` from the environment when set (an integer, or `random`
 * for a fresh one), else {@linkcode DEFAULT_SEED}.
 *
 * @example Resolve the seed
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveSeed } from "./seed.ts";
 *
 * assert.equal(resolveSeed({ env: {} }), 20261130);
 * assert.equal(resolveSeed({ env: { CONFORM_SEED: "42" } }), 42);
 * ```
 *
 * @param options `env`: the variables to read.
 * @returns The seed, a 32-bit signed integer.
 * @throws {Error} When `CONFORM_SEED` is neither an integer nor `random`.
 */
export function resolveSeed(
  options: { env?: Readonly<Record<string, string | undefined>> } = {},
): number {
  const raw = options.env ? options.env.CONFORM_SEED : readEnv("CONFORM_SEED");
  if (raw === undefined || raw === "") return DEFAULT_SEED;
  return parseSeed(raw);
}

/**
 * Parse a seed given on a command line or in the environment.
 *
 * @example Parse seeds
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSeed } from "./seed.ts";
 *
 * assert.equal(parseSeed("-7"), -7);
 * assert.throws(() => parseSeed("abc"));
 * ```
 *
 * @param raw An integer in the 32-bit signed range, or `random`.
 * @returns The seed.
 * @throws {Error} When `raw` is neither.
 */
export function parseSeed(raw: string): number {
  if (raw === "random") return (Math.random() * 2 ** 32) | 0;
  if (!/^-?\d+$/.test(raw)) throw new Error(`Seed "${raw}" is not an integer or "random"`);
  const n = Number(raw);
  if (n < -(2 ** 31) || n >= 2 ** 31) {
    throw new Error(`Seed "${raw}" is outside the 32-bit signed range`);
  }
  return n;
}

function readEnv(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined;
  }
}
