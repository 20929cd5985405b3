// The optimised profile checks report exactly what the checks before the optimisation did:
// testdata/check_equivalence.json holds, per fixed seed, a digest of the findings (content
// and order) of every document of a corpus (valid samples, their mutations, mutations stacked
// two deep), written by the checks before the change. Regenerate it only for a change of
// findings made on purpose: CONFORM_UPDATE_EQUIVALENCE=1 deno test -A conformance/check_equivalence_test.ts
import assert from "node:assert/strict";
import { corpusOf, findingsDigest } from "./_check_corpus.ts";
import { netdryrunProfile } from "./netdryrun/profile.ts";
import { toolResponseProfile } from "./tool_response/profile.ts";
import type { Profile } from "../src/core/types.ts";

const SNAPSHOT = new URL("./testdata/check_equivalence.json", import.meta.url);
const SEEDS = [1, 2, 3];
const VALIDS = 40;

interface Entry {
  documents: number;
  findings: number;
  digests: string;
}

function snapshotOf(): Record<string, Entry> {
  const out: Record<string, Entry> = {};
  const profiles = [["tool-response", toolResponseProfile], [
    "netdryrun",
    netdryrunProfile,
  ]] as const;
  for (const [name, profile] of profiles) {
    for (const seed of SEEDS) {
      const docs = corpusOf(profile as Profile<unknown>, seed, VALIDS);
      let findings = 0;
      const digests = docs.map((d) => {
        const found = profile.check(d.value, d.context);
        findings += found.length;
        return findingsDigest(found);
      });
      out[`${name} seed ${seed}`] = {
        documents: docs.length,
        findings,
        digests: digests.join(" "),
      };
    }
  }
  return out;
}

Deno.test("the profile checks' findings equal those recorded before the optimisation", () => {
  const now = snapshotOf();
  if (Deno.env.get("CONFORM_UPDATE_EQUIVALENCE") === "1") {
    Deno.writeTextFileSync(SNAPSHOT, JSON.stringify(now, null, 1) + "\n");
  }
  const before: Record<string, Entry> = JSON.parse(Deno.readTextFileSync(SNAPSHOT));
  assert.deepEqual(Object.keys(now), Object.keys(before));
  for (const key of Object.keys(before)) {
    assert.equal(now[key].documents, before[key].documents, `${key}: documents`);
    assert.ok(before[key].findings > 500, `${key}: the corpus has findings to compare`);
    const a = now[key].digests.split(" ");
    const b = before[key].digests.split(" ");
    const differing = a.flatMap((d, i) => (d === b[i] ? [] : [i]));
    assert.deepEqual(differing, [], `${key}: documents whose findings changed`);
    assert.equal(now[key].findings, before[key].findings, `${key}: findings`);
  }
});
