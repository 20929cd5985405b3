import assert from "node:assert/strict";
import { pythonEnvForTest } from "../conformance/_python_env.ts";
import { main } from "./conform.ts";

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("conform CLI: the tool-response reference is conformant, exit 0, with the table", async () => {
  // The TypeScript reference: the GNS3 tools against the simulated lab (a telnet login a case)
  // are certified by conformance/gns3_lab/lab_tools_adapter_integration_test.ts.
  const r = await run(["--target", "tool-response-reference", "--runs", "30", "--seed", "3"]);
  assert.equal(r.code, 0, r.out + r.err);
  assert.match(r.out, /rule\s+level\s+cases\s+failures/);
  assert.match(r.out, /TR-TOTAL\s+MUST\s+3\d\s+0/);
  assert.match(r.out, /verdict: CONFORMANT/);
  assert.match(r.err, /seed 3/);
});

Deno.test("conform CLI: a broken producer exits 1 and names the rule, the path and a replay", async () => {
  const r = await run([
    "--target",
    "tool-response-mutant-total-off-by-one",
    "--runs",
    "20",
    "--seed",
    "3",
  ]);
  assert.equal(r.code, 1);
  assert.match(r.out, /TR-TOTAL\s+MUST\s+2\d\s+\d+\s+✗/);
  assert.match(r.out, /- TR-TOTAL \(MUST\) at "\/total": total is \d+, but data has \d+ items/);
  assert.match(
    r.out,
    /replay: deno task conform --target tool-response-mutant-total-off-by-one --profile gns3.tool-response\/v1.0 --seed 3 --case 'generated-\d+~shrunk-[\d:]+'/,
  );
  assert.match(r.out, /verdict: NOT CONFORMANT/);
});

Deno.test("conform CLI: every tool-response mutant is caught by the rules it claims", async () => {
  const { embeddedTargets, targetProfiles } = await import("./registry.ts");
  // The GNS3 tools' mutants (a telnet login a case) have their own test:
  // conformance/gns3_lab/lab_tools_adapter_integration_test.ts.
  const mutants = embeddedTargets.filter((t) =>
    t.mutant && targetProfiles(t).includes("gns3.tool-response/v1.0") && !t.pythonEnv
  );
  assert.ok(mutants.length >= 4);
  for (const m of mutants) {
    const r = await run(["--target", m.name, "--runs", "60", "--seed", "3", "--format", "json"]);
    const report = JSON.parse(r.out);
    const failing = report.suites[0].rules.filter((x: { failures: number }) => x.failures > 0)
      .map((x: { id: string }) => x.id);
    assert.deepEqual(failing, m.mutant!.breaks, m.name);
    const must = m.mutant!.breaks.some((id) =>
      report.suites[0].rules.find((x: { id: string }) => x.id === id)?.level === "MUST"
    );
    assert.equal(r.code, must ? 1 : 0, m.name);
  }
});

Deno.test("conform CLI: SHOULD findings warn (exit 0) and fail with --strict (exit 1)", async () => {
  const args = ["--target", "tool-response-mutant-null-error", "--runs", "40", "--seed", "3"];
  const lax = await run(args);
  assert.equal(lax.code, 0, lax.out);
  assert.match(lax.out, /verdict: CONFORMANT \(with SHOULD warnings\)/);
  const strict = await run([...args, "--strict"]);
  assert.equal(strict.code, 1, strict.out);
  assert.match(strict.out, /- TR-NULL-OPTIONAL \(SHOULD\) at "\/error"/);
  assert.match(strict.out, /verdict: NOT CONFORMANT/);
  const list = await run(["--list"]);
  assert.match(
    list.out,
    /tool-response-mutant-null-error \[mutant, breaks TR-NULL-OPTIONAL; SHOULD only/,
  );
});

Deno.test("conform CLI: a replayed case reproduces the same finding", async () => {
  const first = await run([
    "--target",
    "tool-response-mutant-raises",
    "--runs",
    "40",
    "--seed",
    "9",
    "--format",
    "json",
  ]);
  const report = JSON.parse(first.out);
  const failed = report.suites[0].cases.find((c: { outcome: string }) => c.outcome === "failed");
  assert.ok(failed, "the mutant failed no case");
  // The replay line runs the shrunk case (its id is quoted for the shell).
  const args = failed.replay.split(" ").slice(3).map((a: string) => a.replace(/^'(.*)'$/, "$1"));
  assert.equal(args.at(-1), failed.shrunk.id);
  const again = JSON.parse((await run([...args, "--format", "json"])).out);
  assert.equal(again.suites[0].cases.length, 1);
  // Stack traces depend on scheduling; everything else must match.
  const strip = (c: { findings: { params?: { traceback?: string } }[] }) => {
    for (const f of c.findings) delete f.params?.traceback;
    return c;
  };
  const replayed = again.suites[0].cases[0];
  assert.equal(replayed.id, failed.shrunk.id);
  assert.deepEqual(replayed.input, failed.shrunk.input);
  assert.deepEqual(strip(replayed).findings, strip(failed.shrunk).findings);
  // Replaying the original id reproduces the original case, shrunk the same way.
  const original = JSON.parse(
    (await run([...args.slice(0, -1), failed.id, "--format", "json"])).out,
  );
  const [again2] = original.suites[0].cases;
  assert.deepEqual(again2.input, failed.input);
  assert.deepEqual(strip(again2).findings, strip(failed).findings);
  assert.deepEqual([again2.shrunk.id, again2.shrunk.input], [
    failed.shrunk.id,
    failed.shrunk.input,
  ]);
});

Deno.test("conform CLI: the same seed gives the same report apart from its timestamp", async () => {
  // The default run's references but those in the kit's Python environments (a Python process,
  // a LangGraph agent or a telnet lab a suite, seconds a case) and the LangGraph.js agent (3 ms
  // of CPU a model call, 13 of this test's 24 CPU-seconds): each of those has a test of its own,
  // and the golden reports pin every target's report (the LangGraph.js one's at every run).
  const { embeddedTargets } = await import("./registry.ts");
  const targets = embeddedTargets.filter((t) =>
    !t.mutant && !t.pythonEnv && t.name !== "chat-limits-langgraph-http"
  )
    .flatMap((t) => ["--target", t.name]);
  const args = [...targets, "--runs", "5", "--seed", "11", "--format", "json"];
  const a = JSON.parse((await run(args)).out);
  const b = JSON.parse((await run(args)).out);
  assert.notEqual(a.timestamp, undefined);
  delete a.timestamp;
  delete b.timestamp;
  assert.deepEqual(a, b);
});

Deno.test("conform CLI: usage errors exit 2 with one clear line", async () => {
  for (
    const [args, pattern] of [
      [["--runs", "0"], /--runs "0" is not an integer from 1 to 1000000/],
      [["--seed", "x"], /Seed "x" is not an integer or "random"/],
      [["--format", "html"], /--format "html" is not one of/],
      [["--target", "nope"], /unknown target "nope"/],
      [["--profile", "nope/v0"], /Unknown profile "nope\/v0"/],
      [["--frobnicate"], /Unknown option '--frobnicate'/],
      [["--config", "/nonexistent/conform.yaml"], /Config error: .*cannot read the file/],
    ] as [string[], RegExp][]
  ) {
    const r = await run(args);
    assert.equal(r.code, 2, args.join(" "));
    assert.match(r.err, pattern);
  }
});

Deno.test("conform CLI: writes JSON, JUnit and Markdown reports", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const r = await run([
      "--target",
      "tool-response-reference",
      "--runs",
      "5",
      "--report",
      `${dir}/r.json`,
      "--junit",
      `${dir}/r.xml`,
      "--markdown",
      `${dir}/r.md`,
    ]);
    assert.equal(r.code, 0);
    assert.equal(JSON.parse(await Deno.readTextFile(`${dir}/r.json`)).verdict, "conformant");
    assert.match(
      await Deno.readTextFile(`${dir}/r.xml`),
      /<testsuite name="tool-response-reference/,
    );
    assert.match(await Deno.readTextFile(`${dir}/r.md`), /\| TR-TOTAL \| MUST \| \d+ \| 0 \|/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("conform CLI: examples/conform.yaml certifies Python normalizer, agent and tools and an MCP server end to end", async () => {
  const config = new URL("../examples/conform.yaml", import.meta.url).pathname;
  const expected = [
    ["python-normalizer", "subprocess", "conformant"],
    ["python-chat-agent", "subprocess", "conformant"],
    ["python-chat-agent-http", "http-agent", "conformant"],
    ["netdryrun-mcp-stdio", "mcp-stdio", "conformant"],
    ["netdryrun-mcp-python-stdio", "mcp-stdio", "conformant"],
    ["netdryrun-mcp-python-http", "mcp-http", "conformant"],
    ["python-tools", "subprocess", "conformant"],
  ];
  // The Python MCP server's targets need the kit's Python environment (always there in CI).
  const venv = !pythonEnvForTest("mcp", "examples/conform.yaml's Python MCP targets").ignore;
  const targets = expected.filter(([t]) => venv || !t.startsWith("netdryrun-mcp-python-"));
  const only = venv ? [] : targets.flatMap(([t]) => ["--target", t]);
  const r = await run(["--config", config, "--runs", "10", "--format", "json", ...only]);
  const report = JSON.parse(r.out);
  assert.deepEqual(
    report.suites.map((
      s: { target: string; adapter: string; verdict: string },
    ) => [s.target, s.adapter, s.verdict]),
    targets,
    r.err,
  );
  assert.equal(r.code, 0);
  assert.equal(report.suites[0].implementation.language, "python");
  // Replay lines name the config file, so a failure can be rerun as printed.
  assert.match(
    report.suites[0].cases[0].replay,
    /^deno task conform --config \S+conform\.yaml --target python-normalizer /,
  );
});
