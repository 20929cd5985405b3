// Reading the contracts the rules quote: where a cited file lives, its text as a quote is
// matched against (whitespace-normalised; a JSON file's decoded strings included), and the
// fragments of a quote. Used by the quote test and the traceability tables.

/** Separator of the fragments of one quote, each of which must occur in the cited file. */
export const QUOTE_GAP = " […] ";

/** The shared specs folder (`../shared/specs/` beside the repository). */
export const SPECS_DIR: URL = new URL("../../shared/specs/", import.meta.url);

/** The repository root. */
export const REPO_DIR: URL = new URL("../", import.meta.url);

/** The spec files whose copies the repository ships byte for byte. */
const SHIPPED: Record<string, string> = {
  "netdryrun-mcp-result-v1.schema.json": "conformance/netdryrun/mcp-result-v1.schema.json",
};

/** Collapses every run of whitespace to one space and trims. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** The fragments of a quote, whitespace-normalised. */
export function quoteFragments(quote: string): string[] {
  return quote.split(QUOTE_GAP).map(normalizeSpace).filter((f) => f.length > 0);
}

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) { for (const v of value) strings(v, out); }
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      out.push(k);
      strings(v, out);
    }
  }
  return out;
}

/**
 * The text a quote of `spec` is matched against: the file itself and, for JSON, each decoded
 * string on a line of its own; whitespace-normalised.
 */
export function searchableText(spec: string, text: string): string {
  if (!spec.endsWith(".json")) return normalizeSpace(text);
  let decoded: string[] = [];
  try {
    decoded = strings(JSON.parse(text), []);
  } catch {
    // Not JSON: the raw text only.
  }
  return [text, ...decoded].map(normalizeSpace).join("\n");
}

/**
 * Where a cited file can be read: repository files (`spec-notes/`, `docs/`) in the
 * repository, spec files in the shared specs folder (or the repository's byte-for-byte copy);
 * `undefined` for a URL.
 */
export function citedFileUrls(spec: string): URL[] {
  if (/^https?:\/\//.test(spec)) return [];
  if (spec.startsWith("spec-notes/") || spec.startsWith("docs/")) return [new URL(spec, REPO_DIR)];
  const urls = [new URL(spec, SPECS_DIR)];
  if (SHIPPED[spec]) urls.push(new URL(SHIPPED[spec], REPO_DIR));
  return urls;
}

/** Reads the first readable of `urls`, or `undefined` when none is. */
export function readFirst(urls: readonly URL[]): string | undefined {
  for (const url of urls) {
    try {
      return Deno.readTextFileSync(url);
    } catch {
      // Try the next one.
    }
  }
  return undefined;
}
