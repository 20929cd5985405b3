// The coverage map of a suite as HTML tables (private helper of render_html.ts): a summary line,
// the warnings, and a table of input classes and one of rules. Read without trusting the
// report's shape: a field that is not what the kit writes shows as text, never as JSON.
import { h, plainValue } from "./_html_text.ts";

const MAX_ROWS = 200;

type Row = Record<string, unknown>;

function rows(value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value.map((v) => typeof v === "object" && v !== null ? v as Row : { id: v });
}

function num(v: unknown): string {
  return typeof v === "number" ? String(v) : v === undefined ? "0" : h(plainValue(v), 40);
}

function reasons(v: unknown): string {
  if (typeof v !== "object" || v === null) return "";
  const r = v as { cases?: unknown; reasons?: unknown };
  const list = Array.isArray(r.reasons) ? r.reasons.map((x) => h(plainValue(x), 300)) : [];
  return `${num(r.cases)}${list.length > 0 ? `: ${list.join("; ")}` : ""}`;
}

function table(caption: string, head: string[], body: string[], total: number): string {
  const more = total > MAX_ROWS
    ? `<tr><td colspan="${head.length}">… and ${
      total - MAX_ROWS
    } more (see the JSON report)</td></tr>`
    : "";
  return `<table class="coverage"><caption>${caption}</caption><thead><tr>${
    head.map((c) => `<th scope="col">${c}</th>`).join("")
  }</tr></thead><tbody>${body.join("")}${more}</tbody></table>`;
}

/** The coverage section of a suite, or "" when the report has none. */
export function coverageHtml(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `<p class="coverage">coverage: ${h(plainValue(value), 1000)}</p>`;
  }
  const c = value as { classes?: unknown; rules?: unknown; warnings?: unknown };
  const classes = rows(c.classes);
  const rules = rows(c.rules);
  const hit = classes.filter((x) => typeof x.cases === "number" && x.cases > 0).length;
  const applied = rules.filter((x) => typeof x.applied === "number" && x.applied > 0).length;
  const warnings = Array.isArray(c.warnings) ? c.warnings : [];
  const classRows = classes.slice(0, MAX_ROWS).map((x) =>
    `<tr class="${typeof x.cases === "number" && x.cases > 0 ? "hit" : "missed"}"><td><code>${
      h(plainValue(x.id), 120)
    }</code></td><td>${h(plainValue(x.description ?? ""), 300)}</td><td class="n">${
      num(x.cases)
    }</td><td>${reasons(x.skipped)}</td></tr>`
  );
  const ruleRows = rules.slice(0, MAX_ROWS).map((x) =>
    `<tr><td><code>${h(plainValue(x.id), 80)}</code></td><td class="n">${
      num(x.applied)
    }</td><td class="n">${num(x.passed)}</td><td class="n">${num(x.failed)}</td><td>${
      reasons(x.unchecked)
    }</td></tr>`
  );
  return `<section class="coverage"><p>coverage: ${hit}/${classes.length} input classes hit, ${applied}/${rules.length} rules applied</p>${
    warnings.length > 0
      ? `<ul class="coverage-warnings">${
        warnings.slice(0, 50).map((w) => `<li>${h(plainValue(w), 300)}</li>`).join("")
      }${warnings.length > 50 ? `<li>… and ${warnings.length - 50} more</li>` : ""}</ul>`
      : ""
  }<details><summary>coverage tables: input classes and rules</summary>${
    table(
      "input classes: the judged cases that hit each (and those skipped, with why)",
      ["class", "description", "cases", "skipped"],
      classRows,
      classes.length,
    )
  }${
    table(
      "rules: the cases each applied to, passed and failed (and those it could not check)",
      ["rule", "applied", "passed", "failed", "unchecked"],
      ruleRows,
      rules.length,
    )
  }</details></section>`;
}
