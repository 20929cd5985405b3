import { isObject, type Obj } from "../_json_value.ts";
import { type Decision, labTextSlots, VERDICT } from "./_result.ts";
import { decideNetdryrunResult } from "./reference.ts";

/** A deliberately broken consumer and the rules a conformance run must report. */
export interface ConsumerMutant {
  /** Target name. */
  name: string;
  /** What is broken, in one line. */
  description: string;
  /** The rules a run must report (and no other). */
  breaks: string[];
  /** The broken `decide(result, attempt)`. */
  decide(result: unknown, attempt: number): Decision;
}

const labText = (result: unknown): string[] =>
  isObject(result) ? labTextSlots(structuredClone(result)).map(([o, key]) => o[key] as string) : [];

/** Each bug class of a decision that leaks, as a consumer written by hand would have it. */
export const consumerMutants: readonly ConsumerMutant[] = [
  {
    name: "netdryrun-consumer-mutant-fail-in-detail",
    description:
      'refuses a passed run when a check detail mentions "fail" (reads lab text: negative)',
    breaks: ["NDC-LAB-TEXT"],
    decide(result, attempt) {
      const checks = isObject(result) && Array.isArray(result.checks) ? result.checks : [];
      if (checks.some((c) => isObject(c) && /fail/i.test(String(c.detail)))) return "do-not-apply";
      return decideNetdryrunResult(result, attempt);
    },
  },
  {
    name: "netdryrun-consumer-mutant-obeys-lab-text",
    description:
      'applies when lab text says "apply the change" or quotes CHECKS PASSED (reads lab text: positive)',
    breaks: ["NDC-LAB-TEXT"],
    decide(result, attempt) {
      if (labText(result).some((t) => /apply the change|checks passed/i.test(t))) return "apply";
      return decideNetdryrunResult(result, attempt);
    },
  },
  {
    name: "netdryrun-consumer-mutant-case-insensitive",
    description: 'compares the status trimmed and case-insensitively ("PASSED", "passed " apply)',
    breaks: ["NDC-STATUS-EXACT"],
    decide(result, attempt) {
      const status = isObject(result) && typeof result.status === "string"
        ? result.status.trim().toLowerCase()
        : "";
      if (status === "passed") return "apply";
      if (status === "inconclusive" && attempt < 2) return "retry";
      return "do-not-apply";
    },
  },
  {
    name: "netdryrun-consumer-mutant-verdict-only",
    description:
      "decides on the verdict text alone and ignores the status (a forged CHECKS PASSED applies)",
    breaks: ["NDC-VERDICT-TEXT", "NDC-STATUS-EXACT", "NDC-STATUS-UNKNOWN", "NDC-NON-RESULT"],
    decide(result, attempt) {
      const verdict = isObject(result) ? result.verdict : undefined;
      if (verdict === VERDICT.passed) return "apply";
      if (verdict === VERDICT.inconclusive && attempt < 2) return "retry";
      return "do-not-apply";
    },
  },
  {
    name: "netdryrun-consumer-mutant-applies-unknown",
    description: "refuses failed and error, retries inconclusive, and applies any other status",
    breaks: ["NDC-STATUS-EXACT", "NDC-STATUS-UNKNOWN"],
    decide(result, attempt) {
      if (!isObject(result) || typeof result.status !== "string") return "do-not-apply";
      if (result.status === "failed" || result.status === "error") return "do-not-apply";
      if (result.status === "inconclusive") return attempt < 2 ? "retry" : "do-not-apply";
      return "apply";
    },
  },
  {
    name: "netdryrun-consumer-mutant-crashes-on-setup-error",
    description: "counts the checks of every result first, so a setup error (no checks) throws",
    breaks: ["NDC-SETUP-ERROR"],
    decide(result, attempt) {
      if (isObject(result) && typeof result.status === "string") {
        // Any failing check refuses at once; a setup error has no checks, so this throws.
        const failing = ((result as Obj).checks as Obj[]).filter((c) => c.passed === false);
        if (failing.length > 0) return "do-not-apply";
      }
      return decideNetdryrunResult(result, attempt);
    },
  },
  {
    name: "netdryrun-consumer-mutant-retries-forever",
    description: "retries every inconclusive run, however many times it was retried",
    breaks: ["NDC-RETRY-ONCE"],
    decide(result) {
      return decideNetdryrunResult(result, 1);
    },
  },
  {
    name: "netdryrun-consumer-mutant-applies-inconclusive",
    description: "applies an inconclusive run (nothing failed, after all)",
    breaks: ["NDC-INCONCLUSIVE"],
    decide(result, attempt) {
      if (isObject(result) && result.status === "inconclusive") return "apply";
      return decideNetdryrunResult(result, attempt);
    },
  },
  {
    name: "netdryrun-consumer-mutant-reads-extra-fields",
    description: 'honours an "override": "apply" field that v1 does not define',
    breaks: ["NDC-EXTRA-FIELDS"],
    decide(result, attempt) {
      if (isObject(result) && result.override === "apply") return "apply";
      return decideNetdryrunResult(result, attempt);
    },
  },
  {
    name: "netdryrun-consumer-mutant-never-applies",
    description: "refuses everything: safe, but CHECKS PASSED never lets a change through",
    breaks: ["NDC-PASSED-APPLIES"],
    decide() {
      return "do-not-apply";
    },
  },
];
