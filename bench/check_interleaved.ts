/**
 * The profile checks' cost as ratios to bare ajv, measured so that machine noise cancels out:
 * short blocks of the baseline (ajv's compiled schema alone) and of the contender (the
 * profile's check) alternate in one process, the ratio contender/baseline is taken per round,
 * and the median over the rounds is printed with the quartiles. Same documents as
 * `bench/tool_response_bench.ts` and `bench/netdryrun_bench.ts` (1,000 each). Each block is
 * timed twice: by the wall clock (the headline ratio) and by the process's CPU time, which a
 * block loses nothing to while other processes hold the cores (the `cpu` ratio: the one to
 * read when the machine is loaded; it also counts the process's collector threads).
 *
 * Run: `deno run -A bench/check_interleaved.ts [ROUNDS]` (default 300). A block is 10 passes over
 * the tool responses, 1 pass over the run results.
 *
 * @module
 */
import process from "node:process";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { toolResponseArbitrary } from "../conformance/tool_response/arbitraries.ts";
import { checkToolResponse } from "../conformance/tool_response/profile.ts";
import trSchema from "../conformance/tool_response/schema.json" with { type: "json" };
import { netdryrunProfile } from "../conformance/netdryrun/profile.ts";
import { labRunModelArbitrary } from "../conformance/netdryrun/arbitraries.ts";
import { buildNetdryrunResult } from "../conformance/netdryrun/reference.ts";
import { DEFAULT_SEED } from "../src/core/seed.ts";

const ROUNDS = Number(Deno.args[0] ?? 300);
// A pass over the 1,000 tool responses takes about half a millisecond: a block is 10 passes,
// so that timer resolution and a collector pause weigh little in a block.
const TR_PASSES = 10;

const trDocs = fc.sample(toolResponseArbitrary(), { seed: 1, numRuns: 1000 });
const trAjv = new Ajv2020({ allErrors: true, allowUnionTypes: true, strictRequired: false })
  .compile(trSchema);

const ndrSchema = JSON.parse(
  Deno.readTextFileSync(
    new URL("../conformance/netdryrun/mcp-result-v1.schema.json", import.meta.url),
  ),
);
const ndrAjv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false }).compile(
  ndrSchema,
);
const models = fc.sample(labRunModelArbitrary(), { seed: DEFAULT_SEED, numRuns: 1_000 });
const runs = models.map((m) => ({ value: buildNetdryrunResult(m), context: { tool: m.tool } }));

let sink = 0;

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** User + system CPU time of the process, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function compare(title: string, baseline: () => void, contender: () => void): void {
  for (let i = 0; i < 30; i++) {
    baseline();
    contender();
  }
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  const base: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate which goes first so that neither always follows the other.
    const first = round % 2 === 0;
    const c0 = cpuMs();
    const t0 = performance.now();
    if (first) baseline();
    else contender();
    const t1 = performance.now();
    const c1 = cpuMs();
    if (first) contender();
    else baseline();
    const t2 = performance.now();
    const c2 = cpuMs();
    const [b, c] = first ? [t1 - t0, t2 - t1] : [t2 - t1, t1 - t0];
    const [cb, cc] = first ? [c1 - c0, c2 - c1] : [c2 - c1, c1 - c0];
    ratios.push(c / b);
    if (cb > 0) cpuRatios.push(cc / cb);
    base.push(b);
  }
  console.log(
    `${title}: ${quantile(ratios, 0.5).toFixed(2)}x bare ajv (quartiles ${
      quantile(ratios, 0.25).toFixed(2)
    }-${quantile(ratios, 0.75).toFixed(2)}; cpu ${quantile(cpuRatios, 0.5).toFixed(2)}x, ${
      quantile(cpuRatios, 0.25).toFixed(2)
    }-${quantile(cpuRatios, 0.75).toFixed(2)}; ${ROUNDS} rounds, baseline median ${
      quantile(base, 0.5).toFixed(2)
    } ms a block)`,
  );
}

compare(
  "tool-response check",
  () => {
    for (let k = 0; k < TR_PASSES; k++) for (const d of trDocs) sink += trAjv(d) ? 1 : 0;
  },
  () => {
    for (let k = 0; k < TR_PASSES; k++) for (const d of trDocs) sink += checkToolResponse(d).length;
  },
);
compare(
  "netdryrun check (run results)",
  () => {
    for (const r of runs) sink += ndrAjv(r.value) ? 1 : 0;
  },
  () => {
    for (const r of runs) sink += netdryrunProfile.check(r.value, r.context).length;
  },
);
if (sink < 0) console.log(sink);
