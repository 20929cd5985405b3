import assert from "node:assert/strict";
import { renderJunit } from "./render_junit.ts";
import { renderJson } from "./render_json.ts";
import type { Report } from "../core/types.ts";

// Bidirectional overrides and isolates, line and paragraph separators, C1 controls, BOM.
const HOSTILE = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u2028\u2029\u0085\ufeff";

function report(text: string): Report {
  const counts = { passed: 0, failed: 1, skipped: 1, errored: 1 };
  return {
    kit: { name: "netconform", version: "0.1.0" },
    seed: 1,
    timestamp: "2026-01-01T00:00:00.000Z",
    verdict: "not-conformant",
    suites: [{
      target: `t${text}`,
      adapter: "subprocess",
      profile: "p",
      seed: 1,
      runs: 0,
      rules: [],
      counts,
      verdict: "not-conformant",
      startError: `start${text}`,
      cases: [
        {
          id: `f${text}`,
          description: `d${text}`,
          outcome: "failed",
          findings: [{ ruleId: `R${text}`, level: "MUST", instancePath: "", message: `m${text}` }],
          input: { operation: "x", input: text },
        },
        { id: "s", description: "d", outcome: "skipped", reason: `r${text}` },
        { id: "e", description: "d", outcome: "errored", message: `e${text}`, stderr: `s${text}` },
      ],
    }],
  };
}

Deno.test("junit: bidi, separators and C1 controls never appear raw, in attributes or text", () => {
  const xml = renderJunit(report(HOSTILE));
  for (const ch of HOSTILE) {
    assert.ok(!xml.includes(ch), `raw U+${ch.codePointAt(0)!.toString(16)}`);
  }
  assert.match(xml, /<skipped message="r\\u202a\\u202b/);
  assert.match(xml, /<system-err>s\\u202a/);
  // An attribute keeps its line breaks as references (a parser would fold them to spaces).
  assert.match(renderJunit(report("a\nb")), /<skipped message="ra&#10;b"\/>/);
});

Deno.test("junit: message attributes and system-err/system-out are capped", () => {
  const big = "y".repeat(1_000_000);
  const xml = renderJunit(report(big));
  assert.ok(xml.length < 600_000, `${xml.length} characters`);
  for (const m of xml.matchAll(/message="([^"]*)"/g)) {
    assert.ok(m[1].length <= 1024, `message of ${m[1].length}`);
  }
  const skipped = xml.match(/<skipped message="([^"]*)"/)![1];
  assert.match(skipped, /^ry+… \[\d+ characters dropped\]$/);
  for (const tag of ["system-err", "system-out"]) {
    const text = xml.match(new RegExp(`<${tag}>([^<]*)</${tag}>`))![1]
      .replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&lt;", "<")
      .replaceAll("&gt;", ">").replaceAll("&amp;", "&");
    assert.ok(text.length <= 65536, `${tag} of ${text.length}`);
    assert.match(text, /characters dropped\]$/);
  }
});

Deno.test("json: the same characters are escaped, never raw", () => {
  const json = renderJson(report(HOSTILE));
  for (const ch of HOSTILE) {
    assert.ok(!json.includes(ch), `raw U+${ch.codePointAt(0)!.toString(16)}`);
  }
  assert.deepEqual(JSON.parse(json), JSON.parse(JSON.stringify(report(HOSTILE))));
});
