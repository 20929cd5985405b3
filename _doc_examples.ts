// The JSDoc examples of the kit's modules, found and made runnable in one test worker
// (doc_examples_test.ts): `deno test --doc` runs each of the 147 snippets in a worker of its
// own, which loads the kit's modules again each time (67 s of a 2-core wall clock, measured
// with no test run); one worker loads them once. `deno task check` type-checks the same snippets
// (`deno check --doc`), and `deno test --doc README.md docs/` still runs the guides' ones.

/** A ```ts block of a JSDoc comment, where it is and its code. */
export interface DocExample {
  /** The file, relative to the root, as `./src/x.ts`. */
  file: string;
  /** The 1-based lines of its opening and closing fences. */
  start: number;
  end: number;
  /** The code, as a module that imports what it names by absolute URL. */
  code: string;
}

const FENCE = /^```(\S*)(.*)$/;
const RELATIVE = /((?:from|import)\s*\(?\s*)(["'])(\.\.?\/[^"']+)\2/g;

/**
 * The ```ts blocks of the JSDoc comments of one source file (not those marked `ignore`), with
 * relative specifiers and `import.meta.url` resolved against the file.
 *
 * @param source The file's text.
 * @param file Its path relative to the root (`./src/x.ts`) and its URL.
 * @returns Its examples, in order.
 */
export function docExamples(source: string, file: { path: string; url: URL }): DocExample[] {
  const found: DocExample[] = [];
  const lines = source.split("\n");
  let inDoc = false;
  let block: { start: number; lines: string[] } | undefined;
  let skip = false;
  for (const [i, raw] of lines.entries()) {
    if (!inDoc) {
      inDoc = raw.trimStart().startsWith("/**") && !raw.includes("*/");
      continue;
    }
    if (raw.includes("*/")) {
      inDoc = false;
      block = undefined;
      continue;
    }
    const line = raw.replace(/^\s*\* ?/, "");
    const fence = FENCE.exec(line.trim());
    if (fence && block === undefined) {
      const lang = fence[1];
      skip = !(lang === "ts" || lang === "typescript") || /\bignore\b/.test(fence[2]);
      block = { start: i + 1, lines: [] };
    } else if (fence && fence[1] === "" && block) {
      if (!skip) {
        found.push({
          file: file.path,
          start: block.start,
          end: i + 1,
          code: resolved(block.lines.join("\n"), file.url),
        });
      }
      block = undefined;
    } else if (block) block.lines.push(line);
  }
  return found;
}

function resolved(code: string, url: URL): string {
  return code
    .replace(
      RELATIVE,
      (_m, head, quote, spec) => `${head}${quote}${new URL(spec, url).href}${quote}`,
    )
    .replaceAll("import.meta.url", JSON.stringify(url.href));
}

/**
 * The example as a module URL to import (a `data:` URL: nothing is written to disk).
 *
 * @param example The example.
 * @returns Its module URL.
 */
export function exampleModule(example: DocExample): string {
  return `data:application/typescript,${encodeURIComponent(example.code)}`;
}

/**
 * The error an example threw, its stack naming the source file's lines instead of the
 * example's `data:` URL (line `n` of an example is line `start + n` of its file).
 *
 * @param error What the import of {@linkcode exampleModule} threw.
 * @param example The example.
 * @param url The module URL it was imported from.
 * @returns The same error, its stack and message mapped.
 */
export function locatedError(error: unknown, example: DocExample, url: string): unknown {
  if (!(error instanceof Error)) return error;
  const map = (text: string) =>
    text.split(url).map((part, i) =>
      i === 0 ? part : part.replace(/^:(\d+)/, (_m, line) => `:${example.start + Number(line)}`)
    ).join(example.file);
  error.message = map(error.message);
  if (error.stack) error.stack = map(error.stack);
  return error;
}

/**
 * The kit's TypeScript source files that are not tests, as `deno test --doc .` finds them:
 * no hidden folder, no node_modules, nothing deno.json excludes.
 *
 * @param root The kit's root folder URL (ending in `/`).
 * @param exclude The folders deno.json excludes, relative to the root (`reports/`).
 * @returns Their paths relative to the root (`./src/x.ts`), sorted.
 */
export function sourceFiles(root: URL, exclude: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of Deno.readDirSync(new URL(rel || ".", root))) {
      const path = `${rel}${entry.name}`;
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      if (entry.isDirectory) {
        if (!exclude.some((e) => `${path}/`.startsWith(e.replace(/^\.\//, "")))) walk(`${path}/`);
      } else if (/\.(ts|tsx|mts)$/.test(path) && !/(_test|\.test)\.(ts|tsx|mts)$/.test(path)) {
        out.push(`./${path}`);
      }
    }
  };
  walk("");
  return out.sort();
}
