import assert from "node:assert/strict";
import { capCase, capHead, capInfo, capReply, CAPS, capTail } from "./_cap.ts";

Deno.test("cap: a long string keeps its head and says how much was dropped, within the cap", () => {
  const text = "a".repeat(10_000);
  const capped = capHead(text, 100);
  assert.ok(capped.length <= 100);
  assert.match(capped, /^a+… \[\d+ characters dropped\]$/);
  const kept = capped.indexOf("…");
  assert.equal(capped, `${"a".repeat(kept)}… [${10_000 - kept} characters dropped]`);
  // Capping again changes nothing; a short string is left alone.
  assert.equal(capHead(capped, 100), capped);
  assert.equal(capHead("short", 100), "short");
});

Deno.test("cap: a tail keeps its end; no surrogate pair is split", () => {
  const tail = capTail("b".repeat(5_000) + "END", 100);
  assert.ok(tail.length <= 100);
  assert.match(tail, /^\[\d+ characters dropped\] …b+END$/);
  const emoji = "😀".repeat(100);
  for (const max of [60, 61, 62]) {
    const head = capHead(emoji, max);
    assert.doesNotThrow(() => encodeURIComponent(head));
    assert.doesNotThrow(() => encodeURIComponent(capTail(emoji, max)));
  }
});

Deno.test("cap: replies, case reports and the implementation's info are capped", () => {
  const big = "x".repeat(100_000);
  const raised = capReply({ kind: "raised", type: big, message: big, traceback: big });
  assert.ok(raised.kind === "raised");
  assert.ok(raised.type.length <= CAPS.raisedType);
  assert.ok(raised.message.length <= CAPS.raisedMessage);
  assert.ok(raised.traceback!.length <= CAPS.traceback);
  const skipped = capReply({ kind: "skipped", reason: big });
  assert.ok(skipped.kind === "skipped" && skipped.reason.length <= CAPS.reason);
  const errored = capReply({ kind: "errored", message: big, stderr: big });
  assert.ok(errored.kind === "errored" && errored.message.length <= CAPS.message);
  assert.ok(errored.stderr!.length <= CAPS.stderr);
  const result = { kind: "result" as const, value: big };
  assert.equal(capReply(result), result);

  const failed = capCase({
    id: "c",
    description: "d",
    outcome: "failed",
    findings: [{ ruleId: "R", level: "MUST", instancePath: "", message: big }],
  });
  assert.ok(failed.outcome === "failed" && failed.findings[0].message.length <= CAPS.finding);
  const errCase = capCase({ id: "c", description: "d", outcome: "errored", message: big });
  assert.ok(errCase.outcome === "errored" && errCase.message.length <= CAPS.message);

  const info = capInfo({
    name: big,
    list: Array.from({ length: 1000 }, () => big),
    deep: { a: { b: { c: { d: { e: 1 } } } } },
    ...Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, i])),
  });
  assert.ok(info.name.length <= CAPS.info);
  assert.ok(JSON.stringify(info).length < 100_000, `${JSON.stringify(info).length}`);
  assert.equal((info.list as string[]).length, 65);
  assert.equal((info.deep as { a: { b: { c: unknown } } }).a.b.c, "[nested too deep]");
});
