import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { CaseLog, caseLogPath } from "./_case_log.ts";
import type { CaseReport } from "../src/core/types.ts";

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

function passed(id: string, description = ""): CaseReport {
  return { id, description, outcome: "passed", findings: [] };
}

Deno.test("the case log reads each suite's cases back in case order, on every walk", async () => {
  const path = await Deno.makeTempFile({ suffix: ".cases.jsonl" });
  const log = new CaseLog(path);
  try {
    // Cases finish out of order; a line longer than the read window; a second suite.
    const long = "x".repeat(3 << 20);
    log.write("t", "p/v1", passed("c2"), 2);
    log.write("t", "p/v1", passed("c0", long), 0);
    log.write("t", "p/v1", {
      id: "c1",
      description: "\u2028 bidi \u202e",
      outcome: "errored",
      message: "m",
    }, 1);
    log.endSuite();
    log.write("u", "q/v1", passed("d0"), 0);
    log.endSuite();
    log.close();
    const first = log.cases(0);
    for (let walk = 0; walk < 2; walk++) {
      assert.deepEqual([...first].map((c) => c.id), ["c0", "c1", "c2"]);
    }
    const [c0, c1] = first;
    assert.equal(c0.description, long);
    assert.deepEqual(c1, {
      id: "c1",
      description: "\u2028 bidi \u202e",
      outcome: "errored",
      message: "m",
    });
    assert.deepEqual([...log.cases(1)].map((c) => c.id), ["d0"]);
    // A suite run that made no case (its target did not start), and one past the last.
    assert.deepEqual([...log.cases(2)], []);
    assert.deepEqual([...log.cases(9)], []);
    // The file holds one whole JSON line per case, in the order they finished.
    const lines = (await Deno.readTextFile(path)).split("\n");
    assert.equal(lines.pop(), "");
    assert.deepEqual(lines.map((l) => JSON.parse(l).id), ["c2", "c0", "c1", "d0"]);
    assert.deepEqual(Object.keys(JSON.parse(lines[0])), [
      "target",
      "profile",
      "id",
      "description",
      "outcome",
      "findings",
    ]);
  } finally {
    log.close();
    await Deno.remove(path);
  }
});
