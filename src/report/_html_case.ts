// One failed or errored case of the HTML certificate (private helper of render_html.ts): the
// shrunk case first (its findings, what it sent and got, its replay line), the original case it
// came from folded below it; an errored case's message and stderr with their line breaks.
import type { CaseReport, Finding, ReplayData } from "../core/types.ts";
import type { StreamedSuiteReport } from "./streamed_report.ts";
import type { CaseGroup } from "./_case_groups.ts";
import { h, preText, prettyJson } from "./_html_text.ts";
import { jsonLine } from "./_evidence_view.ts";

/** Evidence fields a case may carry, read without trusting their shape. */
interface Evidence {
  input?: unknown;
  output?: unknown;
  truncated?: unknown;
}

function evidence(e: Evidence, cls: string): string {
  const truncated = Array.isArray(e.truncated) ? e.truncated.map(String) : [];
  const note = (what: string) =>
    truncated.includes(what) ? " (cut by the harness: the report holds a bounded copy)" : "";
  const parts: string[] = [];
  if (e.input !== undefined) {
    parts.push(`<p>sent${note("input")}:</p><pre class="input${cls}">${prettyJson(e.input)}</pre>`);
  }
  if (e.output !== undefined) {
    parts.push(
      `<p>got back${note("output")}:</p><pre class="output${cls}">${prettyJson(e.output)}</pre>`,
    );
  }
  return parts.join("");
}

function findingsList(findings: readonly Finding[]): string {
  const shown = findings.slice(0, 20).map((f) => {
    const extra = [
      f.expected !== undefined ? `expected <code>${h(jsonLine(f.expected, 300), 300)}</code>` : "",
      f.actual !== undefined ? `found <code>${h(jsonLine(f.actual, 300), 300)}</code>` : "",
    ].filter((x) => x).join("; ");
    return `<li><code>${h(f.ruleId, 80)}</code> (${h(f.level)}) at <code>${
      h(f.instancePath === "" ? "(the whole value)" : f.instancePath, 200)
    }</code>: ${h(f.message, 1000)}${extra ? ` <small>(${extra})</small>` : ""}</li>`;
  });
  const more = findings.length > 20 ? `<li>… and ${findings.length - 20} more</li>` : "";
  return `<ul class="findings">${shown.join("")}${more}</ul>`;
}

function replayBlock(command: string): string {
  return `<p>replay:</p><pre class="replay"><code>${h(command, 2000)}</code></pre>`;
}

function groupNote(group: CaseGroup): string {
  if (group.count === 1) return "";
  return `<p class="group">${group.count} failed cases of <code>${
    h(group.rule ?? "", 80)
  }</code> shrank to the same failure, shown once: ${
    group.ids.map((id) => `<code>${h(id, 120)}</code>`).join(", ")
  }${group.count > group.ids.length ? ", …" : ""}</p>`;
}

function failedBody(c: CaseReport & { outcome: "failed" }, replay: (id: string) => string) {
  const s = c.shrunk;
  if (!s || s.steps === 0) {
    const note = s ? `<p>shrunk: no smaller input still fails (${s.tried} tried)</p>` : "";
    return findingsList(c.findings) + evidence(c, "") + note + replayBlock(replay(c.id));
  }
  const how = `${s.steps} steps, ${s.tried} tried${
    s.stopped ? `, stopped by ${h(s.stopped)}` : ""
  }`;
  return `<section class="shrunk"><h5>shrunk to <code>${h(s.id, 160)}</code> (${how})</h5><p>${
    h(s.description, 500)
  }</p>${findingsList(s.findings)}${evidence(s, " shrunk")}${replayBlock(replay(s.id))}</section>
<details class="original"><summary>the original case <code>${
    h(c.id, 120)
  }</code>, before shrinking (${c.findings.length} finding(s))</summary>${
    findingsList(c.findings)
  }${evidence(c, "")}${replayBlock(replay(c.id))}</details>`;
}

/** The HTML of one shown case (the first of its group). */
export function caseHtml(
  s: StreamedSuiteReport,
  group: CaseGroup,
  render: (data: ReplayData) => string,
): string {
  const c = group.first;
  const replay = (caseId: string) =>
    render({ target: s.target, profile: s.profile, seed: s.seed, caseId });
  let body = "";
  if (c.outcome === "failed") body = failedBody(c, replay);
  else if (c.outcome === "errored") {
    body = `<pre class="message">${preText(c.message, 2000)}</pre>${
      c.stderr
        ? `<p>stderr:</p><pre class="stderr">${preText(c.stderr.slice(-2000), 2000)}</pre>`
        : ""
    }${evidence(c, "")}${replayBlock(replay(c.id))}`;
  }
  // The anchor is the case id with every character outside [A-Za-z0-9_.:-] replaced, so
  // that no text of an implementation ever lands inside a tag.
  const anchor = `${s.target}/${s.profile}/${c.id}`.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 200);
  return `<div class="case ${h(c.outcome)}" id="${anchor}">
<h4>${h(c.outcome)}: <code>${h(c.id, 120)}</code></h4>
<p>${h(c.description, 500)}</p>${groupNote(group)}${body}</div>`;
}
