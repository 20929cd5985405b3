// Real Python objects as the normalizer's input (the pyobj-* classes): the TypeScript
// reference models the Python reference, an implementation that cannot take them gets the
// cases skipped with the reason in the coverage map, and a Python mutant that crashes on them
// is caught by NORM-TOTAL.
import assert from "node:assert/strict";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";
import { normalizerClasses } from "./classes.ts";
import { normalizeToolResponse } from "./reference.ts";
import { normalizerSuite } from "./suite.ts";
import type { PyValue } from "../../src/pyliteral/py_value.ts";

const PY = new URL("../../examples/python/", import.meta.url).pathname;
const PY_CLASSES = normalizerClasses.filter((c) => c.id.startsWith("pyobj-"));

function pythonNormalizer(file: string, flags: string[] = []) {
  return subprocessAdapter({
    argv: [
      pythonPath(),
      `${PY}netconform_adapter.py`,
      ...flags,
      `${PY}${file}:normalize_tool_response`,
    ],
    profile: normalizerSuite.profile.id,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 1_000,
  });
}

Deno.test("the TypeScript reference reads real Python objects as the Python reference does", async () => {
  assert.equal(PY_CLASSES.length, 8);
  const adapter = pythonNormalizer("reference_normalizer.py");
  try {
    for (const k of PY_CLASSES) {
      for (const n of [0, 1, 2, 3]) {
        const raw = k.make(n);
        const reply = await adapter.run({
          operation: "normalize",
          input: { raw, tool_name: "execute_multiple_device_commands" },
        });
        assert.equal(reply.kind, "result", `${k.id}#${n}: ${JSON.stringify(reply)}`);
        assert.deepEqual(
          normalizeToolResponse(raw, "execute_multiple_device_commands"),
          (reply as { value: unknown }).value,
          `${k.id}#${n}`,
        );
      }
    }
  } finally {
    await adapter.close();
  }
});

Deno.test("an implementation without the encoding: Python-object cases skipped, classes not hit, with why", async () => {
  const report = await runSuite(
    normalizerSuite,
    pythonNormalizer("reference_normalizer.py", ["--no-python-values"]),
    { target: "no-python-values", seed: 1, runs: 0, options: { nasty: false } },
  );
  const skipped = report.cases.filter((c) => c.outcome === "skipped");
  // The class cases, and the golden fixture whose input is a real tuple.
  assert.deepEqual(
    skipped.map((c) => c.id).sort(),
    [...PY_CLASSES.map((k) => `class:${k.id}`), "fixture:python_types.yaml#0"].sort(),
  );
  for (const c of skipped) {
    assert.match(
      (c as { reason: string }).reason,
      /did not announce the input encoding "netconform\.pyvalue\/v1"/,
    );
  }
  assert.equal(report.counts.failed, 0);
  assert.equal(report.counts.errored, 0);
  const coverage = report.coverage!;
  for (const k of PY_CLASSES) {
    const c = coverage.classes.find((x) => x.id === k.id)!;
    assert.equal(c.cases, 0, k.id);
    assert.equal(c.skipped?.cases, 1, k.id);
    assert.match(c.skipped!.reasons[0], /netconform\.pyvalue\/v1/);
    assert.ok(
      coverage.warnings.some((w) =>
        w.startsWith(`class "${k.id}" was never hit`) &&
        /1 case\(s\) skipped: this case passes a real Python object/.test(w)
      ),
      k.id,
    );
  }
  // Classes of JSON inputs are hit as before.
  assert.ok(coverage.classes.find((x) => x.id === "type-tuple")!.cases > 0);
});

Deno.test("a Python normalizer that crashes on real Python objects of types the standard does not name is warned (NORM-TOTAL-OTHER, SHOULD), not failed", async () => {
  const report = await runSuite(normalizerSuite, pythonNormalizer("broken/python_objects.py"), {
    target: "python-objects",
    seed: 1,
    runs: 0,
    options: { nasty: false },
  });
  // The standard names list, dict, string and mixed formats only: a tuple, a huge int and a
  // non-string key are the kit's reading, so raising on them is a warning.
  assert.deepEqual(report.cases.filter((c) => c.outcome === "failed").map((c) => c.id), []);
  assert.equal(report.verdict, "conformant-with-warnings");
  const warned = report.cases.filter((c) => findingsOf(c).length > 0);
  assert.deepEqual(warned.map((c) => c.id).sort(), [
    "class:pyobj-dict-nonstring-keys",
    "class:pyobj-int-huge",
    "class:pyobj-tuple",
    "fixture:python_types.yaml#0",
  ]);
  const messages = warned.flatMap(findingsOf).map((f) => `${f.ruleId} ${f.level} ${f.message}`);
  assert.ok(
    messages.some((m) => /^NORM-TOTAL-OTHER SHOULD .*AttributeError: 'tuple'/.test(m)),
    messages.join("\n"),
  );
  assert.ok(
    messages.some((m) => /^NORM-TOTAL-OTHER SHOULD .*ValueError: Exceeds the limit/.test(m)),
    messages.join("\n"),
  );
  assert.ok(
    messages.some((m) => /^NORM-TOTAL-OTHER SHOULD .*TypeError: sequence item/.test(m)),
    messages.join("\n"),
  );
});

Deno.test("the TypeScript reference's model agrees with the Python reference on random Python values", async () => {
  const { default: fc } = await import("fast-check");
  const { pyValueArbitrary } = await import("../../src/pyliteral/py_value_arbitrary.ts");
  const { PythonArgument } = await import("../../src/pyliteral/python_argument.ts");
  const { resolveSeed } = await import("../../src/core/seed.ts");
  const seed = resolveSeed();
  // Legacy-looking dicts and lists around random values, and random values alone.
  const value = pyValueArbitrary({ maxDepth: 3, maxItems: 4 });
  const str = (text: string): PyValue => ({ type: "str", value: text });
  const legacy = fc.tuple(value, value, fc.constantFrom("success", "failed", " ERROR ")).map((
    [a, b, status],
  ): PyValue => ({
    type: "list",
    items: [{
      type: "dict",
      entries: [
        [str("device_name"), a],
        [str("status"), str(status)],
        [str("output"), b],
        [str("error"), a],
      ],
    }, b],
  }));
  const samples = fc.sample(fc.oneof(value, legacy), { seed, numRuns: 150 });
  const adapter = pythonNormalizer("reference_normalizer.py");
  try {
    for (const [i, v] of samples.entries()) {
      const raw = new PythonArgument(v);
      const reply = await adapter.run({ operation: "normalize", input: { raw, tool_name: "t" } });
      assert.equal(reply.kind, "result", `sample ${i} ${raw}: ${JSON.stringify(reply)}`);
      assert.deepEqual(
        normalizeToolResponse(raw, "t"),
        (reply as { value: unknown }).value,
        `seed ${seed}, sample ${i}: ${raw}`,
      );
    }
  } finally {
    await adapter.close();
  }
});

Deno.test("a case file gives a real Python object as python: or raw {$python}; a bad literal is refused", async () => {
  const { withUserCases } = await import("../../src/core/with_user_cases.ts");
  const { inProcessAdapter } = await import("../../src/adapters/in_process.ts");
  const { PythonArgument } = await import("../../src/pyliteral/python_argument.ts");
  const seen: string[] = [];
  // In process: a normalizer that raises on a real tuple, as a JSON-minded one would.
  const adapter = () =>
    inProcessAdapter((r) => {
      const { raw, tool_name } = r.input as { raw: unknown; tool_name: string };
      if (raw instanceof PythonArgument) seen.push(String(raw));
      if (raw instanceof PythonArgument && raw.value.type === "tuple") {
        throw new TypeError("'tuple' object has no attribute 'get'");
      }
      return normalizeToolResponse(raw, tool_name);
    });
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/mine.yaml`,
      `profile: gns3.normalizer/v1.0
description: real Python objects
tests:
  - description: a tuple, as python
    valid: true
    rules: [NORM-TOTAL-OTHER]
    data: {input: {python: "({'device_name': 'R1'},)", tool_name: t}}
  - description: a set, as a report shows it
    valid: true
    data: {input: {raw: {$python: "{'R1', 2}"}, tool_name: t}}
`,
    );
    const report = await runSuite(withUserCases(normalizerSuite, ["mine.yaml"]), adapter(), {
      target: "t",
      seed: 1,
      runs: 0,
      options: { nasty: false },
      baseDir: dir,
    });
    const user = report.cases.filter((c) => c.id.startsWith("user:"));
    // The first records a known crash (its SHOULD rule fires as expected), the second holds.
    assert.deepEqual(user.map((c) => [c.id, c.outcome]), [
      ["user:mine.yaml#0", "passed"],
      ["user:mine.yaml#1", "passed"],
    ], JSON.stringify(user));
    assert.deepEqual(findingsOf(user[0]).map((f) => f.ruleId), ["NORM-TOTAL-OTHER"]);
    assert.ok(seen.includes("({'device_name': 'R1'},)"), seen.join("\n"));
    assert.ok(seen.includes("{'R1', 2}"), seen.join("\n"));

    await Deno.writeTextFile(
      `${dir}/bad.yaml`,
      `profile: gns3.normalizer/v1.0
description: bad
tests:
  - description: a frozenset as a report prints it
    valid: true
    data: {input: {python: "frozenset({'R1'})", tool_name: t}}
`,
    );
    const bad = await runSuite(withUserCases(normalizerSuite, ["bad.yaml"]), adapter(), {
      target: "t",
      seed: 1,
      runs: 0,
      baseDir: dir,
    });
    assert.equal(bad.verdict, "incomplete");
    assert.match(bad.startError ?? "", /is not a Python literal the kit reads/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("promote: a failed case with a real Python object becomes a fixture test that holds", async () => {
  const { main } = await import("../../cli/conform.ts");
  const { evaluateFixtureTest, parseFixtureFile } = await import("../../src/core/fixtures.ts");
  const { normalizerProfile } = await import("./profile.ts");
  const run = async (args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  };
  const dir = await Deno.makeTempDir();
  try {
    const report = `${dir}/report.json`;
    const r = await run([
      "--target",
      "normalizer-python-mutant-python-objects",
      "--runs",
      "1",
      "--case",
      "class:pyobj-tuple",
      "--strict",
      "--report",
      report,
    ]);
    assert.equal(r.code, 1, r.err);
    const to = `${dir}/regressions.yaml`;
    const promoted = await run(["promote", report, "class:pyobj-tuple", "--to", to]);
    assert.equal(promoted.code, 0, promoted.err);
    const text = await Deno.readTextFile(to);
    assert.match(text, /\$python: "\(\{'device_name': 'R1'/);
    const loaded = parseFixtureFile(text, to);
    assert.equal(loaded.tests.length, 1);
    assert.deepEqual(loaded.tests[0].rules, ["NORM-TOTAL-OTHER"]);
    assert.ok(evaluateFixtureTest(normalizerProfile, loaded.tests[0]).ok);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
