/**
 * A target that answers every request twice is never conformant (issue 14): the reference
 * normalizer, conformant (with warnings) alone, behind a wrapper that doubles each of its response lines.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const PY = decodeURIComponent(new URL("../examples/python/", import.meta.url).pathname);
const TWICE = decodeURIComponent(
  new URL("../src/adapters/testdata/answer_twice.py", import.meta.url).pathname,
);

async function verdict(wrapped: boolean) {
  const dir = await Deno.makeTempDir();
  try {
    const argv = [
      ...(wrapped ? [pythonPath(), TWICE] : []),
      pythonPath(),
      `${PY}netconform_adapter.py`,
      `${PY}reference_normalizer.py:normalize_tool_response`,
    ];
    await Deno.writeTextFile(
      `${dir}/conform.yaml`,
      `version: 1
targets:
  - name: py
    profiles: [gns3.normalizer/v1.0]
    adapter:
      kind: subprocess
      argv: ${JSON.stringify(argv)}
`,
    );
    const out: string[] = [];
    const code = await main(
      ["--config", `${dir}/conform.yaml`, "--runs", "10", "--quiet", "--format", "json"],
      { out: (t) => out.push(t), err: () => {} },
    );
    return { code, report: JSON.parse(out.join("\n")) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("answer twice: the reference is conformant alone, not when it answers twice", async () => {
  const alone = await verdict(false);
  assert.equal(alone.report.verdict, "conformant");
  assert.equal(alone.code, 0);
  const twice = await verdict(true);
  assert.notEqual(twice.report.verdict, "conformant");
  assert.notEqual(twice.report.verdict, "conformant-with-warnings");
  assert.equal(twice.code, 1);
  const messages = twice.report.suites[0].cases
    .filter((c: { outcome: string }) => c.outcome === "errored")
    .map((c: { message: string }) => c.message);
  assert.ok(messages.length > 0);
  assert.ok(messages.some((m: string) => /a second time \(a protocol violation\)/.test(m)));
});
