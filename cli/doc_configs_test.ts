/**
 * Every targets file shown in the README and docs/ is valid against the kit's config schema,
 * so the documentation cannot drift from what `--config` accepts.
 */
import assert from "node:assert/strict";
import { suites } from "./registry.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { parseConfig } from "./load_config.ts";

const root = new URL("../", import.meta.url);
const files = [
  "README.md",
  ...[...Deno.readDirSync(new URL("docs/", root))].map((e) => `docs/${e.name}`),
]
  .filter((f) => f.endsWith(".md"));

Deno.test("every conform.yaml example in the README and docs/ loads", () => {
  let seen = 0;
  for (const file of files) {
    const text = Deno.readTextFileSync(new URL(file, root));
    const blocks = [...text.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]);
    // A heredoc inside a sh block is a config too.
    for (const m of text.matchAll(/<<'EOF'\n([\s\S]*?)\nEOF/g)) blocks.push(m[1]);
    for (const block of blocks) {
      if (!/^version: 1$/m.test(block) || !/^targets:/m.test(block)) continue;
      seen++;
      assert.doesNotThrow(
        () =>
          parseConfig(block, `/tmp/${file.replaceAll("/", "_")}.yaml`, {
            kinds: adapterKinds,
            suites,
          }),
        `${file}:\n${block}`,
      );
    }
  }
  assert.ok(seen >= 5, `only ${seen} config examples found`);
});
