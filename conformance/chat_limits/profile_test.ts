import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../../src/core/seed.ts";
import { runAgentLoop } from "./_agent_loop.ts";
import { classifyRequest } from "./_check_http.ts";
import { limitMessage } from "./_limits.ts";
import { sessionArbitrary } from "./arbitraries.ts";
import { checkChatLimits } from "./profile.ts";
import type { AgentObservation } from "./types.ts";

const seed = resolveSeed();
console.log(`chat_limits profile_test seed: ${seed} (set CONFORM_SEED to vary)`);

Deno.test("classifyRequest: the issue's boundary values", () => {
  const kind = (v: unknown, field = "max_iterations") =>
    classifyRequest({ message: "m", [field]: v }).kind;
  assert.deepEqual([1, 100, null].map((v) => kind(v)), ["valid", "valid", "valid"]);
  assert.deepEqual([0, 101, -1, 2.5, "ten", true].map((v) => kind(v)), Array(6).fill("invalid"));
  assert.equal(kind("10"), "numeric-string");
  assert.equal(kind("0"), "invalid", "a numeric string out of range is invalid, not coercible");
  assert.deepEqual([1, 50].map((v) => kind(v, "max_tool_calls")), ["valid", "valid"]);
  assert.deepEqual([0, 51].map((v) => kind(v, "max_tool_calls")), ["invalid", "invalid"]);
  assert.deepEqual(classifyRequest({ max_tool_calls: 3 }), {
    kind: "invalid",
    fields: ["message"],
  });
  assert.equal(classifyRequest({ message: "m" }).kind, "valid");
});

const echo = (id: string) => ({ id, name: "echo" as const, args: { text: id } });

Deno.test("check: a limit notice counting the earlier request's calls is CL-PER-REQUEST, not CL-TOOL-FITS", () => {
  const obs: AgentObservation = {
    kind: "agent",
    script: { turns: [{ tool_calls: [echo("a")] }, { final: "ok" }] },
    requests: [{ message: "1", max_tool_calls: 1 }, { message: "2", max_tool_calls: 1 }],
    transcripts: [
      {
        model_calls: 2,
        tool_calls: [echo("a")],
        tool_messages: [{ tool_call_id: "a", content: "a", limited: false }],
        ended: "final",
      },
      {
        model_calls: 2,
        tool_calls: [],
        tool_messages: [{ tool_call_id: "a", content: limitMessage(1, 1), limited: true }],
        ended: "final",
      },
    ],
  };
  const findings = checkChatLimits(obs);
  assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [[
    "CL-PER-REQUEST",
    "/transcripts/1/tool_messages/0",
  ]]);
  // The same refusal stating this request's own count is an off-by-one refusal instead.
  (obs.transcripts![1] as { tool_messages: { content: string }[] }).tool_messages[0].content =
    limitMessage(1, 0);
  assert.deepEqual(checkChatLimits(obs).map((f) => f.ruleId), ["CL-TOOL-FITS"]);
});

Deno.test("check: findings carry data (expected, actual, path) for a tool limit overrun", () => {
  const [f] = checkChatLimits({
    kind: "agent",
    script: { turns: [{ tool_calls: [echo("a"), echo("b")] }, { final: "ok" }] },
    requests: [{ message: "m", max_tool_calls: 1 }],
    transcripts: [{
      model_calls: 2,
      tool_calls: [echo("a"), echo("b")],
      tool_messages: [{ tool_call_id: "a", content: "a", limited: false }, {
        tool_call_id: "b",
        content: "b",
        limited: false,
      }],
      ended: "final",
    }],
  });
  assert.deepEqual(
    {
      ruleId: f.ruleId,
      level: f.level,
      instancePath: f.instancePath,
      expected: f.expected,
      actual: f.actual,
    },
    {
      ruleId: "CL-TOOL-MAX",
      level: "MUST",
      instancePath: "/transcripts/0/tool_calls/1",
      expected: "<= 1",
      actual: 2,
    },
  );
});

Deno.test("check: untrusted text in messages is quoted and cut", () => {
  const long = "\u001b[31m" + "x".repeat(5000);
  const findings = checkChatLimits({
    kind: "agent",
    script: { turns: [{ tool_calls: [echo("a"), echo("b")] }, { final: "ok" }] },
    requests: [{ message: "m", max_tool_calls: 1 }],
    transcripts: [{
      model_calls: 2,
      tool_calls: [],
      tool_messages: [{ tool_call_id: "a", content: long, limited: true }, {
        tool_call_id: "b",
        content: long,
        limited: true,
      }],
      ended: "final",
    }],
  });
  assert.deepEqual(findings.map((f) => f.ruleId), ["CL-LIMIT-COUNTS", "CL-LIMIT-COUNTS"]);
  for (const f of findings) {
    assert.ok(f.message.length < 400, `message of ${f.message.length} characters`);
    assert.ok(!f.message.includes("\u001b"), "control characters are escaped");
  }
});

Deno.test(`property: every generated session's reference transcripts pass, and stay within both limits (seed ${seed})`, () => {
  fc.assert(
    fc.property(sessionArbitrary(), (input) => {
      const { transcripts } = runAgentLoop(structuredClone(input));
      assert.deepEqual(checkChatLimits({ kind: "agent", ...input, transcripts }), []);
      transcripts.forEach((t, i) => {
        const r = input.requests[i];
        assert.ok(t.model_calls <= (r.max_iterations ?? 20));
        assert.ok(t.tool_calls.length <= (r.max_tool_calls ?? 999));
      });
    }),
    { seed, numRuns: 200 },
  );
});

Deno.test(`property: the check is deterministic and never throws on mangled observations (seed ${seed})`, () => {
  const mangle = fc.tuple(sessionArbitrary(), fc.jsonValue({ maxDepth: 3 }), fc.nat());
  fc.assert(
    fc.property(mangle, ([input, junk, pick]) => {
      const obs = {
        kind: "agent",
        ...input,
        transcripts: runAgentLoop(structuredClone(input)).transcripts,
      } as Record<string, unknown>;
      const t = (obs.transcripts as Record<string, unknown>[])[0];
      const keys = Object.keys(t);
      t[keys[pick % keys.length]] = junk;
      const a = checkChatLimits(obs);
      assert.ok(Array.isArray(a));
      assert.deepEqual(checkChatLimits(structuredClone(obs)), a);
    }),
    { seed, numRuns: 200 },
  );
});
