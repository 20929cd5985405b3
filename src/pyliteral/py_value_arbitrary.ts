import fc from "fast-check";
import type { PyValue } from "./py_value.ts";
import { dedupeEntries, dedupeItems } from "./_py_equal.ts";
import type { Arbitrary } from "../core/arbitrary.ts";

/** Options of {@linkcode pyValueArbitrary}. */
export interface PyValueArbitraryOptions {
  /**
   * Deepest container nesting generated.
   *
   * @default 3
   */
  maxDepth?: number;
  /**
   * Most items of one container.
   *
   * @default 4
   */
  maxItems?: number;
}

/**
 * Arbitrary of Python literal values that a literal can express: every type of the model,
 * big ints (some past 4300 digits), infinities and signed zeros, strings with lone
 * surrogates, NUL and other control characters, bytes of any value, sets and dicts with
 * hashable, de-duplicated items, `__proto__` keys.
 *
 * @example Generate values
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { pyValueArbitrary } from "./py_value_arbitrary.ts";
 *
 * const values = fc.sample(pyValueArbitrary(), { seed: 1, numRuns: 5 });
 * assert.equal(values.length, 5);
 * ```
 *
 * @param options `maxDepth` and `maxItems`.
 * @returns The arbitrary.
 */
export function pyValueArbitrary(options: PyValueArbitraryOptions = {}): Arbitrary<PyValue> {
  const maxItems = options.maxItems ?? 4;
  const maxDepth = options.maxDepth ?? 3;
  const unit = fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 1 }) },
    {
      weight: 2,
      arbitrary: fc.constantFrom("'", '"', "\\", "\n", "\r", "\0", "\t", "é", "中", "😀"),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    },
  );
  const text = fc.oneof(
    { weight: 8, arbitrary: fc.string({ unit, maxLength: 12 }) },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "True", "None", "") },
  );
  const finite = fc.double({ noNaN: true });
  const noNegZero = (x: number) => (Object.is(x, -0) ? 0 : x);
  const scalar: Arbitrary<PyValue> = fc.oneof(
    fc.constant<PyValue>({ type: "none" }),
    fc.constant<PyValue>({ type: "ellipsis" }),
    fc.boolean().map((value): PyValue => ({ type: "bool", value })),
    fc.oneof(
      { weight: 6, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }) },
      { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 4400n), max: 10n ** 4400n }) },
    ).map((value): PyValue => ({ type: "int", value })),
    finite.map((value): PyValue => ({ type: "float", value })),
    fc.tuple(finite, finite).map(([r, i]): PyValue => ({
      type: "complex",
      real: noNegZero(r),
      imag: noNegZero(i),
    })),
    text.map((value): PyValue => ({ type: "str", value })),
    fc.uint8Array({ maxLength: 12 }).map((value): PyValue => ({ type: "bytes", value })),
  );
  const { value } = fc.letrec<{ value: PyValue; hashable: PyValue }>((tie) => ({
    hashable: fc.oneof(
      { depthSize: "small", withCrossShrink: true, maxDepth },
      scalar,
      fc.array(tie("hashable"), { maxLength: maxItems }).map((items): PyValue => ({
        type: "tuple",
        items,
      })),
    ),
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true, maxDepth },
      scalar,
      fc.array(tie("value"), { maxLength: maxItems }).map((items): PyValue => ({
        type: "list",
        items,
      })),
      fc.array(tie("value"), { maxLength: maxItems }).map((items): PyValue => ({
        type: "tuple",
        items,
      })),
      fc.array(tie("hashable"), { maxLength: maxItems }).map((items): PyValue => ({
        type: "set",
        items: dedupeItems(items),
      })),
      fc.array(fc.tuple(tie("hashable"), tie("value")), { maxLength: maxItems }).map((
        entries,
      ): PyValue => ({ type: "dict", entries: dedupeEntries(entries) })),
    ),
  }));
  return value;
}
