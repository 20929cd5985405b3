// The legacy fields the standard lists ("`output` / `result` fields", "`device_name` / `name`
// fields") are stated duties: a normalizer that ignores one field of a pair fails at MUST, while
// which field wins when both are there stays the kit's reading (SHOULD). Issue 23.
import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Request } from "../../src/core/types.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";
import { normalizeToolResponse } from "./reference.ts";
import { normalizerSuite } from "./suite.ts";

const seed = resolveSeed();

type Item = Record<string, unknown>;
type Response = { data: Item[] };

/** The reference, with `edit` applied to each output item next to its legacy item. */
function brokenNormalizer(edit: (item: Item, legacy: Item) => void) {
  return inProcessAdapter((request: Request) => {
    const { raw, tool_name } = request.input as { raw: unknown; tool_name: string };
    const out = normalizeToolResponse(raw, tool_name) as unknown as Response;
    const items = Array.isArray(raw) ? raw : [];
    out.data.forEach((item, i) => {
      const legacy = items[i];
      if (typeof legacy === "object" && legacy !== null && !Array.isArray(legacy)) {
        edit(item, legacy as Item);
      }
    });
    return out;
  });
}

const run = (adapter: ReturnType<typeof brokenNormalizer>) =>
  runSuite(normalizerSuite, adapter, { target: "broken", seed, runs: 40, shrink: false });

const mustRules = (report: Awaited<ReturnType<typeof run>>) =>
  [
    ...new Set(
      report.cases.flatMap((c) =>
        findingsOf(c).filter((f) => f.level === "MUST").map((f) => f.ruleId)
      ),
    ),
  ].sort();

Deno.test("a normalizer that ignores device_name fails NORM-NAME at MUST", async () => {
  const report = await run(brokenNormalizer((item, legacy) => {
    if (!("name" in legacy) && typeof legacy.device_name === "string") item.name = "unnamed";
  }));
  assert.equal(report.verdict, "not-conformant");
  assert.deepEqual(mustRules(report), ["NORM-NAME"]);
});

Deno.test("a normalizer that never maps output to result fails NORM-RESULT-TEXT at MUST", async () => {
  const report = await run(brokenNormalizer((item, legacy) => {
    if (!("result" in legacy) && typeof legacy.output === "string" && legacy.output !== "") {
      item.result = "";
    }
  }));
  assert.equal(report.verdict, "not-conformant");
  assert.deepEqual(mustRules(report), ["NORM-RESULT-TEXT"]);
});

Deno.test("which field wins when both are there is the kit's reading: SHOULD only", async () => {
  const report = await run(brokenNormalizer((item, legacy) => {
    if (typeof legacy.device_name === "string" && typeof legacy.name === "string") {
      item.name = legacy.device_name;
    }
    if (typeof legacy.output === "string" && typeof legacy.result === "string") {
      item.result = legacy.output;
    }
  }));
  assert.deepEqual(mustRules(report), []);
  assert.equal(report.verdict, "conformant-with-warnings");
  const warned = new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)));
  assert.ok(warned.has("NORM-NAME-OTHER") && warned.has("NORM-RESULT-OTHER"), [...warned].join());
});

Deno.test("inputs of types the standard does not name (tuples, sets, huge ints) are judged at SHOULD only", async () => {
  const { checkNormalizerObservation } = await import("./check.ts");
  const { PythonArgument } = await import("../../src/pyliteral/python_argument.ts");
  const item = (n: string) => `{'device_name': '${n}', 'status': 'success', 'output': 'up'}`;
  // A normalizer that reads one item out of two.
  const oneOfTwo = (raw: string) => {
    const result = normalizeToolResponse(raw, "t") as unknown as Response & Record<string, unknown>;
    result.data = result.data.slice(0, 1);
    Object.assign(result, { total: 1, successful: 1, failed: 0, success: true });
    return { input: { raw, tool_name: "t" }, output: { result } };
  };
  const must = (obs: unknown) =>
    checkNormalizerObservation(obs).filter((f) => f.level === "MUST").map((f) => f.ruleId);
  // The List format is `[{...}, {...}]`: a list literal is judged at MUST, a tuple or a set not.
  assert.deepEqual(must(oneOfTwo(`[${item("R1")}, ${item("R2")}]`)), ["NORM-ITEM-COUNT"]);
  assert.deepEqual(must(oneOfTwo(`(${item("R1")}, ${item("R2")})`)), []);
  assert.deepEqual(must(oneOfTwo(`{'nodes': (${item("R1")}, ${item("R2")})}`)), []);
  assert.deepEqual(must(oneOfTwo("{'R1', 'R2'}")), []);
  // Raising on a real tuple or a real huge int: a warning; on a list: a failure.
  const raised = { raised: { type: "ValueError", message: "Exceeds the limit (4300 digits)" } };
  const objects = [
    PythonArgument.parse(`(${item("R1")},)`),
    PythonArgument.parse("{'R1', 2}"),
    new PythonArgument({ type: "int", value: 10n ** 5000n }),
  ];
  for (const raw of objects) {
    const obs = { input: { raw, tool_name: "t" }, output: raised };
    assert.deepEqual(must(obs), [], raw.value.type);
    assert.equal(checkNormalizerObservation(obs).length, 1, raw.value.type);
  }
  const list = {
    input: { raw: PythonArgument.parse(`[${item("R1")}]`), tool_name: "t" },
    output: raised,
  };
  assert.deepEqual(must(list), ["NORM-TOTAL"]);
});
