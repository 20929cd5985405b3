/**
 * The kit's name for a generator of test values.
 *
 * @module
 */

/**
 * A generator of values that fast-check can run and shrink. Every arbitrary the kit hands out
 * is a real fast-check `Arbitrary<T>`: pass it to `fc.property`, `fc.sample`, `fc.record` or any
 * other combinator. The kit names the type itself so that its public API does not depend on
 * fast-check's internal types; the two are assignable both ways.
 *
 * @example Use a kit arbitrary with fast-check
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import type { Arbitrary } from "./arbitrary.ts";
 *
 * const small: Arbitrary<number> = fc.nat({ max: 9 });
 * fc.assert(fc.property(small, (n) => n < 10));
 * assert.equal(fc.sample(small.map((n) => n * 2), { seed: 1, numRuns: 3 }).length, 3);
 * ```
 *
 * @typeParam T The type of the generated values.
 */
export interface Arbitrary<T> {
  /**
   * Draws one value: fast-check's entry point (its `Random` in, its `Value<T>` out).
   *
   * @param mrng fast-check's random source.
   * @param biasFactor fast-check's bias towards small values, when any.
   * @returns fast-check's `Value<T>`.
   */
  // deno-lint-ignore no-explicit-any
  generate(mrng: any, biasFactor: number | undefined): any;
  /**
   * Whether a value can be shrunk without the context it was generated with.
   *
   * @param value Any value.
   * @returns Whether `value` is one this arbitrary could have made.
   */
  canShrinkWithoutContext(value: unknown): value is T;
  /**
   * Smaller values than `value`: fast-check's shrinker (its `Stream<Value<T>>`).
   *
   * @param value A generated value.
   * @param context Its generation context.
   * @returns fast-check's stream of smaller values.
   */
  // deno-lint-ignore no-explicit-any
  shrink(value: T, context: unknown): any;
  /**
   * Keeps only the values a type guard accepts.
   *
   * @param refinement The guard.
   * @returns The filtered arbitrary.
   */
  filter<U extends T>(refinement: (t: T) => t is U): Arbitrary<U>;
  /**
   * Keeps only the values a predicate accepts.
   *
   * @param predicate The predicate.
   * @returns The filtered arbitrary.
   */
  filter(predicate: (t: T) => boolean): Arbitrary<T>;
  /**
   * Maps every value.
   *
   * @param mapper The map.
   * @param unmapper Its inverse, for shrinking values made elsewhere.
   * @returns The mapped arbitrary.
   */
  map<U>(mapper: (t: T) => U, unmapper?: (possiblyU: unknown) => T): Arbitrary<U>;
  /**
   * Draws a second value from an arbitrary made of the first.
   *
   * @param chainer Makes the second arbitrary.
   * @returns The chained arbitrary.
   */
  chain<U>(chainer: (t: T) => Arbitrary<U>): Arbitrary<U>;
}
