import assert from "node:assert/strict";
import { renderText } from "./render_text.ts";
import { renderHtml } from "./render_html.ts";
import type { Report } from "../core/types.ts";

const report: Report = {
  kit: { name: "netconform", version: "0" },
  seed: 1,
  timestamp: "2026-12-02T00:00:00.000Z",
  verdict: "not-conformant",
  suites: [{
    target: "t",
    adapter: "subprocess",
    profile: "p",
    seed: 1,
    runs: 0,
    rules: [],
    cases: [
      {
        id: "c1",
        description: "d",
        outcome: "errored",
        message: "The implementation exited with code 70",
        fault: { kind: "crashed", detail: "exit 70" },
      },
      { id: "c2", description: "d", outcome: "errored", message: "no restart left", notRun: true },
    ],
    counts: { passed: 0, failed: 0, skipped: 0, errored: 2 },
    verdict: "not-conformant",
    faults: { implementation: [{ kind: "crashed", detail: "exit 70", cases: 8 }], notRun: 1 },
  }],
};

Deno.test("the implementation's faults are its own in the verdict and the certificate", () => {
  const text = renderText(report);
  assert.match(text, /verdict: NOT CONFORMANT: the implementation crashed on 8 cases \(exit 70\)/);
  assert.match(text, /1 case not run: the adapter's restart budget \(max_restarts\) was used up/);
  assert.doesNotMatch(text, /harness faults/);
  const html = renderHtml(report);
  assert.match(
    html,
    /implementation faults<\/dt><dd>the implementation crashed on 8 cases \(exit 70\)/,
  );
  assert.match(html, /not run<\/dt><dd>1 case not run/);
});
