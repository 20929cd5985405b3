import assert from "node:assert/strict";
import fc from "fast-check";
import { profiles } from "../conformance/profiles.ts";
import type { Profile, Sample } from "../src/core/types.ts";
import { checkMain, splitDocuments } from "./check_command.ts";
import { main } from "./conform.ts";

async function run(args: string[], stdin?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io = {
    out: (t: string) => out.push(t),
    err: (t: string) => err.push(t),
    stdin: stdin === undefined ? undefined : ReadableStream.from([new TextEncoder().encode(stdin)]),
  };
  const code = await checkMain(args, io, profiles);
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** A valid sample whose context the CLI can give (only context options), and a mutant of it. */
function pair(profile: Profile): { valid: Sample<unknown>; broken: Sample<unknown>; rule: string } {
  const names = new Set((profile.contextOptions ?? []).map((o) => o.name));
  const samples = fc.sample(profile.valid(), { seed: 7, numRuns: 200 }).filter((s) =>
    Object.keys(s.context ?? {}).every((k) => names.has(k))
  );
  const levels = new Map(profile.rules.map((r) => [r.id, r.level]));
  for (const sample of samples) {
    for (const mutation of profile.mutations) {
      if (levels.get(mutation.ruleId) !== "MUST") continue;
      const arb = mutation.mutate(structuredClone(sample.value), sample.context);
      if (!arb) continue;
      const [m] = fc.sample(arb, { seed: 7, numRuns: 1 });
      return {
        valid: sample,
        broken: { value: m.value, context: m.context ?? sample.context },
        rule: mutation.ruleId,
      };
    }
  }
  throw new Error(`no sample of "${profile.id}" has a context the CLI can give`);
}

function contextFlags(sample: Sample<unknown>): string[] {
  return Object.entries(sample.context ?? {}).flatMap(([k, v]) => [`--${k}`, String(v)]);
}

for (const profile of profiles) {
  Deno.test(`check: a valid ${profile.id} document is exit 0, a broken one exit 1 with its rule`, async () => {
    const { valid, broken, rule } = pair(profile);
    const dir = await Deno.makeTempDir();
    try {
      await Deno.writeTextFile(`${dir}/valid.json`, JSON.stringify(valid.value));
      await Deno.writeTextFile(`${dir}/broken.json`, JSON.stringify(broken.value));
      const good = await run([
        `${dir}/valid.json`,
        "--profile",
        profile.id,
        ...contextFlags(valid),
      ]);
      assert.equal(good.code, 0, good.out + good.err);
      const bad = await run([
        `${dir}/broken.json`,
        "--profile",
        profile.id,
        ...contextFlags(broken),
        "--format",
        "json",
      ]);
      assert.equal(bad.code, 1, bad.out + bad.err);
      const report = JSON.parse(bad.out);
      const fired = report.suites[0].cases[0].findings.map((f: { ruleId: string }) => f.ruleId);
      assert.ok(fired.includes(rule), `${rule} not in ${fired.join(", ")}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  });
}

Deno.test("check: --tool is validated and required for Netdryrun results, exit 2 naming the valid ones", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/v.json`;
    await Deno.writeTextFile(file, JSON.stringify({ valid: true, lab: "lab.yml", checks: [] }));
    const wrong = await run([file, "--profile", "netdryrun.mcp-result/v1", "--tool", "run-checks"]);
    assert.equal(wrong.code, 2);
    assert.match(
      wrong.err,
      /--tool "run-checks" is not one of "dry_run", "run_checks", "validate"/,
    );
    const missing = await run([file, "--profile", "netdryrun.mcp-result/v1"]);
    assert.equal(missing.code, 2);
    assert.match(missing.err, /needs --tool/);
    const other = await run([file, "--profile", "gns3.tool-response/v1.0", "--tool", "validate"]);
    assert.equal(other.code, 2);
    assert.match(other.err, /--tool does not apply to "gns3.tool-response\/v1.0"/);
    const ok = await run([file, "--profile", "netdryrun.mcp-result/v1", "--tool", "validate"]);
    assert.equal(ok.code, 0, ok.out);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("check: - reads JSON lines from stdin, one case a line", async () => {
  const lines = [
    { success: true, total: 0, successful: 0, failed: 0, data: [] },
    { success: true, total: 1, successful: 0, failed: 0, data: [] },
  ].map((d) => JSON.stringify(d)).join("\n");
  const r = await run(["-", "--profile", "gns3.tool-response/v1.0", "--format", "json"], lines);
  assert.equal(r.code, 1);
  const cases = JSON.parse(r.out).suites[0].cases;
  assert.deepEqual(cases.map((c: { id: string; outcome: string }) => [c.id, c.outcome]), [
    ["stdin#1", "passed"],
    ["stdin#2", "failed"],
  ]);
});

Deno.test("check: YAML streams, unreadable and unparsable files", async () => {
  assert.deepEqual(
    splitDocuments("a: 1\n---\na: 2\n", "x.yaml").map((d) => [d.id, d.value]),
    [["x.yaml#1", { a: 1 }], ["x.yaml#2", { a: 2 }]],
  );
  const missing = await run(["/nonexistent/x.json", "--profile", "gns3.tool-response/v1.0"]);
  assert.equal(missing.code, 2);
  assert.match(missing.err, /Cannot read "\/nonexistent\/x.json"/);
  const bad = await run(["-", "--profile", "gns3.tool-response/v1.0"], "{not json\n");
  assert.equal(bad.code, 2, bad.out);
  const none = await run(["--profile", "gns3.tool-response/v1.0"]);
  assert.equal(none.code, 2);
  assert.match(none.err, /at least one FILE/);
});

Deno.test("check: reached through the CLI's main, with its own --help", async () => {
  const out: string[] = [];
  const code = await main(["check", "--help"], { out: (t) => out.push(t), err: () => {} });
  assert.equal(code, 0);
  assert.match(out.join("\n"), /netdryrun.mcp-result\/v1\n\s+--tool dry_run\|run_checks/);
  assert.match(out.join("\n"), /Evidence files are not read by check/);
});

Deno.test("check: --strict makes a SHOULD finding fail the document", async () => {
  // `error: null` is TR-NULL-OPTIONAL, a SHOULD: a warning, unless --strict.
  const doc = JSON.stringify({
    success: true,
    total: 0,
    successful: 0,
    failed: 0,
    data: [],
    error: null,
  });
  const lenient = await run(["-", "--profile", "gns3.tool-response/v1.0"], doc);
  assert.equal(lenient.code, 0, lenient.out);
  assert.match(lenient.out, /TR-NULL-OPTIONAL/);
  const strict = await run(["-", "--profile", "gns3.tool-response/v1.0", "--strict"], doc);
  assert.equal(strict.code, 1, strict.out);
});
