/**
 * The same seed gives the same JSON report: every embedded target (references and mutants)
 * is run through the CLI at a fixed seed and its report compared with the one committed in
 * `testdata/golden/`, apart from the timestamp, the checkout's own path and the line numbers
 * of the kit's files in stack traces. A refactor that
 * keeps behaviour leaves these files unchanged; a change of behaviour regenerates them on
 * purpose with `CONFORM_UPDATE_GOLDEN=1 deno task test --filter golden` and shows in review.
 */
import assert from "node:assert/strict";
import { embeddedTargets } from "./registry.ts";
import { main } from "./conform.ts";

const SEED = "20261130";
const RUNS = "25";
const GOLDEN = new URL("./testdata/golden/", import.meta.url);
const ROOT = new URL("../", import.meta.url);
const UPDATE = Deno.env.get("CONFORM_UPDATE_GOLDEN") === "1";

/** Targets whose report still depends on scheduling, with why (none today). */
const UNSTABLE: Record<string, string> = {};

function normalize(json: string): unknown {
  const rootUrl = ROOT.href.replace(/\/$/, "");
  const rootPath = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");
  // Stack traces name the kit's own files: their line numbers move with any edit.
  const text = json.replaceAll(rootUrl, "<root>").replaceAll(rootPath, "<root>")
    .replace(/(<root>\/[^\s"')]+?\.ts):\d+:\d+/g, "$1");
  const report = JSON.parse(text);
  report.timestamp = "<timestamp>";
  return report;
}

for (const target of embeddedTargets) {
  Deno.test({
    name: `golden report: ${target.name}`,
    ignore: target.name in UNSTABLE,
    async fn() {
      const out: string[] = [];
      await main(
        ["--target", target.name, "--seed", SEED, "--runs", RUNS, "--format", "json"],
        { out: (t) => out.push(t), err: () => {} },
      );
      const actual = normalize(out.join("\n"));
      const file = new URL(`${target.name}.json`, GOLDEN);
      if (UPDATE) {
        await Deno.writeTextFile(file, JSON.stringify(actual, null, 1) + "\n");
        return;
      }
      const expected = JSON.parse(await Deno.readTextFile(file));
      assert.deepEqual(actual, expected);
    },
  });
}
