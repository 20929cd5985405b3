import assert from "node:assert/strict";
import { capCase, capHead, capInfo, capReply, CAPS, capTail } from "./_cap.ts";
import type { CaseReport } from "./types.ts";

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

Deno.test("cap: what is kept of a huge string is a copy that does not keep the original alive", async () => {
  // In a process whose heap holds 160 MB: 30 cut 7 MB strings of one kind that kept their
  // originals alive (a slice is a view of the whole string in V8) would need 210 MB and abort it.
  const cap = new URL("./_cap.ts", import.meta.url).href;
  const evidence = new URL("./bound_evidence.ts", import.meta.url).href;
  const script = `
    const { capCase, capHead, capTail } = await import(${JSON.stringify(cap)});
    const { boundEvidence } = await import(${JSON.stringify(evidence)});
    const kept = [];
    for (let i = 0; i < 120; i++) {
      const big = String(i) + "x".repeat(7_000_000);
      const which = Math.floor(i / 30);
      if (i % 30 === 0) kept.length = 0;
      kept.push(
        which === 0 ? capHead(big, 4096)
        : which === 1 ? capTail(big, 4096)
        : which === 2 ? boundEvidence({ result: big }, undefined)
        : capCase({ id: "c", description: "d", outcome: "passed", findings: [
            { ruleId: "R", level: "SHOULD", instancePath: "", message: big.slice(0, 100) },
          ] }),
      );
    }
    console.log(JSON.stringify(kept).length);
  `;
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["eval", "--v8-flags=--max-old-space-size=160", script],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, `the process ended with ${out.code}: ${stderr.slice(-500)}`);
  assert.ok(Number(new TextDecoder().decode(out.stdout)) < 1_000_000);
});

Deno.test("cap: a case keeps at most 100 findings of a rule and 1,000 in all, and counts the rest", () => {
  const finding = (ruleId: string, level: "MUST" | "SHOULD", i: number) => ({
    ruleId,
    level,
    instancePath: `/data/${i}`,
    message: `item ${i}`,
  });
  const findings = [
    ...Array.from({ length: 100_000 }, (_, i) => finding("R-MANY", "SHOULD", i)),
    ...Array.from({ length: 3_000 }, (_, i) => finding(`R-${i % 30}`, "SHOULD", i)),
    finding("R-MANY", "MUST", 0),
    finding("R-LAST", "MUST", 1),
  ];
  const failed: CaseReport = { id: "c", description: "d", outcome: "failed", findings };
  const capped = capCase(failed);
  assert.equal(capped.outcome, "failed");
  if (capped.outcome !== "failed") return;
  const kept = capped.findings;
  assert.ok(kept.length <= 1_000 + 4, `${kept.length} findings kept`);
  assert.equal(kept.filter((f) => f.ruleId === "R-MANY").length, 101); // 100 + its first MUST
  // The first finding of each rule and level is kept, past the bounds too.
  assert.ok(kept.some((f) => f.ruleId === "R-MANY" && f.level === "MUST"));
  assert.ok(kept.some((f) => f.ruleId === "R-LAST"));
  for (let i = 0; i < 30; i++) assert.ok(kept.some((f) => f.ruleId === `R-${i}`));
  const dropped = capped.findingsDropped ?? {};
  assert.equal(dropped["R-MANY"], 100_000 - 100);
  const total = Object.values(dropped).reduce((a, b) => a + b, 0);
  assert.equal(kept.length + total, findings.length);
  // A case within the bounds is left whole, with no count.
  const small = capCase({
    id: "c",
    description: "d",
    outcome: "passed",
    findings: findings.slice(0, 5),
  });
  assert.equal(small.outcome === "passed" && small.findings.length, 5);
  assert.equal("findingsDropped" in small, false);
});
