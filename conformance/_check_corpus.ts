// A fixed corpus of documents for the equality test of the profile checks
// (check_equivalence_test.ts): valid samples, every mutation of each, and mutations stacked
// two deep, all drawn with fixed seeds. Each document's findings are reduced to a digest.
import fc from "fast-check";
import { createHash } from "node:crypto";
import type { CheckContext, Finding, Profile } from "../src/core/types.ts";

/** A document of the corpus and the context to check it with. */
export interface CorpusDocument {
  /** The value. */
  value: unknown;
  /** The check context. */
  context?: CheckContext;
}

/** `valids` valid samples of `profile` (seed `seed`), each followed by its mutations. */
export function corpusOf(
  profile: Profile<unknown>,
  seed: number,
  valids: number,
): CorpusDocument[] {
  const out: CorpusDocument[] = [];
  const samples = fc.sample(
    profile.valid() as fc.Arbitrary<{ value: unknown; context?: CheckContext }>,
    {
      seed,
      numRuns: valids,
    },
  );
  samples.forEach((sample, i) => {
    out.push({ value: sample.value, context: sample.context });
    profile.mutations.forEach((mutation, m) => {
      const arb = mutation.mutate(sample.value, sample.context);
      if (!arb) return;
      const [mutated] = fc.sample(arb as fc.Arbitrary<{ value: unknown; context?: CheckContext }>, {
        seed: seed + i * 1000 + m,
        numRuns: 1,
      });
      const context = mutated.context ?? sample.context;
      out.push({ value: mutated.value, context });
      // A second mutation on top of the first: documents with several findings.
      // Mutations assume a valid value: one that throws on a mutated value is skipped.
      const next = profile.mutations[(m * 7 + i) % profile.mutations.length];
      let twice: { value: unknown; context?: CheckContext } | undefined;
      try {
        const arb2 = next.mutate(structuredClone(mutated.value), context);
        if (arb2) {
          [twice] = fc.sample(arb2 as fc.Arbitrary<{ value: unknown; context?: CheckContext }>, {
            seed: seed + i * 1000 + m + 500,
            numRuns: 1,
          });
        }
      } catch {
        twice = undefined;
      }
      if (twice) out.push({ value: twice.value, context: twice.context ?? context });
    });
  });
  return out;
}

/** A short digest of a document's findings: content and order. */
export function findingsDigest(findings: readonly Finding[]): string {
  return createHash("sha256").update(JSON.stringify(findings)).digest("hex").slice(0, 12);
}
