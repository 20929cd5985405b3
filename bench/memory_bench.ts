/**
 * Memory bench of long runs: `deno task conform --target T --runs N --format json` (the task, so
 * with the V8 heap settings it gives the kit's process) for the
 * tool-response and normalizer references at 10,000 and 100,000 runs, each in its own process
 * under `/usr/bin/time` (GNU time, Linux), printing each run's maximum resident set size and
 * the ratio of the large run to the small one (the goal: within 1.5x).
 *
 * With `--all-outputs` each run also writes every output file (`--report`, `--junit`,
 * `--markdown`, `--html`, into a temporary folder), which the CLI builds from its case log.
 *
 * Run: `deno run -A bench/memory_bench.ts [--runs 10000,100000] [--target NAME]... [--all-outputs]`
 *
 * @module
 */
import { parseArgs } from "node:util";
import { conformMaxRss } from "./_conform_max_rss.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "10000,100000" },
    target: { type: "string", multiple: true },
    "all-outputs": { type: "boolean" },
  },
});
const sizes = values.runs!.split(",").map(Number);
const targets = values.target ?? ["tool-response-reference", "normalizer-reference"];

/** Max RSS in MB and seconds of one run, measured by GNU time in a subprocess. */
async function measure(target: string, runs: number): Promise<{ mb: number; s: number }> {
  const dir = values["all-outputs"] ? await Deno.makeTempDir() : undefined;
  const outputs = dir
    ? ["report", "junit", "markdown", "html"].flatMap((f) => [`--${f}`, `${dir}/r.${f}`])
    : [];
  const { mb, s } = await conformMaxRss([
    "--target",
    target,
    "--runs",
    String(runs),
    "--format",
    "json",
    "--quiet",
    ...outputs,
  ]);
  if (dir) await Deno.remove(dir, { recursive: true });
  return { mb, s };
}

console.log("target | runs | max RSS (MB) | time (s) | ratio to the first size");
for (const target of targets) {
  let first: number | undefined;
  for (const runs of sizes) {
    const { mb, s } = await measure(target, runs);
    first ??= mb;
    console.log(
      `${target} | ${runs} | ${mb.toFixed(0)} | ${s.toFixed(1)} | ${(mb / first).toFixed(2)}x`,
    );
  }
}
