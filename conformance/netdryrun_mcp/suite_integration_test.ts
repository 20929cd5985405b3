import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { InMemoryTransport, ListToolsRequestSchema, Server } from "../../src/adapters/_mcp_sdk.ts";
import { mcpClientAdapter } from "../../src/adapters/mcp_client.ts";
import { mcpHttpAdapter } from "../../src/adapters/mcp_http.ts";
import { mcpStdioAdapter } from "../../src/adapters/mcp_stdio.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { SuiteReport } from "../../src/core/types.ts";
import { MUTANTS } from "./reference_server/mutants.ts";
import { netdryrunMcpSuite } from "./suite.ts";
import { REFERENCE_OPTIONS, referenceStdioAdapter } from "./reference_adapter.ts";
import { netdryrunMcpTargets } from "./targets.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";
import { listeningUrl } from "./testdata/listening_url.ts";

const seed = resolveSeed();
const MAIN = fileURLToPath(new URL("./reference_server/main.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));

function summary(report: SuiteReport) {
  return report.cases.filter((c) => c.outcome !== "passed").map((c) =>
    `${c.id}: ${c.outcome} ${
      c.outcome === "skipped" ? c.reason : c.outcome === "errored" ? c.message : ""
    } ${JSON.stringify(findingsOf(c).map((f) => [f.ruleId, f.instancePath, f.message]))}`
  );
}

/** The rules only a Streamable HTTP target can check (over stdio: unchecked, with the reason). */
const HTTP_RULES = ["NDM-HTTP-ORIGIN", "NDM-VERSION"];

function assertCertified(report: SuiteReport, http: boolean) {
  assert.deepEqual(summary(report), []);
  assert.equal(report.verdict, "conformant");
  assert.equal(report.counts.passed, 23);
  // Every rule was exercised by at least one case (over stdio: all but the HTTP ones).
  assert.deepEqual(
    report.rules.filter((r) => r.cases === 0).map((r) => r.id),
    http ? [] : HTTP_RULES,
  );
}

Deno.test(`the reference server over stdio is certified, lab scenarios included (seed ${seed})`, async () => {
  const report = await runSuite(netdryrunMcpSuite, referenceStdioAdapter(), {
    target: "reference-stdio",
    seed,
    options: REFERENCE_OPTIONS,
  });
  assertCertified(report, false);
  assert.equal(report.adapter, "mcp-stdio");
  assert.equal(report.implementation?.name, "netdryrun-reference");
});

Deno.test("the reference server over Streamable HTTP (main.ts --http 0, with a root) is certified", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "netconform-mcp-http-test-" });
  const root = join(workspace, "root");
  await Deno.mkdir(root);
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--config",
      CONFIG,
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-net=127.0.0.1",
      MAIN,
      "--http",
      "0",
    ],
    env: { NETDRYRUN_MCP_ROOT: root },
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  try {
    const url = await listeningUrl(child);
    const report = await runSuite(netdryrunMcpSuite, mcpHttpAdapter(url, { workspace, root }), {
      target: "reference-http",
      seed,
      options: REFERENCE_OPTIONS,
    });
    assertCertified(report, true);
    assert.equal(report.adapter, "mcp-http");
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await Deno.remove(workspace, { recursive: true });
  }
});

Deno.test("without lab, root or the target's scenarios, cases are skipped with their reason, never failed", async () => {
  const empty = await Deno.makeTempDir();
  try {
    const report = await runSuite(
      netdryrunMcpSuite,
      referenceStdioAdapter({ rootEnv: undefined }),
      {
        target: "reference-no-lab",
        seed,
        options: { scenarios: empty },
      },
    );
    assert.equal(report.counts.failed, 0);
    assert.equal(report.counts.errored, 0);
    const reasons = Object.fromEntries(
      report.cases.filter((c) => c.outcome === "skipped").map((c) => [c.id, c.reason]),
    );
    assert.match(reasons["dry_run/lab-failed"]!, /no lab/);
    assert.match(reasons["validate/valid"]!, /supplied no "valid" scenario/);
    assert.match(reasons["run_checks/invalid"]!, /supplied no "invalid" scenario/);
    // The cases that need no files still run: missing config, check_types, missing topology.
    for (
      const id of [
        "tools-list",
        "dry_run/missing",
        "run_checks/missing",
        "check_types",
        "record_baseline/unreadable",
      ]
    ) {
      assert.equal(report.cases.find((c) => c.id === id)?.outcome, "passed", id);
    }
    // Most cases could not run, so the suite showed too little to be conformant.
    assert.ok(report.counts.skipped > report.cases.length / 2);
    assert.equal(report.verdict, "incomplete");
  } finally {
    await Deno.remove(empty, { recursive: true });
  }
});

Deno.test("stdout noise before a JSON-RPC error answer is reported (NDM-STDOUT-MCP-ONLY), not lost", async () => {
  const noisy = fileURLToPath(
    new URL("../../src/adapters/testdata/noisy_mcp_server.py", import.meta.url),
  );
  const report = await runSuite(
    netdryrunMcpSuite,
    mcpStdioAdapter([pythonPath(), noisy, "noisy-error"]),
    { target: "noisy-error", seed, options: REFERENCE_OPTIONS },
  );
  const list = report.cases.find((c) => c.id === "tools-list")!;
  assert.equal(list.outcome, "failed");
  assert.deepEqual(findingsOf(list).map((f) => [f.ruleId, f.instancePath]), [
    ["NDM-STDOUT-MCP-ONLY", "/protocol_violations/0"],
    ["NDM-STDOUT-MCP-ONLY", "/protocol_violations/1"],
    ["NDM-TOOLS-OFFERED", "/raised"],
  ]);
  assert.match(findingsOf(list)[1].message, /debug: failing tools\/list/);
});

Deno.test("a server that is not a Netdryrun server gets one clear finding, its tool cases skipped", async () => {
  const adapter = mcpClientAdapter(async () => {
    const [client, server] = InMemoryTransport.createLinkedPair();
    const weather = new Server({ name: "weather", version: "1" }, { capabilities: { tools: {} } });
    weather.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: [{ name: "get_weather", inputSchema: { type: "object" as const } }],
    }));
    await weather.connect(server);
    return { transport: client };
  }, { workspace: async () => ({ path: await Deno.makeTempDir(), root: null }) });
  const report = await runSuite(netdryrunMcpSuite, adapter, { target: "weather", seed });
  const failed = report.cases.filter((c) => c.outcome === "failed");
  assert.deepEqual(failed.map((c) => c.id), ["tools-list"]);
  assert.equal(failed[0].findings.length, 1);
  assert.match(failed[0].findings[0].message, /not a Netdryrun MCP server.*"get_weather"/);
  assert.ok(
    report.cases.filter((c) => c.outcome === "skipped").every((c) =>
      /does not offer|no lab|no root/.test(c.reason!)
    ),
  );
  assert.equal(report.verdict, "not-conformant");
});

// The Python reference server's mutants are tested in python_reference_integration_test.ts.
for (const target of netdryrunMcpTargets.filter((t) => t.mutant && !t.pythonEnv)) {
  const name = target.name.replace("netdryrun-mcp-mutant-", "");
  const { breaks, errored } = MUTANTS[name];
  const expected = errored ? "errored" : breaks.join(", ");
  Deno.test(`mutant ${name} is reported as ${expected}, in bounded time`, async () => {
    const started = performance.now();
    const report = await runSuite(netdryrunMcpSuite, target.create(netdryrunMcpSuite.profile.id), {
      target: target.name,
      seed,
      options: target.suites[0].options,
      // A hang is cut at 8 s; a crash's restarts are slow on a loaded machine, and a case
      // waiting on one past its timeout would be errored as the harness's fault.
      caseTimeoutMs: name === "hang-tool" ? 8_000 : 30_000,
    });
    const elapsed = performance.now() - started;
    assert.ok(elapsed < 60_000, `took ${Math.round(elapsed)} ms`);
    if (errored) {
      // The server's own fault (it crashed, it hung): not conformant, out of the rule counts.
      assert.equal(report.verdict, "not-conformant", summary(report).join("\n"));
      assert.ok(report.counts.errored > 0);
      assert.equal(report.counts.failed, 0, summary(report).join("\n"));
      for (const c of report.cases) {
        if (c.outcome !== "errored") continue;
        assert.equal(c.fault?.kind, name === "hang-tool" ? "hung" : "crashed", c.id);
      }
    } else {
      // A mutant that breaks only SHOULD rules warns: it is caught, and still conformant.
      const must = breaks.some((id) => report.rules.find((r) => r.id === id)?.level === "MUST");
      assert.equal(report.verdict, must ? "not-conformant" : "conformant-with-warnings");
      assert.equal(report.counts.errored, 0, summary(report).join("\n"));
      const fired = [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))]
        .sort();
      assert.deepEqual(fired, [...breaks].sort(), summary(report).join("\n"));
    }
  });
}
