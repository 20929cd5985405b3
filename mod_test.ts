/**
 * The shape of the kit as a whole: what `mod.ts` costs a user to import, how many names it
 * exports, and the layers of the code (library <- profiles <- CLI), with no import circle.
 */
import assert from "node:assert/strict";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("./", import.meta.url));

Deno.test("mod.ts: a script that imports it and checks documents runs with no permission at all", async () => {
  const script = join(ROOT, "testdata", "check_without_permissions.ts");
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "--quiet", script],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const stderr = new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, stderr);
  assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), {
    good: 0,
    bad: ["TR-TOTAL"],
    validate: 0,
  });
});

Deno.test("mod.ts: exports the core only (about 60 names at most)", async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["doc", "--json", "mod.ts"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const doc = JSON.parse(new TextDecoder().decode(out.stdout)) as {
    nodes: Record<string, { symbols?: { name: string }[] }>;
  };
  const names = new Set(
    Object.values(doc.nodes).flatMap((m) => (m.symbols ?? []).map((s) => s.name)),
  );
  assert.ok(names.size > 20, `only ${names.size} names: the doc output changed shape`);
  assert.ok(names.size <= 65, `${names.size} names: ${[...names].sort().join(", ")}`);
  for (const internal of ["loadConfig", "adapterKinds", "embeddedTargets", "naiveConsumer"]) {
    assert.ok(!names.has(internal), `mod.ts exports "${internal}"`);
  }
});

/** Every TypeScript file of the kit, relative to the root, with its relative imports. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  async function walk(dir: string) {
    for await (const entry of Deno.readDir(join(ROOT, dir))) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory) {
        if (![".git", "node_modules", "coverage", "reports"].includes(entry.name)) await walk(path);
      } else if (entry.name.endsWith(".ts")) {
        const text = await Deno.readTextFile(join(ROOT, path));
        graph.set(
          path,
          relativeImports(text).map((s) => relative(ROOT, resolve(ROOT, dirname(path), s))),
        );
      }
    }
  }
  await walk("");
  return graph;
}

/** Relative specifiers of the static and dynamic imports and re-exports of a module. */
function relativeImports(source: string): string[] {
  // Comments hold doc examples whose imports are not the module's own.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const specifiers: string[] = [];
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*"(\.{1,2}\/[^"]+)"/gm,
    /^\s*import\s*"(\.{1,2}\/[^"]+)"/gm,
    /\bimport\(\s*"(\.{1,2}\/[^"]+)"\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const m of code.matchAll(pattern)) specifiers.push(m[1]);
  }
  return specifiers.filter((s) => s.endsWith(".ts"));
}

function layerOf(path: string): number {
  if (path.startsWith("src/")) return 0;
  if (path.startsWith("conformance/")) return 1;
  return 2; // cli/, examples/, bench/, mod.ts, tests at the root
}

Deno.test("layers: the library never imports a profile or the CLI, profiles never import the CLI", async () => {
  const graph = await importGraph();
  assert.ok(graph.size > 100, `only ${graph.size} files found`);
  const wrong: string[] = [];
  for (const [file, imports] of graph) {
    // An adapter's integration tests (and their helpers in testdata/) may talk to a reference
    // server of a profile; core's tests use a fake suite, so they are held to the rule.
    const forTests = file.endsWith("_test.ts") || file.includes("/testdata/");
    if (forTests && !file.startsWith("src/core/")) continue;
    for (const target of imports) {
      if (layerOf(target) > layerOf(file)) wrong.push(`${file} -> ${target}`);
      const isTest = file.endsWith("_test.ts");
      if (!isTest && file.startsWith("src/core/") && /^src\/(adapters|report)\//.test(target)) {
        wrong.push(`${file} -> ${target} (core imports no adapter or renderer)`);
      }
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("layers: only the MCP adapters (and the reference server) load the MCP SDK", async () => {
  const graph = await importGraph();
  const loaders = [...graph].filter(([, imports]) => imports.includes("src/adapters/_mcp_sdk.ts"))
    .map(([file]) => file)
    // Tests and their helpers (testdata/) are not shipped code.
    .filter((f) =>
      /^(src|conformance)\//.test(f) && !f.endsWith("_test.ts") && !f.includes("/testdata/")
    );
  for (const file of loaders) {
    assert.match(
      file,
      /^(src\/adapters\/mcp_|conformance\/netdryrun_mcp\/reference_server\/)/,
      file,
    );
  }
  assert.ok(loaders.length >= 3, loaders.join(", "));
});

Deno.test("layers: no import circle", async () => {
  const graph = await importGraph();
  // Tarjan's strongly connected components: any component of two or more files is a circle.
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indices.get(w)!));
      }
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  assert.deepEqual(circles, []);
});

Deno.test("one idea per file: no source file reaches 500 lines", async () => {
  const graph = await importGraph();
  const long: string[] = [];
  for (const file of graph.keys()) {
    if (file.endsWith("_test.ts")) continue;
    const lines = (await Deno.readTextFile(join(ROOT, file))).split("\n").length;
    if (lines >= 500) long.push(`${file}: ${lines} lines`);
  }
  assert.deepEqual(long, []);
});
