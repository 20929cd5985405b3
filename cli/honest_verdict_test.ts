import assert from "node:assert/strict";
import { pythonPath } from "../src/testing/python_path.ts";
import { verdictOf } from "../src/core/verdict_of.ts";
import { main } from "./conform.ts";

const PY = new URL("../examples/python/", import.meta.url).pathname;

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("verdictOf: a suite that passed nothing, skipped most, or skipped a required case is incomplete", () => {
  const passed = { outcome: "passed" as const, findings: [] };
  const skipped = { outcome: "skipped" as const, reason: "no lab" };
  assert.equal(verdictOf([]), "incomplete");
  assert.equal(verdictOf([skipped, skipped]), "incomplete");
  assert.equal(verdictOf([passed, skipped, skipped]), "incomplete");
  assert.equal(verdictOf([passed, passed, skipped]), "conformant");
  assert.equal(verdictOf([passed, skipped]), "conformant");
  assert.equal(verdictOf([passed, passed, { ...skipped, required: true }]), "incomplete");
  assert.equal(
    verdictOf([{ outcome: "failed", findings: [] }, skipped, skipped]),
    "not-conformant",
  );
});

Deno.test("a target that skips every case is incomplete (exit 1), and the text says why", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const config = `${dir}/conform.yaml`;
    await Deno.writeTextFile(
      config,
      JSON.stringify({
        version: 1,
        targets: [{
          name: "skips-everything",
          profiles: ["gns3.tool-response/v1.0"],
          adapter: {
            kind: "subprocess",
            argv: [
              pythonPath(),
              `${PY}netconform_adapter.py`,
              "--operation",
              "other",
              `${PY}echo_impl.py:echo`,
            ],
          },
        }],
      }),
    );
    const r = await run(["--config", config, "--runs", "5"]);
    assert.equal(r.code, 1, r.out + r.err);
    assert.match(r.out, /cases: 0 passed, 0 failed, \d+ skipped, 0 errored/);
    assert.match(r.out, /skipped \d+: operation "call_tool" is not served \(served: other\)/);
    assert.match(r.out, /incomplete: no case passed/);
    assert.match(r.out, /verdict: INCOMPLETE/);
    const md = await run(["--config", config, "--runs", "5", "--format", "markdown"]);
    assert.doesNotMatch(md.out, /overall verdict: conformant/i);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
