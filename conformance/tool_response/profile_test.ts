import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../../src/core/seed.ts";
import { ConformanceAssertionError } from "../../src/core/assertion_error.ts";
import { toolResponseArbitrary } from "./arbitraries.ts";
import { assertToolResponse } from "./assert_tool_response.ts";
import { checkToolResponse } from "./profile.ts";

const seed = resolveSeed();
console.log(`tool-response profile_test seed: ${seed}`);

Deno.test("tool-response: every document with total != successful + failed gets a MUST finding", () => {
  // The kit checks three independent count rules; this proves the fourth equation is covered.
  const counts = fc.record({ total: fc.nat(6), successful: fc.nat(6), failed: fc.nat(6) });
  const items = fc.array(
    fc.record({
      id: fc.string(),
      name: fc.string(),
      status: fc.constantFrom("success", "failed", "unknown", "ok"),
      result: fc.string(),
      error: fc.string({ minLength: 1 }),
    }),
    { maxLength: 6 },
  );
  fc.assert(
    fc.property(counts, items, fc.boolean(), (c, data, success) => {
      fc.pre(c.total !== c.successful + c.failed);
      const findings = checkToolResponse({ success, ...c, data });
      assert.ok(findings.some((f) => f.level === "MUST"), JSON.stringify({ c, data }));
    }),
    { seed, numRuns: 500 },
  );
});

Deno.test("tool-response: the generators cover the shapes a renderer must handle", () => {
  const samples = fc.sample(toolResponseArbitrary(), { seed, numRuns: 300 });
  const has = (p: (r: (typeof samples)[number]) => boolean) => samples.some(p);
  assert.ok(has((r) => r.total === 0), "empty");
  assert.ok(has((r) => r.failed > 0 && r.successful > 0 && r.success), "partial success");
  assert.ok(has((r) => r.total > 0 && r.failed === r.total && !r.success), "all failed");
  assert.ok(has((r) => r.error !== undefined && r.total === 0), "complete failure");
  assert.ok(has((r) => r.metadata === undefined) && has((r) => r.metadata !== undefined));
  assert.ok(has((r) => r.data.some((i) => /[\u4e00-\u9fff]/.test(i.name))), "CJK names");
  assert.ok(has((r) => r.data.some((i) => /\p{Extended_Pictographic}/u.test(i.name))), "emoji");
  assert.ok(has((r) => r.data.some((i) => (i.result ?? "").includes("\n"))), "multi-line output");
  assert.ok(has((r) => r.data.some((i) => (i.result ?? "").includes("\r\n"))), "CRLF output");
});

Deno.test("tool-response: assertToolResponse lists every finding and keeps them as data", () => {
  assert.throws(
    () =>
      assertToolResponse({
        success: true,
        total: 2,
        successful: 1,
        failed: 0,
        data: [{ id: "R1", name: "R1", status: "success", output: "x" }],
      }),
    (e: unknown) => {
      assert.ok(e instanceof ConformanceAssertionError);
      assert.equal(e.name, "AssertionError");
      assert.deepEqual(e.findings.map((f) => f.ruleId).sort(), ["TR-ITEM-RESULT", "TR-TOTAL"]);
      assert.match(e.message, /TR-ITEM-RESULT \(MUST\) at "\/data\/0"/);
      return true;
    },
  );
  // SHOULD findings fail only in strict mode.
  const nullError = { success: true, total: 0, successful: 0, failed: 0, data: [], error: null };
  assertToolResponse(nullError);
  assert.throws(() => assertToolResponse(nullError, { strict: true }), /TR-NULL-OPTIONAL/);
});

Deno.test("tool-response: check never throws on hostile values", () => {
  const hostile: unknown[] = [
    null,
    undefined,
    42,
    "",
    [],
    Object.create(null),
    JSON.parse('{"__proto__": {"success": true}, "data": [null, 1, "x", {"__proto__": 1}]}'),
    { success: true, total: 1e308, successful: -0, failed: 1.5, data: new Array(3) },
    { success: "true", total: 0, successful: 0, failed: 0, data: [], metadata: { version: null } },
  ];
  for (const value of hostile) assert.ok(Array.isArray(checkToolResponse(value)));
});
