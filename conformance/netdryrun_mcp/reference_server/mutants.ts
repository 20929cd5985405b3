/**
 * The reference server's mutants: `NETCONFORM_MUTANT=<name>` breaks one rule over the wire.
 *
 * @module
 */

/**
 * Each mutant, with what it breaks and the kit rules that must report it (`errored`: the
 * cases that meet the fault are errored, none fails; `breaks` is then empty; `http`: the fault
 * is in the HTTP mode, so its target runs the server over Streamable HTTP).
 */
export const MUTANTS: Readonly<
  Record<string, { description: string; breaks: string[]; errored?: boolean; http?: boolean }>
> = {
  "missing-tool": {
    description: "does not offer record_baseline",
    breaks: ["NDM-TOOLS-OFFERED"],
  },
  "bad-input-schema": {
    description: "validate's inputSchema uses an unknown type",
    breaks: ["NDM-INPUT-SCHEMA"],
  },
  "text-disagrees": {
    description: "text content disagrees with structuredContent",
    breaks: ["NDM-AGREE"],
  },
  "is-error-flipped": {
    description: "isError is set on results and missing on errors",
    breaks: ["NDM-IS-ERROR"],
  },
  "lab-on-setup-error": {
    description: "an invalid netdryrun.yml gives a run result (a lab run) instead of a setup error",
    breaks: ["NDM-SETUP-ERROR"],
  },
  "wrong-hash": {
    description: "tested.files holds a wrong sha256",
    breaks: ["NDM-TESTED-FILES"],
  },
  "run-checks-deploys": {
    description: "run_checks says it deployed the lab",
    breaks: ["NDR-TESTED-DEPLOYED"],
  },
  "multiline-detail": {
    description: "lab text (details, reasons, excerpts) keeps its line breaks",
    breaks: ["NDR-LAB-TEXT"],
  },
  "failures-out-of-order": {
    description: "failures are listed in reverse check order",
    breaks: ["NDR-FAILURES"],
  },
  "wrong-verdict": {
    description: "a failed run carries the CHECKS PASSED verdict",
    breaks: ["NDR-VERDICT"],
  },
  "stdout-noise": {
    description: "over stdio, writes a start-up banner on stdout before the MCP messages",
    breaks: ["NDM-STDOUT-MCP-ONLY"],
  },
  "latin1-stdout": {
    description: "over stdio, writes its messages in Latin-1, not UTF-8",
    breaks: ["NDM-UTF8"],
  },
  "pretty-json": {
    description: "over stdio, pretty-prints each message over several lines",
    breaks: ["NDM-NEWLINE-DELIMITED"],
  },
  "no-origin-check": {
    description: "over HTTP, serves a request from a foreign Origin (no DNS rebinding protection)",
    breaks: ["NDM-HTTP-ORIGIN"],
    http: true,
  },
  "unknown-tool-result": {
    description:
      "a call of a tool it does not offer is a tool result with isError, not a protocol error",
    breaks: ["NDM-UNKNOWN-TOOL"],
  },
  "version-echo": {
    description:
      "over HTTP, answers initialize with whatever protocol version the client asked for",
    breaks: ["NDM-VERSION"],
    http: true,
  },
  "hang-tool": {
    description: "run_checks never answers",
    breaks: [],
    errored: true,
  },
  "crash-mid-call": {
    description: "dry_run exits the process in the middle of its answer",
    breaks: [],
    errored: true,
  },
};
