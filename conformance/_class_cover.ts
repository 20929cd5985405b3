// Generated cases that hit every declared input class of a suite: the seed's `runs` draws,
// then, for each class they missed, the first further draw (from a derived seed, bounded)
// that hits it, as a guaranteed case. Private helper of the suites.
import fc from "fast-check";
import type { Arbitrary } from "../src/core/arbitrary.ts";
import type { Case, InputClass } from "../src/core/types.ts";
import { generatedCaseStream } from "../src/core/generated_cases.ts";

/** How many extra draws at most are tried to hit the missed classes. */
const MAX_EXTRA_DRAWS = 5000;

/**
 * The further draws for missed classes, lazily: the same values, in the same order, as one
 * sample of {@linkcode MAX_EXTRA_DRAWS} from the derived seed (a sample's values do not depend
 * on its size), drawn in growing batches so that a search that ends early draws few.
 */
function* furtherDraws<T>(arbitrary: Arbitrary<T>, seed: number): Generator<T> {
  const derived = (seed ^ 0x5bd1e995) | 0;
  let done = 0;
  for (let size = 64; done < MAX_EXTRA_DRAWS; size *= 4) {
    const batch = fc.sample(arbitrary, { seed: derived, numRuns: Math.min(size, MAX_EXTRA_DRAWS) });
    yield* batch.slice(done);
    done = batch.length;
  }
}

/**
 * Generated cases (shrinkable, see `generatedCaseStream`) that hit every declared input class,
 * one at a time: the seed's `runs` cases, each knowing its classes, then one `class:<id>` case
 * for each class they missed (the first of the further draws that hits it; such a guaranteed
 * case is not shrunk). Only the ids of the classes hit are kept while the cases go by.
 */
export function coveringGeneratedCaseStream<T>(
  arbitrary: Arbitrary<T>,
  classify: (value: T) => string[],
  classes: readonly InputClass[],
  options: { readonly seed: number; readonly runs: number },
  make: (value: T, index: number) => Omit<Case, "id" | "shrink" | "classes">,
): Iterable<Case> {
  const base = generatedCaseStream(arbitrary, options, (value, i) => ({
    ...make(value, i),
    classes: classify(value),
  }));
  return {
    *[Symbol.iterator]() {
      const hit = new Set<string>();
      for (const c of base) {
        for (const k of c.classes ?? []) hit.add(k);
        yield c;
      }
      const missed = classes.filter((c) => !hit.has(c.id)).map((c) => c.id);
      if (missed.length === 0) return;
      const found = new Map<string, Case>();
      let i = -1;
      for (const value of furtherDraws(arbitrary, options.seed)) {
        i++;
        const of = classify(value);
        const wanted = missed.find((id) => !found.has(id) && of.includes(id));
        if (wanted) {
          found.set(wanted, {
            ...make(value, options.runs + i),
            id: `class:${wanted}`,
            classes: of,
          });
        }
        if (found.size === missed.length) break;
      }
      yield* missed.flatMap((id) => found.get(id) ?? []);
    },
  };
}
