import assert from "node:assert/strict";
import fc from "fast-check";
import { parse } from "yaml";
import { resolveSeed } from "../../src/core/seed.ts";
import { CAP, codePointLength, flattenLabText, LINE_BREAK } from "./_text.ts";
import {
  baselineModelArbitrary,
  hostileTextArbitrary,
  labRunModelArbitrary,
} from "./arbitraries.ts";
import { buildNetdryrunResult } from "./reference.ts";
import type { NetdryrunRunResult } from "./types.ts";

const seed = resolveSeed();
console.log(`netdryrun reference_test seed: ${seed}`);

Deno.test("flattenLabText: one well-formed line within the cap, idempotent, unchanged when already so", () => {
  fc.assert(
    fc.property(
      hostileTextArbitrary(),
      fc.constantFrom(CAP.check, CAP.long, CAP.evidence),
      (raw, cap) => {
        const out = flattenLabText(raw, cap);
        assert.ok(!LINE_BREAK.test(out));
        assert.ok(out.isWellFormed());
        assert.ok(codePointLength(out) <= cap);
        assert.equal(flattenLabText(out, cap), out);
      },
    ),
    { seed, numRuns: 300 },
  );
  assert.equal(flattenLabText("a\r\n\u2028b", 10), "a b");
  assert.equal(flattenLabText("🚀".repeat(301), 300), "🚀".repeat(299) + "…");
  assert.equal(flattenLabText("🚀".repeat(300), 300), "🚀".repeat(300));
  assert.equal(flattenLabText("x\ud83d", 10), "x\ufffd");
});

Deno.test("the builder derives counts, failures in order and verdicts from the model", () => {
  fc.assert(
    fc.property(labRunModelArbitrary(), (model) => {
      const r = buildNetdryrunResult(model) as NetdryrunRunResult;
      const failedModels = model.checks.filter((c) => !c.passed);
      assert.equal(r.failed, failedModels.length);
      assert.equal(r.passed + r.failed, model.checks.length);
      assert.deepEqual(r.failures.map((f) => f.node), failedModels.map((c) => c.node));
      const verdict = ({
        passed: "CHECKS PASSED",
        inconclusive: "INCONCLUSIVE",
        failed: "DO NOT",
        error: "DO NOT",
      } as Record<string, string>)[model.status] ?? "DO NOT";
      assert.ok(r.verdict.startsWith(verdict), `${model.status}: ${r.verdict}`);
      assert.equal(r.tested.lab_deployed_by_this_run, model.tool === "dry_run");
      // Complete: every file read, at most 200, and netdryrun.yml among them.
      assert.equal(
        r.tested.complete,
        !model.unreadFile && model.files.length <= 200 &&
          model.files.some((f) => f.path === "netdryrun.yml"),
      );
      r.checks.forEach((c, i) =>
        assert.equal("unready" in c, !model.checks[i].passed && model.checks[i].unready)
      );
    }),
    { seed, numRuns: 200 },
  );
});

Deno.test("evidence is the first command with a non-zero rc, else the last; none when no command ran", () => {
  const base = {
    kind: "run" as const,
    tool: "dry_run" as const,
    status: "failed",
    lab: null,
    config: "/l/n.yml",
    files: [],
    unreadFile: false,
    errorText: "",
    inconclusiveText: "",
    evidenceFile: null,
    extra: {},
  };
  const check = {
    name: "c",
    passed: false,
    detail: "d",
    node: "r1",
    container: null,
    cli: null,
    show: "show x",
    unready: false,
    extra: {},
  };
  const r = buildNetdryrunResult({
    ...base,
    checks: [
      {
        ...check,
        commands: [{ cmd: "a", rc: 0, output: "A" }, { cmd: "b", rc: 2, output: "B" }, {
          cmd: "c",
          rc: 3,
          output: "C",
        }],
      },
      {
        ...check,
        commands: [{ cmd: "a", rc: 0, output: "A" }, { cmd: "z", rc: null, output: "Z" }],
      },
      { ...check, commands: [] },
    ],
  }) as NetdryrunRunResult;
  assert.deepEqual(r.failures.map((f) => f.evidence?.cmd ?? null), ["b", "z", null]);
  assert.deepEqual(r.failures.map((f) => f.next_diagnostic), [null, null, null]);
});

Deno.test("a successful record_baseline is YAML of a mapping that keeps the lab text", () => {
  fc.assert(
    fc.property(baselineModelArbitrary().filter((m) => m.ok), (model) => {
      const text = buildNetdryrunResult(model) as string;
      const parsed = parse(text);
      assert.equal(parsed.lab, model.lab);
      assert.deepEqual(Object.keys(parsed.nodes ?? {}).length, Object.keys(model.nodes).length);
    }),
    { seed, numRuns: 100 },
  );
});
