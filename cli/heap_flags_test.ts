// The kit's V8 heap settings (README, "Long runs keep memory flat") are given wherever users
// run the CLI: the conform task, the GitHub Action, and the README's deno install line.
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, root));

Deno.test("the conform task, the GitHub Action and every install line of the README and docs/ give the same heap flags", () => {
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
  // Every install line of the guides too, each installing the netconform entry.
  const docs = [...Deno.readDirSync(new URL("docs/", root))].filter((e) => e.name.endsWith(".md"))
    .map((e) => read(`docs/${e.name}`));
  const lines = ["README.md", ...docs].flatMap((text) =>
    (text === "README.md" ? read(text) : text).split("```").filter((b) => /deno install -g/.test(b))
  );
  assert.ok(lines.length >= 2, `${lines.length} install blocks`);
  for (const block of lines) {
    assert.deepEqual(given(block), [flags], block);
    assert.match(block, /cli\/netconform\.ts/, block);
  }
});
