import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const PY = new URL("../examples/python/", import.meta.url).pathname;

Deno.test("conform CLI: a cases: entry of conform.yaml runs and shows in every report format", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/mine.yaml`,
      `profile: gns3.normalizer/v1.0
description: captured
tests:
  - description: a captured standard-shaped payload that contradicts itself
    valid: true
    data:
      input:
        raw: {success: false, total: 1, successful: 1, failed: 0, data: [{id: R1, name: R1, status: success, result: ok}]}
        tool_name: t
`,
    );
    await Deno.writeTextFile(
      `${dir}/conform.yaml`,
      `version: 1
targets:
  - name: py
    profiles:
      - id: gns3.normalizer/v1.0
        options: {nasty: false}
        cases: mine.yaml
    adapter:
      kind: subprocess
      argv: [${JSON.stringify(pythonPath())}, ${JSON.stringify(`${PY}netconform_adapter.py`)}, ${
        JSON.stringify(`${PY}reference_normalizer.py:normalize_tool_response`)
      }]
`,
    );
    const out: string[] = [];
    const code = await main([
      "--config",
      `${dir}/conform.yaml`,
      "--runs",
      "5",
      "--report",
      `${dir}/r.json`,
      "--junit",
      `${dir}/r.xml`,
      "--markdown",
      `${dir}/r.md`,
    ], { out: (t) => out.push(t), err: () => {} });
    assert.equal(code, 0, out.join("\n"));
    assert.match(out.join("\n"), /your cases: 1 \(1 passed.*user:mine\.yaml#0/);
    const json = JSON.parse(await Deno.readTextFile(`${dir}/r.json`));
    assert.ok(json.suites[0].cases.some((c: { id: string }) => c.id === "user:mine.yaml#0"));
    assert.equal(
      json.suites[0].coverage.classes.find((c: { id: string }) => c.id === "user-case").cases,
      1,
    );
    assert.match(await Deno.readTextFile(`${dir}/r.xml`), /name="user:mine\.yaml#0: a captured/);
    assert.match(await Deno.readTextFile(`${dir}/r.md`), /your cases: 1 \(1 passed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
