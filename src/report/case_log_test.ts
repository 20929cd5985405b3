import assert from "node:assert/strict";
import { CaseLog } from "./case_log.ts";
import type { CaseReport } from "../core/types.ts";

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

Deno.test("an unlink case log is gone from its folder at once, is read back through its open file, and is gone for good at dispose", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/run.cases.jsonl`;
  const log = new CaseLog(path, { unlink: true });
  try {
    assert.deepEqual([...Deno.readDirSync(dir)], []);
    // A first line longer than the read window, so that a partial read stops before the end.
    log.write("t", "p/v1", passed("c0", "x".repeat(3 << 20)), 0);
    log.write("t", "p/v1", passed("c1"), 1);
    // Read back mid-run (the file's offset moves), then written to again: the lines stay whole.
    assert.equal(log.cases(0)[Symbol.iterator]().next().value?.id, "c0");
    log.write("t", "p/v1", passed("c2"), 2);
    log.close();
    // Walked twice at once: each read seeks first.
    const a = log.cases(0)[Symbol.iterator]();
    const b = log.cases(0)[Symbol.iterator]();
    assert.deepEqual([a.next().value?.id, b.next().value?.id, a.next().value?.id], [
      "c0",
      "c0",
      "c1",
    ]);
    assert.deepEqual([...log.cases(0)].map((c) => c.id), ["c0", "c1", "c2"]);
    log.dispose();
    assert.throws(() => [...log.cases(0)], /The case log ".*run\.cases\.jsonl" is disposed/);
    assert.deepEqual([...Deno.readDirSync(dir)], []);
  } finally {
    log.dispose();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a case log at a path keeps its file after dispose, and it is still read back", async () => {
  const path = await Deno.makeTempFile({ suffix: ".cases.jsonl" });
  const log = new CaseLog(path);
  try {
    log.write("t", "p/v1", passed("c0"), 0);
    log.dispose();
    assert.deepEqual([...log.cases(0)].map((c) => c.id), ["c0"]);
    assert.match(await Deno.readTextFile(path), /^\{"target":"t","profile":"p\/v1","id":"c0"/);
  } finally {
    await Deno.remove(path);
  }
});
