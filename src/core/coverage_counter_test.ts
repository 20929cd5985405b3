import assert from "node:assert/strict";
import { CoverageCounter } from "./coverage_counter.ts";
import type { Rule } from "./types.ts";

const rule = (id: string): Rule => ({
  id,
  level: "MUST",
  statement: "s",
  cite: { spec: "x.md", section: "y" },
});

Deno.test("coverage counts classes once per case and ignores undeclared ones", () => {
  const c = new CoverageCounter([{ id: "a", description: "A" }], [rule("R")]);
  c.record({ classes: ["a", "a", "zzz"], checked: ["R"], failing: new Set() });
  assert.deepEqual(c.coverage().classes, [{ id: "a", description: "A", cases: 1 }]);
});

Deno.test("a failing rule counts as applied even when not listed as checked", () => {
  const c = new CoverageCounter([], [rule("R"), rule("S")]);
  c.record({ checked: ["S"], failing: new Set(["R"]) });
  assert.deepEqual(c.coverage().rules, [
    { id: "R", applied: 1, passed: 0, failed: 1 },
    { id: "S", applied: 1, passed: 1, failed: 0 },
  ]);
});

Deno.test("unchecked rules are counted apart, with bounded distinct reasons, and warned once per reason", () => {
  const c = new CoverageCounter([], [rule("R"), rule("S"), rule("T")]);
  for (let i = 0; i < 8; i++) {
    c.record({
      checked: ["R", "S", "T"],
      failing: new Set(),
      unchecked: [
        { ruleId: "R", reason: `file ${i} outside` },
        { ruleId: "S", reason: "other surface" },
        { ruleId: "T", reason: "other surface" },
      ],
    });
  }
  const coverage = c.coverage();
  assert.deepEqual(coverage.rules[0].unchecked?.cases, 8);
  assert.equal(coverage.rules[0].unchecked?.reasons.length, 5);
  assert.equal(coverage.rules[0].applied, 0);
  assert.deepEqual(coverage.warnings.slice(1), [
    'rules "S", "T" could not be checked on any case: other surface',
  ]);
  assert.match(coverage.warnings[0], /^rule "R" could not be checked on any case: file 0 outside/);
});

Deno.test("a rule never applied and a class never hit are warnings", () => {
  const c = new CoverageCounter([{ id: "deep", description: "deep text" }], [rule("R")]);
  c.record({ checked: [], failing: new Set() });
  assert.deepEqual(c.coverage().warnings, [
    'class "deep" was never hit (deep text)',
    'rule "R" never applied to a case',
  ]);
});

Deno.test("CoverageCounter.skip(): a class only skipped is not hit, and its warning says why", () => {
  const counter = new CoverageCounter(
    [{ id: "a", description: "A" }, { id: "b", description: "B" }],
    [],
  );
  counter.skip(["a"], "no encoding");
  counter.skip(["a", "b"], "no encoding");
  counter.record({ classes: ["b"], checked: [], failing: new Set() });
  const coverage = counter.coverage();
  assert.deepEqual(coverage.classes, [
    { id: "a", description: "A", cases: 0, skipped: { cases: 2, reasons: ["no encoding"] } },
    { id: "b", description: "B", cases: 1, skipped: { cases: 1, reasons: ["no encoding"] } },
  ]);
  assert.deepEqual(coverage.warnings, [
    'class "a" was never hit (A): 2 case(s) skipped: no encoding',
  ]);
  const merged = CoverageCounter.merge([coverage, coverage]);
  assert.deepEqual(merged.classes[0].skipped, { cases: 4, reasons: ["no encoding"] });
});
