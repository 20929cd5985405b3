/**
 * Renders the fault-injection table as Markdown (`docs/reliability.md`), from the rows the
 * suite runs, so that the reliability section of docs/internals.md cannot drift from the tests.
 *
 * @module
 */
import type { Expected, FaultRow } from "./_fault_rows.ts";

const MEANING: Record<Expected, string> = {
  errored:
    "the faulty case is **errored** (a harness fault, not the target's failure); the cases before and after it pass",
  finding:
    "the faulty case **fails** on `FAULT-ECHO` (the contract is broken); the cases before and after it pass",
  start: "the target **cannot start**: the suite is `incomplete` with a `startError`",
  down: "the target is **unreachable**: every case is errored, the suite `incomplete`",
  gone:
    "the faulty case and every later one are **errored**: the target is gone and its adapter does not restart it",
  passed: "the fault is **tolerated**: every case passes",
  skipped:
    "the faulty case is **skipped** with a bounded reason; the cases before and after it pass",
  "blamed-next":
    "the faulty case is judged on its first answer (a wrong value: it **fails** on `FAULT-ECHO`); its second answer to the same request is a protocol violation that **errors the next case** (docs/subprocess-protocol.md); the case before passes",
};

const cell = (text: string) => text.replaceAll("|", "\\|");

/** A Markdown table with padded columns, as `deno fmt` writes it. */
function table(header: string[], body: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(3, h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)];
}

/**
 * The Markdown page of the fault-injection table.
 *
 * @param rows The rows of `FAULT_ROWS`.
 * @returns The page, ending with a newline.
 */
export function reliabilityTable(rows: readonly FaultRow[]): string {
  const lines = [
    "# Reliability: the fault-injection table",
    "",
    "<!-- Generated from conformance/faults/_fault_rows.ts: do not edit. Regenerate with",
    "     CONFORM_UPDATE_FAULTS=1 deno test -A conformance/faults/fault_injection_integration_test.ts -->",
    "",
    "Every fault below is injected by `conformance/faults/fault_injection_integration_test.ts` into a tiny",
    "suite of three cases (an echo before the fault, the faulty case, an echo after it) run",
    "through the real adapter of its transport with `runConformance`. Each row asserts that",
    "the run ends within its bound, says what the table says, loses no finding, writes a JSON",
    "report valid against `conformance/faults/report.schema.json`, and leaves no process",
    "behind (every process of the row, process-group children included, carries a marker",
    "argument that the process table is searched for).",
    "",
    "Where a row names what the implementation did (`blamed`: crashed, exited, hung, garbage),",
    "the errored case carries it as its `fault`: the implementation's own fault, which makes it",
    "not conformant, apart from what the kit could not judge (docs/cli.md, verdicts).",
    "",
    "Expected outcomes:",
    "",
    ...(Object.entries(MEANING) as [Expected, string][]).map(([k, v]) => `- \`${k}\`: ${v}.`),
    "",
    ...table(
      ["transport", "fault", "injected by", "expected", "blamed", "bound", "status"],
      rows.map((r) => [
        r.transport,
        cell(r.fault),
        cell(r.injected),
        `\`${r.expected}\``,
        r.blamed ?? "—",
        `${r.boundMs / 1000} s`,
        r.known ? `known: ${cell(r.known)}` : "tested",
      ]),
    ),
    "",
  ];
  return lines.join("\n");
}

/** The markers (in docs/internals.md) around the summary matrix. */
export const SUMMARY_START =
  "<!-- reliability-matrix:start (generated: CONFORM_UPDATE_FAULTS=1) -->";
/** End marker of the summary matrix. */
export const SUMMARY_END = "<!-- reliability-matrix:end -->";

/**
 * The summary of the table (docs/internals.md): one line per fault, one column per transport, each cell
 * the expected outcome of the row (`—` where the fault does not apply), between the markers.
 * Variants of a fault (`variantOf`) expect what their fault does and are not lines of their own.
 *
 * @param rows The rows of `FAULT_ROWS`.
 * @returns The matrix with its markers, without a final newline.
 */
export function reliabilitySummary(rows: readonly FaultRow[]): string {
  const transports = [...new Set(rows.map((r) => r.transport))];
  const faults = [...new Set(rows.filter((r) => !r.variantOf).map((r) => r.fault))];
  const outcome = (fault: string, transport: string) => {
    const row = rows.find((r) => r.fault === fault && r.transport === transport);
    return row ? `${row.expected}${row.known ? " (known)" : ""}` : "—";
  };
  return [
    SUMMARY_START,
    "",
    ...table(
      ["fault", ...transports],
      faults.map((f) => [cell(f), ...transports.map((t) => outcome(f, t))]),
    ),
    "",
    SUMMARY_END,
  ].join("\n");
}
