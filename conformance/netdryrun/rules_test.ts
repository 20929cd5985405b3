// The "Logic:" comments of rules.ts lead to the code of each rule, and no rule's code hides
// in rules/ without its comment naming the file.
import assert from "node:assert/strict";
import { netdryrunRules } from "./rules.ts";

const HERE = new URL("./", import.meta.url);
const read = (path: string) => Deno.readTextFileSync(new URL(path, HERE));

/** Rule id -> the files its "Logic:" comment names, read from the source of rules.ts. */
function logicComments(source: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const m of source.matchAll(/^ {4}\/\/ Logic: (.+)\n {4}id: "([A-Z-]+)",$/gm)) {
    assert.ok(!found.has(m[2]), `two Logic comments for ${m[2]}`);
    found.set(m[2], [...m[1].matchAll(/[\w./]+\.ts/g)].map((f) => f[0]));
  }
  return found;
}

Deno.test("every rule names the files of its logic, the first one reporting it", () => {
  const logic = logicComments(read("rules.ts"));
  assert.deepEqual([...logic.keys()], netdryrunRules.map((r) => r.id));
  for (const [id, files] of logic) {
    assert.ok(files.length > 0, `${id} names no file`);
    files.forEach((file) => assert.ok(read(file).length > 0, `${id}: ${file} is empty`));
    assert.ok(read(files[0]).includes(`"${id}"`), `${id}: ${files[0]} does not report it`);
  }
});

Deno.test("a rule file in rules/ is named after its rule", () => {
  for (const [id, files] of logicComments(read("rules.ts"))) {
    const own = files.filter((f) => f.startsWith("rules/"));
    if (own.length === 0) continue;
    const name = "rules/_" + id.replace(/^NDR-/, "").toLowerCase().replaceAll("-", "_") + ".ts";
    assert.deepEqual(own, [name], id);
  }
});

Deno.test("every rule id reported in rules/ is in a file its rule names", () => {
  const logic = logicComments(read("rules.ts"));
  const known = new Set(netdryrunRules.map((r) => r.id));
  let seen = 0;
  for (const entry of Deno.readDirSync(new URL("rules/", HERE))) {
    if (!entry.name.endsWith(".ts") || entry.name.endsWith("_test.ts")) continue;
    const file = `rules/${entry.name}`;
    for (const [, id] of read(file).matchAll(/"(NDR-[A-Z-]+)"/g)) {
      assert.ok(known.has(id), `${file} reports an unknown rule ${id}`);
      assert.ok(logic.get(id)!.includes(file), `${id} is reported in ${file}, not named`);
      seen++;
    }
  }
  assert.ok(seen >= 16, `only ${seen} rule ids found in rules/`);
});
