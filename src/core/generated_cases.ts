import fc from "fast-check";
import type { Arbitrary } from "./arbitrary.ts";
import type { Case } from "./types.ts";

/** What a suite makes of one generated value: the case without its id and shrinker. */
type GeneratedCaseBody = Omit<Case, "id" | "shrink">;

// deno-lint-ignore no-explicit-any
type FcValue = { value: any; context: unknown };

/** Records every value (with its context) that fast-check draws, and shrinks as the inner one. */
class Recording<T> extends fc.Arbitrary<T> {
  readonly drawn: FcValue[] = [];
  constructor(readonly inner: fc.Arbitrary<T>) {
    super();
  }
  generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
    const v = this.inner.generate(mrng, biasFactor);
    this.drawn.push(v);
    return v;
  }
  canShrinkWithoutContext(value: unknown): value is T {
    return this.inner.canShrinkWithoutContext(value);
  }
  shrink(value: T, context: unknown): fc.Stream<fc.Value<T>> {
    return this.inner.shrink(value, context);
  }
}

function shrunkId(id: string, index: number): string {
  return id.includes("~shrunk-") ? `${id}:${index}` : `${id}~shrunk-${index}`;
}

function toCase<T>(
  arbitrary: fc.Arbitrary<T>,
  drawn: FcValue,
  id: string,
  make: (value: T, index: number) => GeneratedCaseBody,
  index: number,
): Case {
  const testCase: Case = { ...make(drawn.value as T, index), id };
  // Not enumerable: a case stays plain data for comparisons and JSON.
  Object.defineProperty(testCase, "shrink", {
    enumerable: false,
    value: function* (): Generator<Case> {
      let i = 0;
      for (const smaller of arbitrary.shrink(drawn.value as T, drawn.context)) {
        yield toCase(arbitrary, smaller, shrunkId(id, i), make, index);
        i++;
      }
    },
  });
  return testCase;
}

/** The mutable generator behind a `fc.Random` (fast-check keeps it in `internalRng`). */
interface JumpingRng {
  jump?(): void;
}

/** The bias fast-check gives run `index` (its `runIdToFrequency`). */
function biasOf(index: number): number {
  return 2 + ~~(Math.log(index + 1) * 0.4342944819032518);
}

/**
 * The values `fc.sample(arbitrary, {seed, numRuns: runs})` draws, with their contexts, one at a
 * time: the first through `fc.sample` itself (which gives the generator of the seed), each next
 * one as fast-check's tosser draws it (jump the generator, draw from a clone, with the run's
 * bias). Nothing is kept between draws.
 */
function* drawLazily<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs: number) {
  if (runs <= 0) return;
  const recording = new Recording(arbitrary);
  let start: fc.Random | undefined;
  const capture = new (class extends Recording<T> {
    override generate(mrng: fc.Random, biasFactor: number | undefined): fc.Value<T> {
      start ??= mrng.clone();
      return recording.generate(mrng, biasFactor);
    }
  })(arbitrary);
  fc.sample(capture, { seed, numRuns: 1 });
  if (recording.drawn.length !== 1 || !start) {
    throw new Error(`fast-check drew ${recording.drawn.length} values for 1 sample`);
  }
  yield recording.drawn[0];
  recording.drawn.length = 0;
  const rng = (start as unknown as { internalRng?: JumpingRng }).internalRng;
  if (typeof rng?.jump !== "function") {
    throw new Error("The fast-check random generator cannot jump: cases cannot be drawn lazily");
  }
  for (let i = 1; i < runs; i++) {
    rng.jump();
    yield arbitrary.generate(new fc.Random(rng as never), biasOf(i)) as FcValue;
  }
}

/**
 * The generated cases of a suite one at a time, as {@linkcode generatedCases} makes them (same
 * values, ids and shrinkers), without holding them: each iteration draws them again from the
 * seed, and a case is garbage once its consumer lets it go. Long runs use it so that memory does
 * not grow with `runs`.
 *
 * @example The stream gives the cases of the list
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { generatedCaseStream, generatedCases } from "./generated_cases.ts";
 *
 * const make = (n: number) => ({ description: `the number ${n}`, input: n });
 * const options = { seed: 7, runs: 50 };
 * assert.deepEqual(
 *   [...generatedCaseStream(fc.nat(), options, make)],
 *   generatedCases(fc.nat(), options, make),
 * );
 * ```
 *
 * @typeParam T The generated values.
 * @param arbitrary The arbitrary of the values (any fast-check arbitrary).
 * @param options The run's seed, how many cases to generate, and the cases' id prefix
 *   (default `generated`: ids `generated-0`, `generated-1`, ...).
 * @param make Makes a case's description and input (and `required`) from a value and its index.
 * @returns The cases, in order, drawn anew by each iteration.
 * @throws {Error} When fast-check's generator cannot be driven lazily (another fast-check).
 */
export function generatedCaseStream<T>(
  arbitrary: Arbitrary<T>,
  options: { readonly seed: number; readonly runs: number; readonly idPrefix?: string },
  make: (value: T, index: number) => Omit<Case, "id" | "shrink">,
): Iterable<Case> {
  const inner = arbitrary as fc.Arbitrary<T>;
  return {
    *[Symbol.iterator]() {
      let i = 0;
      for (const drawn of drawLazily(inner, options.seed, options.runs)) {
        yield toCase(inner, drawn, `${options.idPrefix ?? "generated"}-${i}`, make, i);
        i++;
      }
    },
  };
}

/**
 * The generated cases of a suite: `runs` values of an arbitrary drawn exactly as
 * `fc.sample(arbitrary, {seed, numRuns: runs})` draws them, each made into a case
 * `generated-<i>` that can shrink. Its `shrink()` gives fast-check's smaller candidates of the
 * value (with the generation context, so the shrinker is the one fast-check itself would use),
 * each a case with id `generated-<i>~shrunk-<k>` that shrinks further (`…~shrunk-<k>:<l>`).
 * The same seed gives the same cases and the same candidates, so a shrunk case is rebuilt from
 * its id alone.
 *
 * @example Generated cases shrink towards smaller values
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { generatedCases } from "./generated_cases.ts";
 *
 * const cases = generatedCases(fc.nat(), { seed: 1, runs: 3 }, (n) => ({
 *   description: `the number ${n}`,
 *   input: n,
 * }));
 * assert.deepEqual(cases.map((c) => c.input), fc.sample(fc.nat(), { seed: 1, numRuns: 3 }));
 * const [first] = cases[0].shrink!();
 * assert.equal(first.id, "generated-0~shrunk-0");
 * assert.equal(first.input, 0);
 * ```
 *
 * @typeParam T The generated values.
 * @param arbitrary The arbitrary of the values (any fast-check arbitrary).
 * @param options The run's seed, and how many cases to generate.
 * @param make Makes a case's description and input (and `required`) from a value and its
 * index; shrunk cases of `generated-<i>` are made with the same index.
 * @returns The cases, in order.
 */
export function generatedCases<T>(
  arbitrary: Arbitrary<T>,
  options: { readonly seed: number; readonly runs: number },
  make: (value: T, index: number) => Omit<Case, "id" | "shrink">,
): Case[] {
  const recording = new Recording(arbitrary as fc.Arbitrary<T>);
  const values = fc.sample(recording, { seed: options.seed, numRuns: Math.max(0, options.runs) });
  if (recording.drawn.length !== values.length) {
    throw new Error(
      `fast-check drew ${recording.drawn.length} values for ${values.length} samples`,
    );
  }
  return recording.drawn.map((drawn, i) =>
    toCase(recording.inner, drawn, `generated-${i}`, make, i)
  );
}
