/**
 * The cost of the declared input classes at default runs (issue 12): each embedded reference
 * target's default suite run, timed, and the number of cases that hit each class (printed once
 * before the benches). Run with `deno bench -A bench/class_coverage_bench.ts`.
 */
import { runConformance } from "../src/core/run_conformance.ts";
import { embeddedTargets } from "../cli/registry.ts";

const references = embeddedTargets.filter((t) => !t.mutant);
const seed = 20261130;

const started = performance.now();
const report = await runConformance(references, { seed });
console.log(
  `default run of ${references.length} reference targets: ${
    report.suites.reduce((n, s) => n + s.cases.length, 0)
  } cases in ${Math.round(performance.now() - started)} ms`,
);
for (const s of report.suites) {
  const classes = s.coverage?.classes ?? [];
  const counts = classes.map((c) => c.cases);
  console.log(
    `${s.target}: ${s.cases.length} cases, ${classes.length} classes, cases per class min ${
      Math.min(...counts)
    } / median ${counts.sort((a, b) => a - b)[Math.floor(counts.length / 2)]} / max ${
      Math.max(...counts)
    }`,
  );
}

for (const target of references) {
  Deno.bench({
    name: `${target.name}: default run (100 generated cases and the class cases)`,
    n: 3,
    warmup: 1,
    async fn() {
      await runConformance([target], { seed });
    },
  });
}
