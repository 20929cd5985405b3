// CI test of the real Netdryrun MCP server (netdryrun 0.2.0 from PyPI, in the kit's Python
// environment `mcp`): examples/real/netdryrun.yaml run through the CLI exits as its baseline
// says, its report names the pinned version and every tool the server offers, and the baseline
// bites: without it the same run fails on exactly the recorded deviations.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { pythonEnvForTest } from "../../conformance/_python_env.ts";
import { main } from "../../cli/conform.ts";

const env = pythonEnvForTest("mcp", "the real Netdryrun MCP server tests");
const CONFIG = fileURLToPath(new URL("./netdryrun.yaml", import.meta.url));
const OFFERED = ["dry_run", "run_checks", "record_baseline", "validate", "check_types"];

/** Runs the CLI on a config: its exit code, text output, and the JSON report (--report). */
async function conform(config: string) {
  const out: string[] = [];
  const err: string[] = [];
  const dir = await Deno.makeTempDir({ prefix: "netconform-real-" });
  try {
    const report = join(dir, "report.json");
    const code = await main(["--config", config, "--quiet", "--report", report], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    const json = JSON.parse(await Deno.readTextFile(report));
    return { code, out: out.join("\n"), err: err.join("\n"), json };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test({
  name: "real netdryrun 0.2.0: exits 0 on its baseline, names its version and every tool",
  ignore: env.ignore,
  async fn() {
    const text = await conform(CONFIG);
    assert.equal(text.code, 0, text.out + text.err);
    assert.match(text.out, /implementation: netdryrun 0\.2\.0 \[version from config/);
    assert.match(text.out, new RegExp(`tools offered \\(5\\): ${OFFERED.join(", ")}\\n`));
    assert.match(text.out, /Baseline: 6 expected failure\(s\)/);

    const suite = text.json.suites[0];
    assert.equal(suite.implementation.name, "netdryrun");
    assert.equal(suite.implementation.version, "0.2.0");
    assert.deepEqual(suite.implementation.tools, OFFERED);
    // Every offered tool was called by some case (tools-list and the transport cases aside).
    const called = new Set(
      suite.cases.map((c: { id: string }) => c.id.split("/")[0]).filter((t: string) =>
        t !== "tools-list" && t !== "transport"
      ),
    );
    assert.deepEqual([...called].sort(), [...OFFERED].sort());
  },
});

Deno.test({
  name: "real netdryrun 0.2.0: without its baseline the run fails on the recorded deviations",
  ignore: env.ignore,
  async fn() {
    const text = await Deno.readTextFile(CONFIG);
    const cut = text.slice(0, text.indexOf("    expected_failures:"));
    assert.notEqual(cut, text);
    // Beside the original, so that its relative paths resolve the same.
    const bare = join(dirname(CONFIG), `.bare-${crypto.randomUUID()}.yaml`);
    await Deno.writeTextFile(bare, cut);
    try {
      const run = await conform(bare);
      assert.equal(run.code, 1);
      const failed = run.json.suites[0].cases
        .filter((c: { outcome: string }) => c.outcome === "failed")
        .map((c: { id: string }) => c.id).sort();
      assert.deepEqual(failed, [
        "dry_run/lab-error",
        "dry_run/outside-root",
        "record_baseline/readable",
        "record_baseline/unreadable",
        "run_checks/lab-error",
        "run_checks/outside-root",
      ]);
    } finally {
      await Deno.remove(bare);
    }
  },
});
