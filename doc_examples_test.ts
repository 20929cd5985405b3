/**
 * Every JSDoc example of the kit's modules runs (see _doc_examples.ts: one worker for all of
 * them instead of one each), and the finder finds what `deno check --doc` checks.
 */
import assert from "node:assert/strict";
import { docExamples, exampleModule, locatedError, sourceFiles } from "./_doc_examples.ts";

const ROOT = new URL("./", import.meta.url);
const config = JSON.parse(Deno.readTextFileSync(new URL("deno.json", ROOT))) as {
  exclude?: string[];
};
const files = sourceFiles(ROOT, config.exclude ?? []);
const sources = new Map(files.map((path) => [path, Deno.readTextFileSync(new URL(path, ROOT))]));
const examples = files.flatMap((path) =>
  docExamples(sources.get(path)!, { path, url: new URL(path, ROOT) })
);

for (const example of examples) {
  Deno.test(`${example.file}#${example.start}-${example.end}`, async () => {
    const url = exampleModule(example);
    try {
      await import(url);
    } catch (error) {
      throw locatedError(error, example, url);
    }
  });
}

Deno.test("doc examples: a ```ts block is found with its lines, relative imports and import.meta.url resolved; ignore and other languages are not", () => {
  const source = [
    "/**", // 1
    " * Does x.", // 2
    " * ```ts", // 3
    ' * import { x } from "./x.ts";', // 4
    ' * x(new URL("a/", import.meta.url));', // 5
    " * ```", // 6
    " * ```ts ignore", // 7
    " * never();", // 8
    " * ```", // 9
    " * ```sh", // 10
    " * ls", // 11
    " * ```", // 12
    " */", // 13
    "/** ```ts */", // 14
    "// ```ts", // 15
  ].join("\n");
  const url = new URL("file:///k/src/y.ts");
  const found = docExamples(source, { path: "./src/y.ts", url });
  assert.deepEqual(found, [{
    file: "./src/y.ts",
    start: 3,
    end: 6,
    code: 'import { x } from "file:///k/src/x.ts";\nx(new URL("a/", "file:///k/src/y.ts"));',
  }]);
});

Deno.test("doc examples: the kit's modules have their examples found (a module with @example and none found is a finder bug)", () => {
  assert.ok(files.length > 100, `${files.length} source files`);
  assert.ok(!files.some((f) => f.endsWith("_test.ts") || f.includes("/node_modules/")));
  const withExamples = new Set(examples.map((e) => e.file));
  const missed = files.filter((f) =>
    /@example[^\n]*\n(?:\s*\*[^\n]*\n)*?\s*\*\s*```ts\s*\n/.test(sources.get(f)!) &&
    !withExamples.has(f)
  );
  assert.deepEqual(missed, []);
  assert.ok(examples.length >= 140, `${examples.length} examples`);
});

Deno.test("doc examples: a failing example's stack names its file and line, not its data: URL", async () => {
  const example = {
    file: "./src/z.ts",
    start: 10,
    end: 14,
    code: 'import assert from "node:assert/strict";\n\nassert.equal(1, 2);',
  };
  const url = exampleModule(example);
  const error = await import(url).then(() => undefined, (e) => locatedError(e, example, url));
  assert.ok(error instanceof Error);
  assert.ok(!error.stack!.includes("data:"), error.stack);
  assert.match(error.stack!, /\.\/src\/z\.ts:13:\d+/);
});
