// The normative units of a spec, in order: what the traceability tables list. A unit is one
// sentence of prose, one list item, one table row or one code line of a normative section of
// a Markdown spec, or one sentence of a `description` string of a JSON Schema spec.
import { normalizeSpace } from "./_spec_text.ts";

/** One normative unit of a spec. */
export interface TraceUnit {
  /** Section path (Markdown headings joined with ` › `) or JSON Pointer of the description. */
  section: string;
  /** What kind of unit it is. */
  kind: "sentence" | "list item" | "table row" | "code line" | "description";
  /** The unit's text, whitespace-normalised. */
  text: string;
}

const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z`"*(])/;

function sentences(text: string): string[] {
  return normalizeSpace(text).split(SENTENCE_END).map((s) => s.trim()).filter((s) => s !== "");
}

/** Code lines shorter than this are joined to the line before them. */
const SHORT = 16;

/** Lines of code that say nothing on their own: brackets, quotes, ellipses. */
const TRIVIAL_CODE = /^[\s{}[\](),:;"'`.…#-]*$/;

/**
 * The units of a Markdown spec, in the sections `normative` names (a section counts with all
 * its subsections; names are matched against the heading text).
 */
export function markdownUnits(text: string, normative: readonly string[]): TraceUnit[] {
  const units: TraceUnit[] = [];
  const path: string[] = [];
  let inCode = false;
  let paragraph: string[] = [];
  let tableHeader = true;
  // The document's title (level 1) is left out of the section path.
  const section = () => path.slice(1).filter((p) => p !== "").join(" › ");
  const isNormative = () => path.some((p) => normative.includes(p));
  const flush = () => {
    if (paragraph.length > 0 && isNormative()) {
      for (const s of sentences(paragraph.join(" "))) {
        units.push({ section: section(), kind: "sentence", text: s });
      }
    }
    paragraph = [];
  };
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (line.startsWith("```")) {
      flush();
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      const code = normalizeSpace(line);
      if (isNormative() && !TRIVIAL_CODE.test(code)) {
        // A short line (an argument, a keyword) belongs with the line before it.
        const last = units.at(-1);
        if (code.length < SHORT && last?.kind === "code line" && last.section === section()) {
          last.text = `${last.text} ${code}`;
        } else {
          units.push({ section: section(), kind: "code line", text: code });
        }
      }
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      const level = heading[1].length;
      path.length = level - 1;
      for (let i = 0; i < level - 1; i++) path[i] ??= "";
      path[level - 1] = heading[2].trim();
      tableHeader = true;
      continue;
    }
    if (line.trim() === "" || /^-{3,}$/.test(line.trim())) {
      flush();
      tableHeader = true;
      continue;
    }
    if (line.trimStart().startsWith("|")) {
      flush();
      const row = normalizeSpace(line);
      if (/^\|[\s|:-]+\|$/.test(row)) continue; // separator
      if (tableHeader) {
        tableHeader = false;
        continue;
      }
      if (isNormative()) units.push({ section: section(), kind: "table row", text: row });
      continue;
    }
    tableHeader = true;
    if (/^\s*([-*]|\d+\.)\s+/.test(line)) {
      flush();
      if (isNormative()) {
        units.push({ section: section(), kind: "list item", text: normalizeSpace(line) });
      }
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return units;
}

/** The units of a JSON Schema spec: every sentence of every `description`, in document order. */
export function schemaUnits(text: string): TraceUnit[] {
  const units: TraceUnit[] = [];
  const walk = (value: unknown, pointer: string) => {
    if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${pointer}/${i}`));
      return;
    }
    if (value === null || typeof value !== "object") return;
    for (const [key, v] of Object.entries(value)) {
      const here = `${pointer}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
      if (key === "description" && typeof v === "string") {
        for (const s of sentences(v)) {
          units.push({ section: pointer || "/", kind: "description", text: s });
        }
      } else {
        walk(v, here);
      }
    }
  };
  walk(JSON.parse(text), "#");
  return units;
}
