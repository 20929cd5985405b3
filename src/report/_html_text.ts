// Text of an implementation made safe for the HTML certificate (private helper of
// render_html.ts): printable (escapeText, once: a backslash stays one backslash), then HTML
// escaped. Evidence is shown as the JSON text that was sent and received, one escape deep.
import { escapeText } from "./escape_text.ts";

/** Escape untrusted text for HTML text and attribute values, after making it printable. */
export function h(value: unknown, maxLength = 500): string {
  return escapeText(String(value), { maxLength })
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** Multi-line untrusted text for a `<pre>`: each line escaped, the line breaks kept, capped. */
export function preText(text: string, maxChars = 4000): string {
  const cut = text.length > maxChars;
  const shown = cut ? text.slice(0, maxChars) : text;
  return shown.split("\n").map((line) => h(line, maxChars)).join("\n") +
    (cut ? `\n… (${text.length - maxChars} more characters; see the JSON report)` : "");
}

/**
 * An evidence value as its indented JSON text (what went over the wire, JSON strings with their
 * own escapes once), capped and escaped for a `<pre>`.
 */
export function prettyJson(value: unknown, maxChars = 4000): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  return preText(text, maxChars);
}

/**
 * A value as plain words for a table cell (no JSON punctuation): a string as it is, a list
 * joined with commas, an object as `key: value` pairs.
 */
export function plainValue(value: unknown, depth = 0): string {
  if (value === null || value === undefined) return "none";
  if (typeof value !== "object") return String(value);
  if (depth > 2) return "…";
  if (Array.isArray(value)) {
    return value.slice(0, 50).map((v) => plainValue(v, depth + 1)).join(", ") +
      (value.length > 50 ? `, … (${value.length - 50} more)` : "");
  }
  return Object.entries(value).slice(0, 50).map(([k, v]) => `${k}: ${plainValue(v, depth + 1)}`)
    .join("; ");
}
