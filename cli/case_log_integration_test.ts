import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { caseLogPath } from "./_case_log.ts";

const conform = fileURLToPath(new URL("./conform.ts", import.meta.url));

Deno.test("a run killed mid-way (SIGKILL) leaves a parseable partial .cases.jsonl", async () => {
  const dir = await Deno.makeTempDir();
  const report = `${dir}/r.json`;
  // The reports of an earlier run are there: a killed run must not leave them looking current.
  await Deno.writeTextFile(report, '{"verdict": "conformant"}');
  await Deno.writeTextFile(`${dir}/r.xml`, "<testsuites/>");
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
  // written, and so that an earlier run's are not taken for this one's) and stay so: the
  // partial report of a killed run is its case log.
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

for (const signal of ["SIGKILL", "SIGINT", "SIGTERM"] as const) {
  Deno.test(`a run without --report ended by ${signal} leaves no temporary case log`, async () => {
    const tmp = await Deno.makeTempDir();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", conform, "--target", "tool-response-reference", "--runs", "100000"]
        .concat(["--quiet"]),
      stdout: "null",
      stderr: "null",
      env: { NO_COLOR: "1", TMPDIR: tmp },
    }).spawn();
    // The log's file is made in TMPDIR and removed from it at once: the run goes on writing
    // to its open file, which /proc shows as deleted.
    // (Listed with ls: reading /proc takes --allow-all in Deno, which the test task does not give.)
    const openLog = () => {
      const out = new Deno.Command("ls", {
        args: ["-l", `/proc/${child.pid}/fd`],
        stdout: "piped",
        stderr: "null",
      })
        .outputSync();
      return /-> (\S*netconform-\S*\.cases\.jsonl) \(deleted\)$/m.exec(
        new TextDecoder().decode(out.stdout),
      )?.[1];
    };
    const deadline = Date.now() + 30_000;
    let seen: string | undefined;
    try {
      while (!seen && Date.now() < deadline) {
        seen = openLog();
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      try {
        child.kill(signal);
      } catch {
        // it ended already: the assertions below say how
      }
    }
    const status = await child.status;
    const left = [...Deno.readDirSync(tmp)].map((e) => e.name);
    await Deno.remove(tmp, { recursive: true });
    assert.ok(seen?.startsWith(tmp), `the open log: ${seen}`);
    assert.equal(status.success, false);
    assert.deepEqual(left, []);
  });
}
