/**
 * Evidence, shrinking and promote end to end through the CLI (issue 11, items 4 to 6): a
 * mutant run with `--report` has `input` and `output` in every failed case and a `shrunk`
 * case no larger than the original in every failed generated case, its replay lines
 * reproduce the failures, for in-process, HTTP and subprocess targets (MCP cases are fixed:
 * evidence only), and `promote` turns a shrunk case into a fixture test that holds.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { main } from "./conform.ts";
import { parseFixtureFile } from "../src/core/fixtures.ts";
import { evaluateFixtureTest } from "../src/core/fixtures.ts";
import { profiles } from "./registry.ts";

const SEED = "20261130";

interface JsonCase {
  id: string;
  outcome: string;
  replay: string;
  input?: unknown;
  output?: unknown;
  findings: { ruleId: string; level: string }[];
  shrunk?: { id: string; input: unknown; findings: { ruleId: string }[]; steps: number };
}

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function reportOf(args: string[]): Promise<{ cases: JsonCase[]; file: string }> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  const r = await run([...args, "--seed", SEED, "--report", file]);
  assert.equal(r.code, 1, r.err);
  const report = JSON.parse(await Deno.readTextFile(file));
  return { cases: report.suites.flatMap((s: { cases: JsonCase[] }) => s.cases), file };
}

/** The `--case` argument of a replay line (quoted for a shell when it needs to be). */
function caseOf(replay: string): string {
  const m = / --case ('([^']*)'|(\S+))$/.exec(replay);
  assert.ok(m, `no --case in "${replay}"`);
  return m[2] ?? m[3];
}

function firstMustRule(c: { findings: { ruleId: string; level?: string }[] }) {
  return c.findings.find((f) => f.level === undefined || f.level === "MUST")?.ruleId;
}

/** The acceptance of items 4 and 5 on one run; returns the failed generated cases. */
async function assertEvidenceAndShrinking(args: string[], replays = 3): Promise<JsonCase[]> {
  const { cases, file } = await reportOf(args);
  await Deno.remove(file);
  const failed = cases.filter((c) => c.outcome === "failed");
  assert.ok(failed.length > 0, "no failed case");
  for (const c of failed) {
    assert.ok(c.input !== undefined && c.output !== undefined, `${c.id} has no evidence`);
  }
  const generated = failed.filter((c) => c.id.startsWith("generated-"));
  assert.ok(generated.length > 0, "no failed generated case");
  for (const c of generated) {
    assert.ok(c.shrunk, `${c.id} has no shrunk case`);
    const size = (v: unknown) => JSON.stringify((v as { input: unknown }[])[0]?.input ?? v).length;
    assert.ok(size(c.shrunk.input) <= size(c.input), `${c.id} shrank to a larger input`);
    assert.ok(c.shrunk.findings.some((f) => f.ruleId === firstMustRule(c)), c.id);
    assert.equal(caseOf(c.replay), c.shrunk.id, "the replay line replays the shrunk case");
  }
  // Replaying the printed line reproduces the shrunk failure, input and all.
  for (const c of generated.filter((c) => c.shrunk!.steps > 0).slice(0, replays)) {
    const out = await run([
      ...args,
      "--seed",
      SEED,
      "--case",
      caseOf(c.replay),
      "--format",
      "json",
    ]);
    assert.equal(out.code, 1, out.err);
    const [again] = JSON.parse(out.out).suites[0].cases as JsonCase[];
    assert.equal(again.outcome, "failed");
    assert.deepEqual(again.input, c.shrunk!.input);
    assert.deepEqual(again.findings, c.shrunk!.findings);
  }
  return generated;
}

Deno.test("evidence and shrinking: an in-process mutant", async () => {
  const generated = await assertEvidenceAndShrinking([
    "--target",
    "normalizer-mutant-drops-last-item",
    "--runs",
    "25",
  ]);
  assert.ok(generated.some((c) => c.shrunk!.steps > 0), "nothing shrank");
});

Deno.test("evidence and shrinking: an HTTP mutant", async () => {
  await assertEvidenceAndShrinking([
    "--target",
    "chat-limits-http-mutant-ignores-limits",
    "--runs",
    "25",
  ]);
});

Deno.test("evidence and shrinking: a subprocess (Python) target", async () => {
  const dir = await Deno.makeTempDir();
  const python = fileURLToPath(new URL("../examples/python/", import.meta.url));
  const config = `${dir}/conform.yaml`;
  await Deno.writeTextFile(
    config,
    JSON.stringify({
      version: 1,
      targets: [{
        name: "py-drops-items",
        profiles: ["gns3.normalizer/v1.0"],
        adapter: {
          kind: "subprocess",
          argv: [
            "python3",
            `${python}netconform_adapter.py`,
            `${python}broken/drops_items.py:normalize_tool_response`,
          ],
          env: { PYTHONDONTWRITEBYTECODE: "1" },
        },
      }],
    }),
  );
  try {
    await assertEvidenceAndShrinking(
      [
        "--config",
        config,
        "--runs",
        "30",
        "--max-shrinks",
        "30",
        "--profile",
        "gns3.normalizer/v1.0",
      ],
      1,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("evidence: an MCP mutant's failed cases carry the tool calls and results", async () => {
  const { cases, file } = await reportOf(["--target", "netdryrun-mcp-mutant-wrong-verdict"]);
  await Deno.remove(file);
  const failed = cases.filter((c) => c.outcome === "failed");
  assert.ok(failed.length > 0);
  for (const c of failed) {
    assert.ok(c.input !== undefined && c.output !== undefined, `${c.id} has no evidence`);
    assert.equal(c.shrunk, undefined, "fixed MCP cases do not shrink");
  }
});

Deno.test("shrinking: --no-shrink and --max-shrinks", async () => {
  const args = ["--target", "normalizer-mutant-drops-last-item", "--runs", "10"];
  const off = await reportOf([...args, "--no-shrink"]);
  const one = await reportOf([...args, "--max-shrinks", "1"]);
  await Deno.remove(off.file);
  await Deno.remove(one.file);
  const generated = (cases: JsonCase[]) =>
    cases.filter((c) => c.outcome === "failed" && c.id.startsWith("generated-"));
  assert.ok(generated(off.cases).length > 0);
  for (const c of generated(off.cases)) {
    assert.equal(c.shrunk, undefined);
    assert.equal(caseOf(c.replay), c.id);
  }
  for (const c of generated(one.cases)) {
    assert.ok((c.shrunk as unknown as { tried: number }).tried <= 1);
  }
  const bad = await run([...args, "--max-shrinks", "-1"]);
  assert.equal(bad.code, 2);
});

Deno.test("promote: a shrunk case becomes a fixture test that holds, appended and checked", async () => {
  const { cases, file } = await reportOf([
    "--target",
    "normalizer-mutant-drops-last-item",
    "--runs",
    "25",
  ]);
  const shrunk = cases.find((c) => c.shrunk && c.shrunk.steps > 0)!;
  const fixed = cases.find((c) => c.outcome === "failed" && !c.id.startsWith("generated-"))!;
  const passed = cases.find((c) => c.outcome === "passed")!;
  const dir = await Deno.makeTempDir();
  const to = `${dir}/regressions.yaml`;
  try {
    const first = await run(["promote", file, shrunk.id, "--to", to]);
    assert.equal(first.code, 0, first.err);
    assert.match(first.out, new RegExp(`promoted .*${shrunk.shrunk!.id.replaceAll(":", ".")}`));
    // By its shrunk id too, and a fixed case, appended to the same file.
    assert.equal((await run(["promote", file, shrunk.shrunk!.id, "--to", to])).code, 0);
    assert.equal((await run(["promote", file, fixed.id, "--to", to])).code, 0);
    const loaded = parseFixtureFile(await Deno.readTextFile(to), to);
    assert.equal(loaded.profile, "gns3.normalizer/v1.0");
    assert.equal(loaded.tests.length, 3);
    const profile = profiles.find((p) => p.id === loaded.profile)!;
    for (const test of loaded.tests) {
      assert.equal(test.valid, false);
      assert.deepEqual(test.rules, [firstMustRule(shrunk)]);
      assert.ok(evaluateFixtureTest(profile, test).ok);
    }
    assert.deepEqual(loaded.tests[0].data, loaded.tests[1].data, "the shrunk case both times");
    assert.deepEqual(
      (loaded.tests[0].data as { input: unknown }).input,
      (shrunk.shrunk!.input as { input: unknown }[])[0].input,
    );
    // What cannot be promoted is refused, and the file is left as it was.
    const before = await Deno.readTextFile(to);
    for (
      const args of [
        [file, passed.id, "--to", to],
        [file, "no-such-case", "--to", to],
        [file, shrunk.id],
        [`${dir}/missing.json`, shrunk.id, "--to", to],
      ]
    ) {
      const r = await run(["promote", ...args]);
      assert.equal(r.code, 2, args.join(" "));
      assert.match(r.err, /^(Promote|Usage) error: /);
    }
    const other = `${dir}/other.yaml`;
    await Deno.writeTextFile(
      other,
      "profile: gns3.tool-response/v1.0\ndescription: d\ntests:\n  - {description: x, data: 1, valid: false, rules: [TR-SCHEMA]}\n",
    );
    const wrong = await run(["promote", file, shrunk.id, "--to", other]);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /holds fixtures of "gns3.tool-response\/v1.0"/);
    assert.equal(await Deno.readTextFile(to), before);
  } finally {
    await Deno.remove(dir, { recursive: true });
    await Deno.remove(file);
  }
});
