/**
 * The Python reference Netdryrun MCP server (official `mcp` SDK, `.venv/mcp/`): certified over
 * stdio and Streamable HTTP by the same suite as the TypeScript one, and each of its mutants
 * caught by the rules its TypeScript namesake breaks. Skipped, with a message, when the kit's
 * Python environment `mcp` is absent (never in CI).
 */
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { SuiteReport } from "../../src/core/types.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";
import { pythonEnvForTest } from "../_python_env.ts";
import { MUTANTS } from "./reference_server/mutants.ts";
import { netdryrunMcpSuite } from "./suite.ts";
import { netdryrunMcpTargets } from "./targets.ts";

const seed = resolveSeed();
const { ignore } = pythonEnvForTest("mcp", "the Python reference MCP server's tests");
const python = netdryrunMcpTargets.filter((t) => t.pythonEnv === "mcp");

function problems(report: SuiteReport): string[] {
  return report.cases.filter((c) => c.outcome !== "passed").map((c) =>
    `${c.id}: ${c.outcome} ${
      c.outcome === "skipped" ? c.reason : c.outcome === "errored" ? c.message : ""
    } ${JSON.stringify(findingsOf(c).map((f) => [f.ruleId, f.instancePath, f.message]))}`
  );
}

async function run(name: string): Promise<SuiteReport> {
  const target = python.find((t) => t.name === name)!;
  return await runSuite(netdryrunMcpSuite, target.create(netdryrunMcpSuite.profile.id), {
    target: target.name,
    seed,
    options: target.suites[0].options,
    caseTimeoutMs: 10_000,
  });
}

Deno.test({
  name: "the Python reference server is certified over stdio and Streamable HTTP",
  ignore,
  async fn() {
    // Both servers at once: each is started once for its whole run.
    const reports = await Promise.all(
      ["netdryrun-mcp-python-stdio", "netdryrun-mcp-python-http"].map(run),
    );
    for (const report of reports) {
      const http = report.adapter === "mcp-http";
      assert.deepEqual(problems(report), [], report.target);
      assert.equal(report.verdict, "conformant");
      assert.equal(report.counts.passed, 23);
      // Over stdio the HTTP probes (Origin, version negotiation) cannot check their rules.
      assert.equal(report.implementation?.name, "netdryrun-reference-python");
      assert.deepEqual(
        report.rules.filter((r) => r.cases === 0).map((r) => r.id),
        http ? [] : ["NDM-HTTP-ORIGIN", "NDM-VERSION"],
      );
    }
    assert.deepEqual(reports.map((r) => r.adapter), ["mcp-stdio", "mcp-http"]);
  },
});

Deno.test({
  name: "the Python server's mutants are caught by the rules of the TypeScript mutants they copy",
  ignore,
  async fn() {
    const mutants = python.filter((t) => t.mutant);
    assert.ok(mutants.length >= 6, `${mutants.length} mutants`);
    const reports = await Promise.all(mutants.map((t) => run(t.name)));
    for (const [i, report] of reports.entries()) {
      const { name, mutant } = mutants[i];
      const copied = name.replace("netdryrun-mcp-python-mutant-", "");
      if (Object.hasOwn(MUTANTS, copied)) assert.deepEqual(mutant!.breaks, MUTANTS[copied].breaks);
      assert.equal(report.counts.errored, 0, problems(report).join("\n"));
      const fired = [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))];
      assert.deepEqual(fired.sort(), [...mutant!.breaks].sort(), `${name}: ${problems(report)}`);
      const must = mutant!.breaks.some((id) =>
        report.rules.find((r) => r.id === id)?.level === "MUST"
      );
      assert.equal(report.verdict, must ? "not-conformant" : "conformant-with-warnings", name);
    }
  },
});
