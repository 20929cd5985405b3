import fc from "fast-check";

/** The run details of one property, as plain data. */
export interface PropertyDetails {
  /** The property's name. */
  property: string;
  /** Whether a counterexample was found (or fast-check gave up skipping). */
  failed: boolean;
  /** How many runs were made. */
  numRuns: number;
  /** How many generated values the property skipped (`fc.pre`). */
  numSkips: number;
  /** The seed. */
  seed: number;
  /** The replay path of the shrunk counterexample. */
  counterexamplePath?: string;
  /** The shrunk counterexample (the value itself for a one-argument property). */
  counterexample?: unknown;
  /** What went wrong with it. */
  error?: string;
  /** A paste-able `{ seed, path }` for replay. */
  replay?: string;
}

/** Options of {@linkcode runProperty}. */
export interface RunPropertyOptions {
  /** The seed. */
  seed: number;
  /**
   * Runs.
   *
   * @default 200
   */
  numRuns?: number;
  /**
   * Replay path from a failure report (with its seed).
   *
   * @default undefined
   */
  path?: string;
}

/**
 * Run one fast-check property and return its run details as plain data, with a paste-able
 * `{ seed, path }` replay when it fails. A property that skipped every value (`fc.pre`) fails
 * with a message saying so, not with an empty counterexample.
 *
 * @example Run a property
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { runProperty } from "./run_property.ts";
 *
 * const details = runProperty("small", fc.property(fc.nat(), (n) => n < 1000), { seed: 1 });
 * assert.equal(details.failed, true);
 * assert.equal(details.counterexample, 1000);
 * assert.match(details.replay!, /^\{ seed: 1, path: "/);
 * ```
 *
 * @param name The property's name, as reported.
 * @param property The property.
 * @param options Seed, runs and an optional replay path.
 * @returns The run details.
 */
export function runProperty<T extends [unknown, ...unknown[]]>(
  name: string,
  property: fc.IProperty<T>,
  options: RunPropertyOptions,
): PropertyDetails {
  const details = fc.check(property, {
    seed: options.seed,
    numRuns: options.numRuns ?? 200,
    ...(options.path ? { path: options.path } : {}),
  });
  const entry: PropertyDetails = {
    property: name,
    failed: details.failed,
    numRuns: details.numRuns,
    numSkips: details.numSkips,
    seed: details.seed,
  };
  if (details.failed && details.counterexample === null) {
    entry.error = `never applied: fast-check gave up after skipping ${details.numSkips} ` +
      `generated values (the precondition held for none)`;
  } else if (details.failed) {
    const tuple = details.counterexample as unknown[];
    entry.counterexamplePath = details.counterexamplePath ?? undefined;
    entry.counterexample = tuple.length === 1 ? tuple[0] : tuple;
    entry.error = details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
    entry.replay = `{ seed: ${details.seed}, path: ${JSON.stringify(details.counterexamplePath)} }`;
  }
  return entry;
}
