/**
 * Throughput of the netdryrun profile's check, as ratios to a baseline measured in the same
 * run: ajv's compiled root schema alone over the same 1,000 generated documents. Run with
 * `deno bench -A bench/netdryrun_bench.ts`. The "100k" bench also asserts that 100,000
 * generated valid documents (20 seeds) have zero findings.
 *
 * Single `deno bench` runs swing by 30% on a shared VM; `deno run -A bench/check_interleaved.ts`
 * alternates blocks of both in one process. Median of 5 such runs (200 rounds each), CPU-time
 * ratio: 1.25x (code points counted by index, file keys prefiltered, no spreads or closures),
 * 1.36x before that, 1.84x before issue 14 (pointers built only for findings).
 *
 * @module
 */
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { netdryrunProfile } from "../conformance/netdryrun/profile.ts";
import { labRunModelArbitrary } from "../conformance/netdryrun/arbitraries.ts";
import { buildNetdryrunResult } from "../conformance/netdryrun/reference.ts";
import { DEFAULT_SEED } from "../src/core/seed.ts";

const schema = JSON.parse(
  Deno.readTextFileSync(
    new URL("../conformance/netdryrun/mcp-result-v1.schema.json", import.meta.url),
  ),
);
const root = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(schema);
const models = fc.sample(labRunModelArbitrary(), { seed: DEFAULT_SEED, numRuns: 1_000 });
const runs = models.map((m) => ({ value: buildNetdryrunResult(m), context: { tool: m.tool } }));
const samples = fc.sample(netdryrunProfile.valid(), { seed: DEFAULT_SEED, numRuns: 1_000 });

Deno.bench(
  { name: "ajv root schema only, 1,000 run results", group: "check", baseline: true },
  () => {
    for (const r of runs) root(r.value);
  },
);
Deno.bench({ name: "profile.check, 1,000 run results", group: "check" }, () => {
  for (const r of runs) netdryrunProfile.check(r.value, r.context);
});
Deno.bench({ name: "profile.check, 1,000 samples of every tool", group: "check" }, () => {
  for (const s of samples) netdryrunProfile.check(s.value, s.context);
});
Deno.bench(
  { name: "generate and build 1,000 valid samples", group: "generate", baseline: true },
  () => {
    fc.sample(netdryrunProfile.valid(), { seed: DEFAULT_SEED, numRuns: 1_000 });
  },
);
Deno.bench({
  name: "100k: generate and check 100,000 valid documents (zero findings)",
  group: "100k",
  n: 1,
  warmup: 0,
}, () => {
  let checked = 0;
  for (let chunk = 0; chunk < 20; chunk++) {
    for (
      const s of fc.sample(netdryrunProfile.valid(), { seed: DEFAULT_SEED + chunk, numRuns: 5_000 })
    ) {
      if (netdryrunProfile.check(s.value, s.context).length > 0) {
        throw new Error(
          `seed ${DEFAULT_SEED + chunk}: findings on ${JSON.stringify(s).slice(0, 500)}`,
        );
      }
      checked++;
    }
  }
  if (checked !== 100_000) throw new Error(`checked ${checked}`);
});
