// End to end across languages: the normalizer profile run through the subprocess adapter
// against Python normalizers served by examples/python/netconform_adapter.py.
import assert from "node:assert/strict";
import { subprocessAdapter, type SubprocessAdapterOptions } from "../../src/adapters/subprocess.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { SuiteReport } from "../../src/core/types.ts";
import { normalizerSuite } from "./suite.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const PY = new URL("../../examples/python/", import.meta.url).pathname;
const PYTHON = pythonPath();
const seed = resolveSeed();
console.log(`python_test seed: ${seed}`);

function pythonTarget(
  target: string,
  options: Partial<SubprocessAdapterOptions> & { flags?: string[] } = {},
) {
  const { flags = [], ...rest } = options;
  return subprocessAdapter({
    argv: [
      PYTHON,
      `${PY}netconform_adapter.py`,
      ...flags,
      `${PY}${target}:normalize_tool_response`,
    ],
    profile: normalizerSuite.profile.id,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    // The default: a loaded CI machine can stall a call past a second, and only hangs.py is
    // about timeouts (it sets its own).
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 500,
    ...rest,
  });
}

function failingRules(report: SuiteReport): Set<string> {
  return new Set(
    report.cases.flatMap((c) =>
      c.outcome === "failed"
        ? c.findings.filter((f) => f.level === "MUST").map((f) => f.ruleId)
        : []
    ),
  );
}

function summary(report: SuiteReport): string {
  const bad = report.cases.filter((c) => c.outcome === "failed" || c.outcome === "errored").slice(
    0,
    3,
  );
  return JSON.stringify(
    {
      verdict: report.verdict,
      counts: report.counts,
      startError: report.startError,
      bad: bad.map((c) => ({
        id: c.id,
        message: c.outcome === "errored" ? c.message : undefined,
        findings: findingsOf(c).slice(0, 3),
      })),
    },
    null,
    1,
  ).slice(0, 3000);
}

Deno.test("the kit's Python reference normalizer conforms, through the subprocess adapter", async () => {
  const adapter = pythonTarget("reference_normalizer.py");
  const report = await runSuite(normalizerSuite, adapter, {
    target: "python-reference",
    seed,
    runs: 60,
  });
  assert.equal(report.implementation?.language, "python");
  assert.equal(report.counts.errored, 0, summary(report));
  assert.equal(report.counts.failed, 0, summary(report));
  assert.ok(report.verdict.startsWith("conformant"), summary(report));
  assert.ok(report.counts.passed >= 60, summary(report));
  assert.equal(adapter.stats().spawns, 1);
});

interface BrokenCase {
  file: string;
  flags?: string[];
  options?: Partial<SubprocessAdapterOptions>;
  /** MUST rules that must be among the failing ones. */
  rules?: string[];
  /** SHOULD rules that must warn, with no MUST finding (a warning, never a failure). */
  warns?: string[];
  /** A pattern every errored case's message matches, when cases must be errored. */
  errored?: RegExp;
  /** Extra check. */
  check?: (report: SuiteReport, adapter: ReturnType<typeof pythonTarget>) => void;
}

const BROKEN: BrokenCase[] = [
  {
    file: "broken/raises.py",
    rules: ["NORM-TOTAL"],
    check: (report) => {
      const total = report.cases.flatMap(findingsOf).find((f) => f.ruleId === "NORM-TOTAL");
      assert.match(JSON.stringify(total), /TypeError/);
    },
  },
  {
    file: "broken/unserializable.py",
    // It returns: the finding is about what it returned (a set in metadata), not a raise.
    rules: ["NORM-CONFORMS"],
    check: (report) => {
      const found = report.cases.flatMap(findingsOf).find((f) => f.ruleId === "NORM-CONFORMS");
      assert.match(found!.message, /^normalize returned a value that is not the standard format/);
      assert.match(found!.message, /JSON cannot hold: a set at \/metadata\/devices/);
      assert.doesNotMatch(found!.message, /raised/);
    },
  },
  { file: "broken/drops_items.py", rules: ["NORM-ITEM-COUNT"] },
  { file: "broken/not_idempotent.py", warns: ["NORM-IDEMPOTENT"] },
  {
    file: "broken/hangs.py",
    options: { requestTimeoutMs: 300, maxRestarts: 2 },
    errored: /No response to request \d+ \("normalize"\) within 300 ms|no longer runs it/,
  },
  {
    file: "broken/crashes.py",
    errored: /exited with code 70 while running request|no longer runs it/,
    check: (report) => {
      const first = report.cases.find((c) => c.outcome === "errored");
      assert.match(first?.stderr ?? "", /crashes\.py: giving up on a list/);
    },
  },
  { file: "broken/segfault.py", errored: /killed by signal SIGSEGV|no longer runs it/ },
  {
    file: "broken/garbage.py",
    flags: ["--raw-stdout"],
    errored: /not JSON: "DEBUG normalizing .* \\u001b\[31mred|no longer runs it/,
  },
  {
    file: "broken/partial.py",
    flags: ["--raw-stdout"],
    errored: /not JSON: "\{\\"seq\\": 0, \\"type\\": \\"respo\{/,
  },
  {
    file: "broken/huge.py",
    options: { maxLineBytes: 1024 * 1024 },
    errored: /longer than 1048576 bytes \(max_line_bytes\)/,
  },
];

for (const b of BROKEN) {
  Deno.test(`broken Python normalizer ${b.file}${b.flags ? ` ${b.flags.join(" ")}` : ""}`, async () => {
    const adapter = pythonTarget(b.file, { ...b.options, flags: b.flags });
    const t0 = performance.now();
    const report = await runSuite(normalizerSuite, adapter, {
      target: b.file,
      seed,
      runs: 30,
      caseTimeoutMs: 5_000,
      // Which rules fail is the same shrunk or not; shrinking through a Python subprocess is
      // proven by cli/evidence_integration_test.ts ("a subprocess (Python) target"), and here cost seconds.
      shrink: false,
    });
    const elapsed = performance.now() - t0;
    // A failing implementation never hangs the kit.
    assert.ok(elapsed < 20_000, `took ${elapsed.toFixed(0)} ms`);
    assert.equal(report.startError, undefined, summary(report));
    if (b.rules) {
      assert.equal(report.verdict, "not-conformant", summary(report));
      const failing = failingRules(report);
      for (const rule of b.rules) assert.ok(failing.has(rule), `${rule} not in ${[...failing]}`);
    }
    if (b.warns) {
      assert.equal(report.verdict, "conformant-with-warnings", summary(report));
      const warned = new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)));
      for (const rule of b.warns) assert.ok(warned.has(rule), `${rule} not in ${[...warned]}`);
    }
    if (b.errored) {
      const errored = report.cases.filter((c) => c.outcome === "errored");
      assert.ok(errored.length > 0, summary(report));
      for (const c of errored) {
        assert.match(c.message ?? "", b.errored, `${c.id}: ${c.message?.slice(0, 300)}`);
      }
      assert.notEqual(report.verdict, "conformant");
    }
    b.check?.(report, adapter);
  });
}

Deno.test("garbage printed by a normalizer goes to stderr: protected, the normalizer conforms", async () => {
  const adapter = pythonTarget("broken/garbage.py");
  const report = await runSuite(normalizerSuite, adapter, { target: "garbage", seed, runs: 10 });
  assert.equal(report.counts.errored, 0, summary(report));
  assert.ok(report.verdict.startsWith("conformant"), summary(report));
  assert.match(adapter.stderr(), /DEBUG normalizing .*\\u001b\[31mred/);
});
