/**
 * Shards and merge: the shards of a run partition every suite's cases, and `conform merge`
 * of their JSON reports equals the unsharded run's report apart from the timestamp.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

// Two targets, three profiles, failures, warnings and fixtures: a reference and two mutants.
const RUN = [
  "--target",
  "tool-response-mutant-total-off-by-one",
  "--target",
  "normalizer-mutant-drops-last-item",
  "--target",
  "netdryrun-reference",
  "--seed",
  "17",
  "--runs",
  "13",
  "--quiet",
];

function withoutTime(report: Record<string, unknown>) {
  return { ...report, timestamp: "<timestamp>" };
}

Deno.test("merge: the shards' reports merge into the unsharded run's report", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const whole = await run([...RUN, "--report", `${dir}/all.json`]);
    const shards = [];
    for (let i = 1; i <= 3; i++) {
      const r = await run([...RUN, "--shard", `${i}/3`, "--report", `${dir}/s${i}.json`]);
      shards.push(JSON.parse(await Deno.readTextFile(`${dir}/s${i}.json`)));
      assert.ok([0, 1].includes(r.code), r.err);
    }
    const all = JSON.parse(await Deno.readTextFile(`${dir}/all.json`));
    // Every shard ran a part of every suite, and the parts partition the suite's cases.
    for (const [i, suite] of all.suites.entries()) {
      const parts: string[][] = shards.map((s) =>
        s.suites[i].cases.map((c: { id: string }) => c.id)
      );
      assert.ok(parts.every((p) => p.length > 0), `${suite.target}: a shard ran no case`);
      assert.deepEqual(
        parts.flat().sort(),
        suite.cases.map((c: { id: string }) => c.id).sort(),
        `${suite.target} · ${suite.profile}`,
      );
    }
    assert.deepEqual(shards.map((s) => s.shard), [0, 1, 2].map((index) => ({ index, count: 3 })));

    const merged = await run([
      "merge",
      `${dir}/s2.json`,
      `${dir}/s3.json`,
      `${dir}/s1.json`,
      "--report",
      `${dir}/merged.json`,
      "--html",
      `${dir}/merged.html`,
    ]);
    assert.equal(merged.code, whole.code, merged.err);
    const report = JSON.parse(await Deno.readTextFile(`${dir}/merged.json`));
    assert.deepEqual(withoutTime(report), withoutTime(all));
    assert.ok(report.suites.some((s: { verdict: string }) => s.verdict === "not-conformant"));
    assert.match(await Deno.readTextFile(`${dir}/merged.html`), /<table class="matrix"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("merge: refuses reports that are not every shard of one run", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const short = ["--target", "tool-response-reference", "--runs", "6", "--quiet"];
    await run([...short, "--seed", "1", "--shard", "1/2", "--report", `${dir}/a.json`]);
    await run([...short, "--seed", "1", "--shard", "2/2", "--report", `${dir}/b.json`]);
    await run([...short, "--seed", "2", "--shard", "2/2", "--report", `${dir}/c.json`]);
    await run([...short, "--seed", "1", "--report", `${dir}/whole.json`]);
    const cases: [string[], RegExp][] = [
      [[`${dir}/a.json`], /Shard 2\/2 is missing/],
      [[`${dir}/a.json`, `${dir}/a.json`], /are both shard 1/],
      [[`${dir}/a.json`, `${dir}/c.json`], /are not shards of one run/],
      [[`${dir}/a.json`, `${dir}/whole.json`], /is not a shard report/],
      [[`${dir}/nothing.json`], /Cannot read/],
      [[], /at least one shard report/],
    ];
    for (const [files, message] of cases) {
      const r = await run(["merge", ...files]);
      assert.equal(r.code, 2, files.join(" "));
      assert.match(r.err, message);
    }
    const ok = await run(["merge", `${dir}/b.json`, `${dir}/a.json`, "--format", "json"]);
    assert.equal(ok.code, 0, ok.err);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("shard: a bad --shard is a usage error", async () => {
  for (const bad of ["0/2", "3/2", "1", "a/b", "1/0"]) {
    const r = await run(["--shard", bad]);
    assert.equal(r.code, 2, bad);
    assert.match(r.err, /--shard ".*" is not I\/N/);
  }
});

Deno.test("merge: a suite field the kit does not know is kept when equal, else combined", async () => {
  const { mergeReports } = await import("./merge_reports.ts");
  const shard = (index: number, extra: unknown) => ({
    label: `s${index}.json`,
    value: {
      kit: { name: "netconform", version: "0.1.0" },
      seed: 1,
      timestamp: "2026-01-01T00:00:00.000Z",
      shard: { index, count: 2 },
      verdict: "conformant",
      suites: [{
        target: "t",
        adapter: "a",
        profile: "p/v1",
        seed: 1,
        runs: 2,
        rules: [],
        cases: [{ id: `c${index}`, outcome: "passed", findings: [] }],
        counts: { passed: 1, failed: 0, skipped: 0, errored: 0 },
        verdict: "conformant",
        extension: extra,
      }],
    },
  });
  const merged = mergeReports([
    shard(0, { classes: ["a", "b"], total: 5, hits: { a: 1 } }),
    shard(1, { classes: ["b", "c"], total: 5, hits: { a: 2, c: 1 } }),
  ]) as { suites: { extension: unknown; cases: { id: string }[] }[] };
  assert.deepEqual(merged.suites[0].extension, {
    classes: ["a", "b", "c"],
    total: 5,
    hits: { a: 3, c: 1 },
  });
  assert.deepEqual(merged.suites[0].cases.map((c) => c.id), ["c0", "c1"]);
});
