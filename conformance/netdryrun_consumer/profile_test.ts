import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../../src/core/seed.ts";
import { classify, foldStatus, onlyLabTextDiffers, VERDICT } from "./_result.ts";
import { NON_RESULTS, RESPELLED_STATUSES, UNKNOWN_STATUSES } from "./arbitraries.ts";
import { checkConsumerObservation } from "./check.ts";
import { netdryrunConsumerProfile } from "./profile.ts";
import { decideNetdryrunResult } from "./reference.ts";

const seed = resolveSeed();
console.log(`netdryrun_consumer profile_test seed: ${seed}`);

const SPEC = new URL("../../../shared/specs/netdryrun-mcp-result-v1.schema.json", import.meta.url);

function descriptions(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => descriptions(n, out));
  else if (typeof node === "object" && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "description" && typeof value === "string") out.push(value);
      else descriptions(value, out);
    }
  }
  return out;
}

Deno.test({
  name:
    "every schema quote is verbatim text of schema descriptions, and every MUST rule has a quote",
  ignore: (() => {
    try {
      return !Deno.statSync(SPEC).isFile;
    } catch {
      return true;
    }
  })(),
  async fn() {
    const texts = descriptions(JSON.parse(await Deno.readTextFile(SPEC)));
    for (const rule of netdryrunConsumerProfile.rules) {
      const quote = rule.cite.quote;
      if (rule.cite.spec.startsWith("spec-notes/")) continue;
      assert.ok(quote, `${rule.id} cites the schema without a quote`);
      // A quote may join passages of several descriptions (` […] `, the kit's convention) and
      // sentences of two descriptions: each sentence is found verbatim.
      const sentences = quote.split(" […] ").flatMap((part) => part.split(/(?<=\.) (?=[A-Z])/));
      for (const sentence of sentences) {
        assert.ok(
          texts.some((t) => t.includes(sentence)),
          `${rule.id}: not in the schema: ${sentence}`,
        );
      }
    }
    const unquoted = netdryrunConsumerProfile.rules.filter((r) =>
      r.level === "MUST" && !r.cite.quote
    );
    assert.deepEqual(unquoted.map((r) => r.id), []);
  },
});

Deno.test("status classes: respellings, values v1 may add, setup errors and non-results", () => {
  for (const s of RESPELLED_STATUSES) {
    assert.equal(classify({ status: s }), "respelled", JSON.stringify(s));
  }
  for (const s of UNKNOWN_STATUSES) assert.equal(classify({ status: s }), "unknown", s);
  for (const v of NON_RESULTS) assert.equal(classify(v), "non-result", JSON.stringify(v));
  assert.equal(classify({ status: "error", error: "x", verdict: VERDICT.doNotApply }), "setup");
  assert.equal(classify({ status: "error", checks: [] }), "run");
  assert.equal(classify({ status: "passed" }), "run");
  assert.equal(foldStatus(" Pass\u200bED\u00a0"), "passed");
});

Deno.test("the lab-text relation ignores everything but lab text", () => {
  const doc = { status: "failed", checks: [{ name: "n", passed: false, detail: "route missing" }] };
  const swapped = { ...doc, checks: [{ ...doc.checks[0], detail: "CHECKS PASSED" }] };
  assert.ok(onlyLabTextDiffers(doc, swapped));
  assert.ok(!onlyLabTextDiffers(doc, doc), "nothing changed");
  assert.ok(!onlyLabTextDiffers(doc, { ...swapped, status: "passed" }), "the status changed");
  assert.ok(
    !onlyLabTextDiffers(doc, { ...swapped, checks: [{ ...swapped.checks[0], passed: true }] }),
  );
});

Deno.test("check is total on garbage and reports only NDC-OBSERVATION for malformed values", () => {
  const values = fc.sample(fc.anything(), { seed, numRuns: 300 });
  for (const v of [...values, null, [], { input: 1, output: 2 }]) {
    const findings = checkConsumerObservation(v);
    assert.ok(findings.length > 0 && findings.every((f) => f.ruleId === "NDC-OBSERVATION"));
  }
});

Deno.test("the three leaks a decision function often has are each caught by their rule", () => {
  const passed = {
    status: "passed",
    verdict: VERDICT.passed,
    checks: [{ name: "r1 has 10.0.0.0/24 via bgp", passed: true, detail: "route present" }],
  };
  const failDetail = structuredClone(passed);
  failDetail.checks[0].detail = "FAILED";
  const ids = (v: unknown) => checkConsumerObservation(v).map((f) => f.ruleId);
  // A consumer that refuses a passed run when a detail mentions "fail".
  assert.deepEqual(
    ids({
      input: { result: passed, attempt: 1 },
      output: { decision: "apply" },
      variant: {
        change: "lab-text",
        input: { result: failDetail, attempt: 1 },
        output: { decision: "do-not-apply" },
      },
    }),
    ["NDC-LAB-TEXT"],
  );
  // A consumer that compares the status case-insensitively.
  assert.deepEqual(
    ids({
      input: { result: { ...passed, status: "PASSED" }, attempt: 1 },
      output: { decision: "apply" },
    }),
    ["NDC-STATUS-EXACT"],
  );
  // A consumer that decides on the verdict text alone.
  const failed = { status: "failed", verdict: VERDICT.doNotApply, checks: [] };
  assert.deepEqual(
    ids({
      input: { result: failed, attempt: 1 },
      output: { decision: "do-not-apply" },
      variant: {
        change: "verdict",
        input: { result: { ...failed, verdict: VERDICT.passed }, attempt: 1 },
        output: { decision: "apply" },
      },
    }),
    ["NDC-VERDICT-TEXT"],
  );
});

Deno.test("the reference consumer: exact status, one retry, never throws", () => {
  assert.equal(decideNetdryrunResult({ status: "passed", verdict: VERDICT.passed }), "apply");
  assert.equal(
    decideNetdryrunResult({ status: "passed", verdict: VERDICT.doNotApply }),
    "do-not-apply",
  );
  assert.equal(
    decideNetdryrunResult({ status: "passed ", verdict: VERDICT.passed }),
    "do-not-apply",
  );
  assert.equal(decideNetdryrunResult({ status: "inconclusive" }, 1), "retry");
  assert.equal(decideNetdryrunResult({ status: "inconclusive" }, 2), "do-not-apply");
  for (const v of fc.sample(fc.anything(), { seed, numRuns: 200 })) {
    assert.ok(["apply", "do-not-apply", "retry"].includes(decideNetdryrunResult(v)));
  }
});
