// The precision test of the normalizer profile: a spec-minimal Python normalizer
// (examples/python/minimal_normalizer.py) that chooses differently from the kit's references on
// every point the standard leaves open must be certified conformant. A MUST finding against it
// would be a rule the standard does not state.
import assert from "node:assert/strict";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { main } from "../../cli/conform.ts";
import { normalizerSuite } from "./suite.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const PY = new URL("../../examples/python/", import.meta.url).pathname;
const seed = resolveSeed();
console.log(`minimal_test seed: ${seed}`);

function minimal() {
  return subprocessAdapter({
    argv: [
      pythonPath(),
      `${PY}netconform_adapter.py`,
      `${PY}minimal_normalizer.py:normalize_tool_response`,
    ],
    profile: normalizerSuite.profile.id,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 500,
  });
}

Deno.test("the spec-minimal Python normalizer is conformant: no MUST finding, SHOULD warnings", async () => {
  const report = await runSuite(normalizerSuite, minimal(), {
    target: "minimal-normalizer",
    seed,
    runs: 200,
    caseTimeoutMs: 10_000,
  });
  const bad = report.cases.filter((c) => c.outcome === "failed" || c.outcome === "errored");
  assert.deepEqual(
    bad.slice(0, 3).map((c) => ({
      id: c.id,
      message: c.outcome === "errored" ? c.message : "",
      findings: findingsOf(c).filter((f) => f.level === "MUST").slice(0, 3),
    })),
    [],
  );
  assert.equal(report.verdict, "conformant-with-warnings");
  // It does differ from the references where the standard is silent: the warnings show it.
  const warned = new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)));
  for (
    const id of [
      "NORM-NAME-OTHER",
      "NORM-RESULT-OTHER",
      "NORM-STATUS-OTHER",
      "NORM-GLOBAL-ERROR",
      "NORM-PLAIN-TEXT",
      "NORM-ITEM-COUNT-OTHER",
    ]
  ) {
    assert.ok(warned.has(id), `no ${id} warning: the minimal normalizer agrees with the kit there`);
  }
  // And with --strict its SHOULD warnings fail it, as they should.
  const strict = await runSuite(normalizerSuite, minimal(), {
    target: "minimal-normalizer",
    seed,
    runs: 20,
    strict: true,
  });
  assert.equal(strict.verdict, "not-conformant");
});

Deno.test("the CLI certifies the spec-minimal normalizer from a config file: exit 0", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const config = `${dir}/conform.yaml`;
    await Deno.writeTextFile(
      config,
      JSON.stringify({
        version: 1,
        targets: [{
          name: "minimal-normalizer",
          profiles: ["gns3.normalizer/v1.0"],
          adapter: {
            kind: "subprocess",
            argv: [
              pythonPath(),
              `${PY}netconform_adapter.py`,
              `${PY}minimal_normalizer.py:normalize_tool_response`,
            ],
          },
        }],
      }),
    );
    const out: string[] = [];
    const code = await main(["--config", config, "--runs", "50", "--seed", String(seed)], {
      out: (t) => out.push(t),
      err: () => {},
    });
    assert.equal(code, 0, out.join("\n").slice(-3000));
    assert.match(out.join("\n"), /verdict: CONFORMANT \(with SHOULD warnings\)/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
