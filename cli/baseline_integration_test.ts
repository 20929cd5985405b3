/**
 * Baselines of expected failures, end to end: a Python normalizer broken on purpose (it drops
 * the last item: NORM-ITEM-COUNT, a MUST; NORM-FIXPOINT, NORM-IDEMPOTENT and NORM-ITEM-COUNT-OTHER
 * warn beside it) fails its run; a baseline entry for its MUST rule turns the run
 * green (the failures reported as expected); a stale entry (a rule that does not fail) turns
 * it red again; `--update-baseline` rewrites the file to the failures of the run.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const EXAMPLES = new URL("../examples/python/", import.meta.url);
const ADAPTER = decodeURIComponent(new URL("netconform_adapter.py", EXAMPLES).pathname);
const BROKEN = decodeURIComponent(new URL("broken/drops_items.py", EXAMPLES).pathname);
/** Every rule the broken normalizer fires, at any level. */
const FIRED_RULES = [
  "NORM-FIXPOINT",
  "NORM-IDEMPOTENT",
  "NORM-ITEM-COUNT",
  "NORM-ITEM-COUNT-OTHER",
];
/** The MUST rules among them: what a baseline has to name. */
const BROKEN_RULES = ["NORM-ITEM-COUNT"];
const BASELINE = `    expected_failures:
${
  BROKEN_RULES.map((rule) => `      - { rule: ${rule}, reason: drops the last item on purpose }\n`)
    .join("")
}`;

function config(expected: string): string {
  return `version: 1
runs: 15
seed: 11
targets:
  # a comment that --update-baseline keeps
  - name: drops-items
    profiles: [gns3.normalizer/v1.0]
    adapter:
      kind: subprocess
      argv: [${pythonPath()}, ${ADAPTER}, "${BROKEN}:normalize_tool_response"]
      env: { PYTHONDONTWRITEBYTECODE: "1" }
${expected}`;
}

/** A run of the CLI; a run of a config does not shrink (a baseline is about rules, not cases). */
async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  if (args.includes("--config")) args = [...args, "--no-shrink"];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function withConfig(text: string, fn: (path: string, dir: string) => Promise<void>) {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/conform.yaml`;
    await Deno.writeTextFile(path, text);
    await fn(path, dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("baseline: a broken target fails without a baseline and passes with one", async () => {
  await withConfig(config(""), async (path) => {
    const bare = await run(["--config", path, "--format", "json"]);
    assert.equal(bare.code, 1, bare.err);
    const failing = JSON.parse(bare.out).suites[0].rules
      .filter((r: { failures: number }) => r.failures > 0).map((r: { id: string }) => r.id);
    assert.deepEqual(failing, FIRED_RULES);
  });
  const entry = `    expected_failures:
${
    BROKEN_RULES.map((rule) =>
      `      - rule: ${rule}
        reason: drops the last item on purpose
        issue: https://example.org/issues/1
`
    ).join("")
  }`;
  await withConfig(config(entry), async (path, dir) => {
    const r = await run([
      "--config",
      path,
      "--report",
      `${dir}/r.json`,
      "--junit",
      `${dir}/r.xml`,
      "--html",
      `${dir}/r.html`,
    ]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.out, /Baseline: \d+ expected failure\(s\)/);
    assert.match(r.out, /drops the last item on purpose \(https:\/\/example.org\/issues\/1\)/);
    assert.match(r.out, /verdict: CONFORMANT \(with SHOULD warnings\)/);
    const report = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.equal(report.verdict, "conformant-with-warnings");
    const expected = report.suites[0].cases.filter((c: { expected?: unknown }) => c.expected);
    assert.ok(expected.length > 0);
    // The cases themselves stay failed: the baseline is a view over the report.
    assert.ok(expected.every((c: { outcome: string }) => c.outcome === "failed"));
    assert.deepEqual(report.baseline.stale, []);
    const junit = await Deno.readTextFile(`${dir}/r.xml`);
    assert.match(junit, /<skipped message="expected failure of NORM-ITEM-COUNT \(baseline\)/);
    assert.doesNotMatch(junit, /<failure/);
    const html = await Deno.readTextFile(`${dir}/r.html`);
    assert.match(html, /<td class="n warn">\d+ failed \(expected, baseline\) \/ \d+<\/td>/);
    assert.doesNotMatch(html, /class="n fail"/);
  });
});

Deno.test("baseline: a stale entry turns the run red; a partial run does not judge it", async () => {
  const entries = `${BASELINE}      - rule: NORM-TOTAL
        reason: fixed long ago
`;
  await withConfig(config(entries), async (path) => {
    const r = await run(["--config", path]);
    assert.equal(r.code, 1, r.out);
    assert.match(r.out, /Baseline: 1 stale entry/);
    assert.match(r.out, /drops-items · NORM-TOTAL: fixed long ago/);
    const one = await run(["--config", path, "--shard", "1/2"]);
    assert.equal(one.code, 0, one.out);
    assert.match(one.out, /stale entries not judged/);
  });
});

Deno.test("baseline: an entry for a rule the target's profiles lack is a config error", async () => {
  const entries = `    expected_failures:
      - rule: TR-TOTAL
        reason: not a normalizer rule
`;
  await withConfig(config(entries), async (path) => {
    const r = await run(["--config", path]);
    assert.equal(r.code, 2);
    assert.match(r.err, /expected failure rule "TR-TOTAL" is not a rule of the target's profiles/);
    assert.match(r.err, /conform.yaml:\d+:\d+/);
  });
});

Deno.test("baseline: --update-baseline writes the failures, drops stale entries, keeps comments", async () => {
  const entries = `    expected_failures:
      - rule: NORM-TOTAL
        reason: fixed long ago
      - rule: NORM-ITEM-COUNT
        reason: known, kept
        issue: https://example.org/issues/2
`;
  await withConfig(config(entries), async (path) => {
    const r = await run(["--config", path, "--update-baseline"]);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /wrote 1 expected failure\(s\) of 1 target\(s\)/);
    const text = await Deno.readTextFile(path);
    assert.match(text, /# a comment that --update-baseline keeps/);
    const written = parse(text).targets[0].expected_failures;
    assert.deepEqual(written.map((e: { rule: string }) => e.rule).sort(), BROKEN_RULES);
    // The kept entry keeps its reason and issue; the new ones ask for a reason.
    assert.deepEqual(written[0], {
      rule: "NORM-ITEM-COUNT",
      reason: "known, kept",
      issue: "https://example.org/issues/2",
    });
    const again = await run(["--config", path]);
    assert.equal(again.code, 0, again.out);
  });
  // A failure no entry named yet is written with a reason still to be given.
  await withConfig(config(""), async (path) => {
    const r = await run(["--config", path, "--update-baseline"]);
    assert.equal(r.code, 0, r.out + r.err);
    const written = parse(await Deno.readTextFile(path)).targets[0].expected_failures;
    assert.deepEqual(written.map((e: { rule: string }) => e.rule), BROKEN_RULES);
    assert.match(written[0].reason, /^TODO: say why/);
  });
  const misuse = await run(["--update-baseline"]);
  assert.equal(misuse.code, 2);
  assert.match(misuse.err, /--update-baseline needs --config/);
});

Deno.test("baseline: shards merge into the unsharded baselined report; stale is judged on the merge", async () => {
  const entries = `${BASELINE}      - rule: NORM-TOTAL
        reason: fixed long ago
`;
  await withConfig(config(entries), async (path, dir) => {
    const whole = await run(["--config", path, "--report", `${dir}/all.json`]);
    assert.equal(whole.code, 1);
    for (const i of [1, 2]) {
      const r = await run(["--config", path, "--shard", `${i}/2`, "--report", `${dir}/s${i}.json`]);
      assert.equal(r.code, 0, "a shard does not judge stale entries");
    }
    const merged = await run([
      "merge",
      `${dir}/s1.json`,
      `${dir}/s2.json`,
      "--report",
      `${dir}/merged.json`,
    ]);
    assert.equal(merged.code, 1, merged.err);
    assert.match(merged.err, /1 stale baseline entry \(drops-items · NORM-TOTAL\)/);
    const all = JSON.parse(await Deno.readTextFile(`${dir}/all.json`));
    const report = JSON.parse(await Deno.readTextFile(`${dir}/merged.json`));
    assert.ok(report.baseline.expected > 0);
    assert.deepEqual({ ...report, timestamp: 0 }, { ...all, timestamp: 0 });
  });
});
