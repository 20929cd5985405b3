/**
 * The cost of the declared input classes at default runs (issue 12): the default run of the
 * embedded reference targets (as `deno task conform` runs them: the LangGraph.js agent's suite run
 * alongside the others, which go one after the other), its
 * wall time, each suite's time alone, and the number of cases that hit each class, printed once
 * before the benches. A floor is measured in the same process: the tool-response reference
 * suite alone (in-process, 100 cases, no server), so that the default run's time can be read as
 * a ratio that depends less on the machine and its load. Run with
 * `deno bench -A bench/class_coverage_bench.ts`.
 */
import { runConformance } from "../src/core/run_conformance.ts";
import { embeddedTargets } from "../cli/registry.ts";

const references = embeddedTargets.filter((t) => !t.mutant);
const seed = 20261130;
/** The early targets' suite runs alongside the others, as the CLI runs the embedded targets. */
const lanes = 1 + references.reduce((n, t) => n + (t.startEarly ? t.suites.length : 0), 0);
const floorTarget = references.find((t) => t.name === "tool-response-reference")!;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

// The floor first (warm), then the default run, then each suite alone.
await runConformance([floorTarget], { seed });
const floor = median(
  await Array.fromAsync([1, 2, 3], () => timed(() => runConformance([floorTarget], { seed }))),
);
const started = performance.now();
const report = await runConformance(references, { seed, suiteConcurrency: lanes });
const wall = performance.now() - started;
const alone: number[] = [];
for (const target of references) alone.push(await timed(() => runConformance([target], { seed })));
const serial = alone.reduce((a, b) => a + b, 0);
console.log(
  `default run of ${references.length} reference targets (as the CLI runs them): ${
    report.suites.reduce((n, s) => n + s.cases.length, 0)
  } cases in ${Math.round(wall)} ms; the same suites one after the other: ${
    Math.round(serial)
  } ms; floor (tool-response-reference alone): ${Math.round(floor)} ms; default run / floor: ${
    (wall / floor).toFixed(1)
  }`,
);
for (const [i, s] of report.suites.entries()) {
  const classes = s.coverage?.classes ?? [];
  const counts = classes.map((c) => c.cases);
  console.log(
    `${s.target}: alone ${
      Math.round(alone[i])
    } ms, ${s.cases.length} cases, ${classes.length} classes, cases per class min ${
      Math.min(...counts)
    } / median ${median(counts)} / max ${Math.max(...counts)}`,
  );
}

Deno.bench({
  name: "default run: every reference target, as deno task conform runs them",
  n: 3,
  warmup: 1,
  async fn() {
    await runConformance(references, { seed, suiteConcurrency: lanes });
  },
});

for (const target of references) {
  Deno.bench({
    name: `${target.name}: default run (${target.runs ?? 100} generated cases and the class cases)`,
    n: 3,
    warmup: 1,
    async fn() {
      await runConformance([target], { seed });
    },
  });
}
