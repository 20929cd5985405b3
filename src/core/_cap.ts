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

/** Room kept for the marker: a cut string, marker included, is never longer than its cap. */
const MARKER_ROOM = 40;

/**
 * `text`, or its first characters and a marker when longer than `max`; the result is at
 * most `max` long, so capping again changes nothing.
 */
export function capHead(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - MARKER_ROOM;
  // Never split a surrogate pair.
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end) + dropped(text.length - end);
}

/** `text`, or a marker and its last characters when longer than `max` (for tails of logs). */
export function capTail(text: string, max: number): string {
  if (text.length <= max) return text;
  let start = text.length - (max - MARKER_ROOM);
  const c = text.charCodeAt(start);
  if (c >= 0xdc00 && c <= 0xdfff) start++;
  return `[${start} characters dropped] …` + text.slice(start);
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

function capFinding(f: Finding): Finding {
  return f.message.length <= CAPS.finding ? f : { ...f, message: capHead(f.message, CAPS.finding) };
}

/** The case report with every string that may come from the implementation capped. */
export function capCase<C extends CaseReport>(report: C): C {
  switch (report.outcome) {
    case "skipped":
      return { ...report, reason: capHead(report.reason, CAPS.reason) };
    case "errored":
      return {
        ...report,
        message: capHead(report.message, CAPS.message),
        ...(report.stderr !== undefined ? { stderr: capTail(report.stderr, CAPS.stderr) } : {}),
      };
    default:
      return report.findings.some((f) => f.message.length > CAPS.finding)
        ? { ...report, findings: report.findings.map(capFinding) }
        : report;
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
