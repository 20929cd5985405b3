import type { Verdict } from "../core/types.ts";
import type { StreamedReport } from "./streamed_report.ts";

const COLOUR: Record<Verdict, string> = {
  "conformant": "#2da44e",
  "conformant-with-warnings": "#9a6700",
  "not-conformant": "#cf222e",
  "incomplete": "#6e7781",
};

function xml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&apos;")
    // Characters XML 1.0 does not allow at all.
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu, "?");
}

/** Rough width of text in 11px Verdana, the badge's font. */
function width(text: string): number {
  let w = 0;
  for (const ch of text) w += /[iljtf.,:;'!|() ]/.test(ch) ? 4 : /[mwMW]/.test(ch) ? 10 : 7;
  return w + 10;
}

/**
 * The label and message of a report's badge: the profile (when the report has one, else
 * `netconform`), and `conformant`, `conformant with warnings`, `incomplete`, or for a run that
 * is not conformant how many MUST rules held (`N/M MUST rules`, over every suite's MUST
 * rules).
 *
 * @example The message of a failing run
 * ```ts
 * import assert from "node:assert/strict";
 * import { badgeText } from "./render_badge.ts";
 *
 * const rule = { level: "MUST" as const, statement: "s", cite: { spec: "x", section: "y" } };
 * const text = badgeText({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   verdict: "not-conformant",
 *   suites: [{
 *     target: "t", adapter: "a", profile: "p/v1", seed: 1, runs: 1, cases: [],
 *     rules: [{ ...rule, id: "A", cases: 3, failures: 0 }, { ...rule, id: "B", cases: 3, failures: 1 }],
 *     counts: { passed: 2, failed: 1, skipped: 0, errored: 0 },
 *     verdict: "not-conformant",
 *   }],
 * });
 * assert.deepEqual(text, { label: "p/v1", message: "1/2 MUST rules" });
 * ```
 *
 * @param report The report.
 * @returns The label and the message.
 */
export function badgeText(report: StreamedReport): { label: string; message: string } {
  const profiles = [...new Set(report.suites.map((s) => s.profile))];
  const label = profiles.length === 1 ? profiles[0] : "netconform";
  let message: string;
  switch (report.verdict) {
    case "conformant":
      message = "conformant";
      break;
    case "conformant-with-warnings":
      message = "conformant with warnings";
      break;
    case "not-conformant": {
      const must = report.suites.flatMap((s) => s.rules.filter((r) => r.level === "MUST"));
      const held = must.filter((r) => r.failures === 0).length;
      message = `${held}/${must.length} MUST rules`;
      break;
    }
    default:
      message = "incomplete";
  }
  return { label, message };
}

/**
 * Render a report's badge as an SVG image (the flat style of shields.io): the profile on the
 * left, the verdict or how many MUST rules held on the right, coloured by the verdict (green
 * conformant, amber warnings, red not conformant, grey incomplete). See {@linkcode badgeText}.
 *
 * @example A conformant badge is green
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderBadge } from "./render_badge.ts";
 *
 * const svg = renderBadge({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   suites: [],
 *   verdict: "conformant",
 * });
 * assert.match(svg, /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
 * assert.match(svg, /netconform: conformant/);
 * assert.match(svg, /#2da44e/);
 * ```
 *
 * @param report The report.
 * @returns The SVG document.
 */
export function renderBadge(report: StreamedReport): string {
  const { label, message } = badgeText(report);
  const colour = COLOUR[report.verdict] ?? COLOUR.incomplete;
  const lw = width(label);
  const mw = width(message);
  const total = lw + mw;
  const l = xml(label);
  const m = xml(message);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${l}: ${m}">
<title>${l}: ${m}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${total}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#555"/><rect x="${lw}" width="${mw}" height="20" fill="${colour}"/><rect width="${total}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${lw / 2}" y="14">${l}</text><text x="${lw + mw / 2}" y="14">${m}</text>
</g>
</svg>
`;
}
