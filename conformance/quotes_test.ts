/**
 * Quoted traceability: every rule of every registered profile quotes the sentence(s) of its
 * contract, each quote occurs in the cited file (whitespace-normalised), and every rule's level
 * is the one its profile's spec-notes audit table records.
 */
import assert from "node:assert/strict";
import {
  citedFileUrls,
  normalizeSpace,
  quoteFragments,
  readFirst,
  searchableText,
  SPECS_DIR,
} from "../cli/_spec_text.ts";
import { profiles } from "./profiles.ts";

function sharedSpecs(): { name: string; text: string }[] {
  try {
    return [...Deno.readDirSync(SPECS_DIR)]
      .filter((e) => e.isFile && /\.(md|json)$/.test(e.name))
      .map((e) => ({
        name: e.name,
        text: searchableText(e.name, Deno.readTextFileSync(new URL(e.name, SPECS_DIR))),
      }));
  } catch {
    return [];
  }
}
const specs = sharedSpecs();

/** The problems of one rule's quote; empty when it is sound or its file cannot be read. */
function quoteProblems(id: string, spec: string, quote: string | undefined): string[] {
  if (typeof quote !== "string" || normalizeSpace(quote).length === 0) {
    return [`${id}: no quote`];
  }
  if (/^https?:\/\//.test(spec)) {
    return /^https:\/\/modelcontextprotocol\.io\/specification\//.test(spec)
      ? []
      : [`${id}: a URL citation must be the MCP specification, not "${spec}"`];
  }
  const raw = readFirst(citedFileUrls(spec));
  if (raw === undefined) return [];
  const own = searchableText(spec, raw);
  const problems: string[] = [];
  for (const fragment of quoteFragments(quote)) {
    if (own.includes(fragment)) continue;
    // A spec-notes citation quotes the spec sentence its reading starts from.
    if (spec.startsWith("spec-notes/")) {
      if (specs.length === 0 || specs.some((s) => s.text.includes(fragment))) continue;
    }
    problems.push(`${id}: "${fragment}" is not in "${spec}"`);
  }
  return problems;
}

for (const profile of profiles) {
  Deno.test(`${profile.id}: every rule quotes its contract, verbatim`, () => {
    const problems = profile.rules.flatMap((r) => quoteProblems(r.id, r.cite.spec, r.cite.quote));
    assert.deepEqual(problems, []);
  });

  const notes = [...new Set(profile.rules.map((r) => r.cite.spec))]
    .filter((s) => s.startsWith("spec-notes/"));
  const audited = notes.map((n) => ({ n, text: readFirst(citedFileUrls(n)) ?? "" }))
    .filter(({ text }) => /^## Audit/m.test(text));
  if (audited.length === 0) continue;
  Deno.test(`${profile.id}: every rule's level is the one its audit table records`, () => {
    const recorded = new Map<string, string>();
    for (const { text } of audited) {
      const section = text.slice(text.search(/^## Audit/m)).split(/^## (?!Audit)/m)[0];
      for (const m of section.matchAll(/^- \*\*([A-Z][A-Z0-9-]+)\*\*: (MUST|SHOULD) /gm)) {
        recorded.set(m[1], m[2]);
      }
    }
    const problems = profile.rules
      .filter((r) => recorded.get(r.id) !== r.level)
      .map((r) => `${r.id}: rules.ts says ${r.level}, the audit says ${recorded.get(r.id)}`);
    assert.deepEqual(problems, []);
    // The audit entry records the rule's current quote.
    const entries = new Map<string, string>();
    for (const { text } of audited) {
      for (const entry of text.split(/^(?=- \*\*)/m)) {
        const id = /^- \*\*([A-Z][A-Z0-9-]+)\*\*/.exec(entry)?.[1];
        if (id) entries.set(id, normalizeSpace(entry));
      }
    }
    const stale = profile.rules
      .filter((r) => !entries.get(r.id)?.includes(normalizeSpace(r.cite.quote ?? "")))
      .map((r) => `${r.id}: the audit entry does not record the quote of rules.ts`);
    assert.deepEqual(stale, []);
  });
}

Deno.test("a quote that is not in its file is reported", () => {
  const problems = quoteProblems(
    "X",
    "spec-notes/tool-response.md",
    "a sentence no spec contains, 7f3a",
  );
  assert.deepEqual(
    problems,
    specs.length === 0 ? [] : [
      'X: "a sentence no spec contains, 7f3a" is not in "spec-notes/tool-response.md"',
    ],
  );
  assert.deepEqual(quoteProblems("Y", "spec-notes/tool-response.md", " "), ["Y: no quote"]);
  assert.deepEqual(quoteProblems("Z", "https://example.com/x", "q"), [
    'Z: a URL citation must be the MCP specification, not "https://example.com/x"',
  ]);
});
