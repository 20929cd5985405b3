/**
 * A JSON report loads with Python's `json` module at its default recursion limit (a recursive
 * parser, as many are): the golden reports of every embedded target and mutant
 * (`testdata/golden/`, the reports the CLI writes at a fixed seed) and a fresh report of a target
 * whose evidence is 1,000 levels deep (the normalizer's `class:value-deep-1000` case, which the
 * mutant that drops an item fails) are loaded in one Python process. With `--full-evidence` the
 * same report keeps the whole value, which Python's `json` cannot load: that shows the check can
 * fail, and that the flag keeps what the default cuts.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const GOLDEN = new URL("./testdata/golden/", import.meta.url);

/** Loads each file (a report, or JSON lines when it ends in `.jsonl`); one line per file. */
const LOADER = `
import json, sys
assert sys.getrecursionlimit() == 1000, sys.getrecursionlimit()
for path in sys.argv[1:]:
    try:
        with open(path, encoding="utf-8") as f:
            if path.endswith(".jsonl"):
                for line in f:
                    json.loads(line)
            else:
                json.load(f)
        print("ok", path)
    except RecursionError:
        print("RecursionError", path)
`;

async function loadInPython(paths: string[]): Promise<Map<string, string>> {
  const out = await new Deno.Command(pythonPath(), {
    args: ["-c", LOADER, ...paths],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
  return new Map(lines.map((l) => [l.slice(l.indexOf(" ") + 1), l.slice(0, l.indexOf(" "))]));
}

async function deepReport(dir: string, extra: string[]): Promise<string> {
  const file = `${dir}/r${extra.length}.json`;
  const code = await main([
    "--target",
    "normalizer-mutant-drops-last-item",
    "--case",
    "class:value-deep-1000",
    "--quiet",
    "--report",
    file,
    ...extra,
  ], { out: () => {}, err: () => {} });
  assert.equal(code, 1, "the mutant fails the deep case");
  return file;
}

Deno.test("python json loads every golden report and a fresh report of 1,000-deep evidence; --full-evidence keeps the whole value", async () => {
  const golden = [...Deno.readDirSync(GOLDEN)].filter((e) => e.name.endsWith(".json"))
    .map((e) => decodeURIComponent(new URL(e.name, GOLDEN).pathname)).sort();
  assert.ok(golden.length >= 30, `golden reports: ${golden.length}`);
  const dir = await Deno.makeTempDir();
  try {
    const capped = await deepReport(dir, []);
    const full = await deepReport(dir, ["--full-evidence"]);
    const text = await Deno.readTextFile(capped);
    assert.match(text, /\[netconform: nesting cut at depth 64 of 1005; --full-evidence keeps it\]/);
    assert.doesNotMatch(await Deno.readTextFile(full), /nesting cut at depth/);
    const cases = capped.replace(/\.json$/, ".cases.jsonl");
    const loaded = await loadInPython([...golden, capped, cases, full]);
    const failing = golden.filter((g) => loaded.get(g) !== "ok");
    assert.deepEqual(failing, [], "golden reports Python cannot load");
    assert.equal(loaded.get(capped), "ok");
    assert.equal(loaded.get(cases), "ok", "the case log loads too");
    assert.equal(loaded.get(full), "RecursionError", "the whole value is kept with the flag");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
