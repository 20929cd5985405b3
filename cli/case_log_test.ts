import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { caseLogPath } from "./_case_log.ts";

const conform = fileURLToPath(new URL("./conform.ts", import.meta.url));

Deno.test("a run killed mid-way (SIGKILL) leaves a parseable partial .cases.jsonl", async () => {
  const dir = await Deno.makeTempDir();
  const report = `${dir}/r.json`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", conform, "--target", "tool-response-reference", "--runs", "100000"]
      .concat(["--report", report, "--junit", `${dir}/r.xml`, "--quiet", "--format", "json"]),
    stdout: "null",
    stderr: "null",
    env: { NO_COLOR: "1" },
  }).spawn();
  const log = caseLogPath(report);
  let text = "";
  const deadline = Date.now() + 120_000;
  try {
    // Wait for some cases, then kill the run long before its 100,000 cases are done.
    while (Date.now() < deadline) {
      text = await Deno.readTextFile(log).catch(() => "");
      if (text.split("\n").length > 500) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
  text = await Deno.readTextFile(log);
  // The outputs written at the end were made empty before the run (to check they can be
  // written) and stay so: the partial report of a killed run is its case log.
  const report0 = await Deno.readTextFile(report);
  const junit0 = await Deno.readTextFile(`${dir}/r.xml`);
  await Deno.remove(dir, { recursive: true });
  assert.equal(report0, "");
  assert.equal(junit0, "");
  const lines = text.split("\n");
  // Every line is written whole: the text ends with a newline, and each line parses.
  assert.equal(lines.pop(), "");
  assert.ok(lines.length > 500 && lines.length < 100_000, `${lines.length} lines`);
  const cases = lines.map((l) => JSON.parse(l));
  assert.deepEqual(
    cases.slice(0, 3).map((c) => [c.target, c.profile, c.outcome]),
    Array(3).fill(["tool-response-reference", "gns3.tool-response/v1.0", "passed"]),
  );
  assert.ok(cases.every((c) => typeof c.id === "string" && Array.isArray(c.findings)));
});

for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
  Deno.test(`a run without --report interrupted by ${signal} exits ${code} and leaves no temporary case log`, async () => {
    const tmp = await Deno.makeTempDir();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", conform, "--target", "tool-response-reference", "--runs", "100000"]
        .concat(["--quiet"]),
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1", TMPDIR: tmp },
    }).spawn();
    const logs = () => [...Deno.readDirSync(tmp)].map((e) => e.name);
    const deadline = Date.now() + 60_000;
    try {
      // Wait until the temporary log has some cases in it.
      while (Date.now() < deadline) {
        const name = logs().find((n) => n.endsWith(".cases.jsonl"));
        if (name && Deno.statSync(`${tmp}/${name}`).size > 100_000) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      assert.equal(logs().filter((n) => /^netconform-.*\.cases\.jsonl$/.test(n)).length, 1);
    } finally {
      child.kill(signal);
    }
    const { code: exit, stderr } = await child.output();
    const left = logs();
    await Deno.remove(tmp, { recursive: true });
    assert.equal(exit, code, new TextDecoder().decode(stderr));
    assert.deepEqual(left, []);
  });
}
