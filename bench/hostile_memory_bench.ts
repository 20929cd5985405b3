/**
 * Memory bench of hostile answers (issue 25): the kit's maximum resident set size on a
 * subprocess target (`src/adapters/testdata/fake_impl.py`) that answers every case of the
 * normalizer suite with a 7 MB skip reason, a 7 MB result string, a 50 MB result string (past
 * the default `max_line_bytes` of 8 MiB: each answer is read up to it, then errored) or a tool
 * response with 100,000 wrong items
 * (100,000 findings a case). Each run is `deno task conform` (the task, with the kit's V8 heap
 * settings) in its own process under `/usr/bin/time` (GNU time, Linux), writing the JSON, JUnit
 * and HTML reports; the bench then reads the JSON report back and checks that it is complete
 * (every case, the counts adding up). The goal: under 400 MB for each.
 *
 * Run: `deno run -A bench/hostile_memory_bench.ts [--runs 100] [--mode big-skip]...`
 *
 * @module
 */
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { pythonPath } from "../src/testing/python_path.ts";
import { conformMaxRss } from "./_conform_max_rss.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string", default: "100" },
    mode: { type: "string", multiple: true },
  },
});
const modes = values.mode ?? ["big-skip", "big-result", "huge-result", "many-findings"];
const FAKE = fileURLToPath(new URL("../src/adapters/testdata/fake_impl.py", import.meta.url));

/** Max RSS in MB, seconds and the report's completeness of one run. */
async function measure(mode: string) {
  const dir = await Deno.makeTempDir({ prefix: "netconform-bench-" });
  try {
    await Deno.writeTextFile(
      `${dir}/conform.yaml`,
      `version: 1
targets:
  - name: hostile
    profiles: [gns3.normalizer/v1.0]
    adapter:
      kind: subprocess
      argv: [${JSON.stringify(pythonPath())}, ${JSON.stringify(FAKE)}, ${mode}]
      timeouts: { request_ms: 600000 }
`,
    );
    const { mb, s, code } = await conformMaxRss([
      "--config",
      `${dir}/conform.yaml`,
      "--runs",
      values.runs!,
      "--timeout",
      "600000",
      "--quiet",
      "--report",
      `${dir}/r.json`,
      "--junit",
      `${dir}/r.xml`,
      "--html",
      `${dir}/r.html`,
    ]);
    const size = (await Deno.stat(`${dir}/r.json`)).size;
    const report = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    const suite = report.suites[0];
    const counted = Object.values(suite.counts as Record<string, number>).reduce((a, b) => a + b);
    const complete = counted === suite.cases.length && counted > Number(values.runs);
    return { mb, s, code, size, cases: counted, complete };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

console.log("mode | max RSS (MB) | time (s) | exit | cases | JSON report (MB) | complete");
for (const mode of modes) {
  const r = await measure(mode);
  console.log(
    `${mode} | ${r.mb.toFixed(0)} | ${r.s.toFixed(1)} | ${r.code} | ${r.cases} | ${
      (r.size / 1e6).toFixed(1)
    } | ${r.complete ? "yes" : "NO"}`,
  );
}
