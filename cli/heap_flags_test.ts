// The kit's V8 heap settings (README, "Long runs keep memory flat") are given wherever users
// run the CLI: the conform task, the GitHub Action, and the README's deno install line.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, root));

Deno.test("the conform task, the GitHub Action and the README's install line give the same heap flags", () => {
  const task: string = JSON.parse(read("deno.json")).tasks.conform;
  const flags = /--v8-flags=(\S+)/.exec(task)?.[1];
  assert.ok(flags, `the conform task gives no --v8-flags: ${task}`);
  assert.match(flags, /--max-semi-space-size=\d+/);
  assert.match(flags, /--heap-growing-percent=\d+/);
  const given = (text: string) => [...text.matchAll(/--v8-flags=(\S+)/g)].map((m) => m[1]);
  assert.deepEqual(given(read("action.yml")), [flags]);
  const install = read("README.md").split("```").find((block) => /deno install -g/.test(block));
  assert.ok(install, "the README has a deno install -g block");
  assert.deepEqual(given(install), [flags]);
});
