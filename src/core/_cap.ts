// Caps on the strings an implementation puts into a report (private): whatever it sends, a
// case's reason, message, stderr, raised exception and findings, and the implementation's
// info, stay within documented sizes, cut with a visible marker. Memory per case is then
// bounded, and a report of many cases never grows past what a string can hold.
import type { CaseReport, Finding, ImplementationInfo, Reply } from "./types.ts";

/** The caps, in UTF-16 code units (JavaScript string length), of each kind of string. */
export const CAPS = {
  /** A skipped case's `reason`. */
  reason: 4096,
  /** An errored case's `message`. */
  message: 8192,
  /** An errored case's `stderr` (its last characters are kept). */
  stderr: 8192,
  /** A raised exception's `type`. */
  raisedType: 256,
  /** A raised exception's `message`. */
  raisedMessage: 4096,
  /** A raised exception's `traceback` (its last characters are kept). */
  traceback: 16384,
  /** A finding's `message` (it may quote the implementation's values). */
  finding: 4096,
  /** Each string of the implementation's info (name, version, any other member). */
  info: 1024,
  /** A suite's `startError` (a refusal's message and the stderr of the start). */
  start: 81920,
} as const;

/** Members of the implementation's info kept (past them, the rest is dropped and counted). */
export const INFO_MEMBERS = 64;

/** Array items and nesting depth kept in the implementation's info. */
const INFO_ITEMS = 64;
const INFO_DEPTH = 4;

/** The marker of a cut string: `… [N characters dropped]` (N up to 2^53 fits MARKER_ROOM). */
function dropped(n: number): string {
  return `… [${n} characters dropped]`;
}

/**
 * A fresh copy of `text` that shares no memory with it. V8 makes `slice` a view that keeps the
 * whole original alive (a 4 KiB cut of a 7 MB reason holds the 7 MB): what a report keeps from
 * an implementation's string is copied, so its size is all it holds. The JSON round trip keeps
 * every code unit, lone surrogates included.
 */
export function copyString(text: string): string {
  return JSON.parse(JSON.stringify(text));
}

/** Room kept for the marker: a cut string, marker included, is never longer than its cap. */
const MARKER_ROOM = 40;

/**
 * `text`, or its first characters and a marker when longer than `max`; the result is at
 * most `max` long, so capping again changes nothing. The result is a copy (see
 * {@linkcode copyString}): it never keeps `text` alive.
 */
export function capHead(text: string, max: number): string {
  if (text.length <= max) return copyString(text);
  let end = max - MARKER_ROOM;
  // Never split a surrogate pair.
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return copyString(text.slice(0, end) + dropped(text.length - end));
}

/** `text`, or a marker and its last characters when longer than `max` (for tails of logs). */
export function capTail(text: string, max: number): string {
  if (text.length <= max) return copyString(text);
  let start = text.length - (max - MARKER_ROOM);
  const c = text.charCodeAt(start);
  if (c >= 0xdc00 && c <= 0xdfff) start++;
  return copyString(`[${start} characters dropped] …` + text.slice(start));
}

/** The reply with its strings capped (a `result` is bounded as evidence, elsewhere). */
export function capReply<R extends Reply>(reply: R): R {
  switch (reply.kind) {
    case "raised":
      return {
        ...reply,
        type: capHead(String(reply.type), CAPS.raisedType),
        message: capHead(String(reply.message), CAPS.raisedMessage),
        ...(reply.traceback !== undefined
          ? { traceback: capTail(String(reply.traceback), CAPS.traceback) }
          : {}),
      };
    case "skipped":
      return { ...reply, reason: capHead(String(reply.reason), CAPS.reason) };
    case "errored":
      return {
        ...reply,
        message: capHead(String(reply.message), CAPS.message),
        ...(reply.stderr !== undefined
          ? { stderr: capTail(String(reply.stderr), CAPS.stderr) }
          : {}),
      };
    default:
      return reply;
  }
}

/** Findings a case keeps of one rule, and of all rules (past them, they are counted). */
export const FINDINGS = { perRule: 100, perCase: 1000 } as const;

function capFinding(f: Finding): Finding {
  return { ...f, message: capHead(f.message, CAPS.finding) };
}

/**
 * The first findings of a case, at most {@linkcode FINDINGS} `perRule` of a rule and `perCase`
 * in all, except that the first finding of each rule and level is always kept (the outcome
 * and the rule counts stay those of every finding), with the count left out of each rule.
 */
function capFindings(
  findings: readonly Finding[],
): { findings: Finding[]; findingsDropped?: Record<string, number> } {
  const ofRule = new Map<string, number>();
  const seen = new Set<string>();
  const kept: Finding[] = [];
  const dropped: Record<string, number> = {};
  for (const f of findings) {
    const n = ofRule.get(f.ruleId) ?? 0;
    const first = !seen.has(`${f.level} ${f.ruleId}`);
    if (first || (n < FINDINGS.perRule && kept.length < FINDINGS.perCase)) {
      kept.push(capFinding(f));
      ofRule.set(f.ruleId, n + 1);
      seen.add(`${f.level} ${f.ruleId}`);
    } else {
      const id = capHead(f.ruleId, CAPS.info);
      dropped[id] = (dropped[id] ?? 0) + 1;
    }
  }
  return kept.length < findings.length
    ? { findings: kept, findingsDropped: dropped }
    : { findings: kept };
}

/**
 * The case report with every string that may come from the implementation capped (and
 * copied), and its findings bounded (see {@linkcode FINDINGS}).
 */
export function capCase<C extends CaseReport>(report: C): C {
  switch (report.outcome) {
    case "skipped":
      return { ...report, reason: capHead(report.reason, CAPS.reason) };
    case "errored":
      return {
        ...report,
        message: capHead(report.message, CAPS.message),
        ...(report.stderr !== undefined ? { stderr: capTail(report.stderr, CAPS.stderr) } : {}),
        ...(report.fault
          ? {
            fault: {
              kind: report.fault.kind,
              ...(report.fault.detail !== undefined
                ? { detail: capHead(String(report.fault.detail), CAPS.raisedType) }
                : {}),
            },
          }
          : {}),
      };
    default:
      return { ...report, ...capFindings(report.findings) };
  }
}

function capValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return capHead(value, CAPS.info);
  if (value === null || typeof value !== "object") return value;
  if (depth >= INFO_DEPTH) return "[nested too deep]";
  if (Array.isArray(value)) {
    const items = value.slice(0, INFO_ITEMS).map((v) => capValue(v, depth + 1));
    if (value.length > INFO_ITEMS) items.push(`[${value.length - INFO_ITEMS} items dropped]`);
    return items;
  }
  const entries = Object.entries(value);
  const kept: Record<string, unknown> = {};
  for (const [k, v] of entries.slice(0, INFO_MEMBERS)) {
    kept[capHead(k, CAPS.info)] = capValue(v, depth + 1);
  }
  if (entries.length > INFO_MEMBERS) {
    kept["[netconform]"] = `${entries.length - INFO_MEMBERS} members dropped`;
  }
  return kept;
}

/** The implementation's info with each string capped and its size bounded. */
export function capInfo(info: ImplementationInfo): ImplementationInfo {
  return capValue(info, 0) as ImplementationInfo;
}
