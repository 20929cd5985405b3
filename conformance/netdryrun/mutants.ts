import { LINE_BREAK } from "./_text.ts";
import { buildNetdryrunResult } from "./reference.ts";
import type { NetdryrunModel } from "./types.ts";

/** A deliberately broken result builder and the rules it must be caught by. */
export interface BuilderMutant {
  /** Target name. */
  name: string;
  /** What is broken. */
  description: string;
  /** The rules a conformance run must report. */
  breaks: string[];
  /** The broken builder. */
  build(model: NetdryrunModel): unknown;
}

/** Broken variants of the reference builder, each breaking one rule over a real run. */
export const builderMutants: readonly BuilderMutant[] = [
  {
    name: "netdryrun-mutant-utf16-cut",
    description: "caps lab text with String.prototype.slice (UTF-16 units), splitting emoji",
    breaks: ["NDR-LAB-TEXT", "NDR-PLAIN-ERROR-TEXT"],
    build: (model) =>
      buildNetdryrunResult(model, {
        flatten: (raw, cap) =>
          raw.toWellFormed().replace(new RegExp(LINE_BREAK.source, "g"), " ").slice(0, cap),
      }),
  },
  {
    name: "netdryrun-mutant-crlf-only",
    description: "flattens CR and LF but leaves U+2028, NEL and the other Python line breaks",
    breaks: ["NDR-LAB-TEXT", "NDR-PLAIN-ERROR-TEXT"],
    build: (model) =>
      buildNetdryrunResult(model, {
        flatten: (raw, cap) =>
          Array.from(raw.toWellFormed().replace(/[\r\n]+/g, " ")).slice(0, cap).join(""),
      }),
  },
  {
    name: "netdryrun-mutant-always-deployed",
    description: "says lab_deployed_by_this_run true for run_checks too",
    breaks: ["NDR-TESTED-DEPLOYED"],
    build(model) {
      const r = buildNetdryrunResult(model) as { tested?: { lab_deployed_by_this_run: boolean } };
      if (model.kind === "run" && r.tested) r.tested.lab_deployed_by_this_run = true;
      return r;
    },
  },
  {
    name: "netdryrun-mutant-partial-error-run",
    description:
      "returns an error run as status, error, verdict and the counts only (the root anyOf accepts it)",
    breaks: ["NDR-BRANCH"],
    build(model) {
      const r = buildNetdryrunResult(model) as Record<string, unknown>;
      if (model.kind !== "run" || model.status !== "error") return r;
      return {
        status: r.status,
        error: r.error,
        verdict: r.verdict,
        passed: r.passed,
        failed: r.failed,
      };
    },
  },
];
