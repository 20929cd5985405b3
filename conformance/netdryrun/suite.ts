import { raisedFinding } from "../../src/core/raised_finding.ts";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { netdryrunModelArbitrary } from "./arbitraries.ts";
import { checkNetdryrun } from "./check.ts";
import { netdryrunProfile } from "./profile.ts";
import { readEvidenceFile } from "./read_evidence_file.ts";
import type { NetdryrunModel } from "./types.ts";
import { toolOf } from "./_sample.ts";
import { coveringGeneratedCaseStream } from "../_class_cover.ts";
import { netdryrunClasses, netdryrunClassesOf } from "./classes.ts";

/** The operation the suite asks a result builder for. */
export const NETDRYRUN_BUILD_RESULT_OPERATION = "netdryrun.build_result";

const optionsSchema = {
  type: "object",
  properties: {
    readEvidence: {
      type: "boolean",
      description: "Read each result's evidence_file (bounded, regular files only) to judge " +
        "NDR-EVIDENCE-FILE. Off by default: the kit does not read paths a target names unless asked.",
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

function describe(model: NetdryrunModel): string {
  switch (model.kind) {
    case "run":
      return `${model.tool}: status ${
        JSON.stringify(model.status)
      }, ${model.checks.length} checks (${
        model.checks.filter((c) => !c.passed).length
      } failed), ${model.files.length} files`;
    case "setup_error":
      return `${model.tool}: setup error`;
    case "validate":
      return `validate: ${model.valid ? "valid" : "invalid"}`;
    case "check_types":
      return `check_types: ${Object.keys(model.types).length} types`;
    case "record_baseline":
      return `record_baseline: ${model.ok ? "YAML" : "tool error"}`;
  }
}

/**
 * The `netdryrun.mcp-result/v1` suite for result builders: each case is a generated model
 * of a tool call (a lab run of any status, a setup error, validate, check_types,
 * record_baseline), sent as `{operation: "netdryrun.build_result", input: {tool, model}}`;
 * the returned value is judged by the profile with `{tool}`. A builder that raises is an
 * NDR-SCHEMA finding (keyword `raised`). With the option `readEvidence`, evidence files are
 * read (bounded) and judged too.
 *
 * @example Run the suite on the reference builder
 * ```ts
 * import assert from "node:assert/strict";
 * import { runSuite } from "../../src/core/run_suite.ts";
 * import { netdryrunSuite } from "./suite.ts";
 * import { netdryrunTargets } from "./targets.ts";
 *
 * const report = await runSuite(netdryrunSuite, netdryrunTargets[0].create(netdryrunSuite.profile.id), {
 *   target: netdryrunTargets[0].name,
 *   seed: 1,
 *   runs: 20,
 * });
 * assert.equal(report.verdict, "conformant");
 * ```
 */
export const netdryrunSuite: Suite = {
  profile: netdryrunProfile,
  optionsSchema,
  classes: netdryrunClasses,
  // Streamed: a long run holds one case at a time (and cases() lists the same ones).
  caseStream(options: CaseOptions): { expected: number; cases: Iterable<Case> } {
    const cases = coveringGeneratedCaseStream(
      netdryrunModelArbitrary(),
      netdryrunClassesOf,
      netdryrunClasses,
      options,
      (model) => ({
        description: describe(model),
        input: { tool: toolOf(model), model },
      }),
    );
    return { expected: options.runs, cases };
  },
  cases(options: CaseOptions): Case[] {
    return [...(netdryrunSuite.caseStream!(options) as { cases: Iterable<Case> }).cases];
  },
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
    const { tool } = testCase.input as { tool: string };
    const reply = await invoke({
      operation: NETDRYRUN_BUILD_RESULT_OPERATION,
      input: testCase.input,
    });
    if (reply.kind === "raised") {
      return {
        findings: [
          raisedFinding("NDR-SCHEMA", reply, { what: "the builder", instead: "a result" }),
        ],
      };
    }
    const context: Record<string, unknown> = { tool };
    const value = reply.value as { evidence_file?: unknown } | null;
    if (options.options.readEvidence === true && typeof value?.evidence_file === "string") {
      context.evidenceFiles = {
        [value.evidence_file]: await readEvidenceFile(value.evidence_file),
      };
    }
    const findings = checkNetdryrun(reply.value, context);
    const subject = { data: reply.value, context };
    if (typeof value?.evidence_file === "string" && options.options.readEvidence !== true) {
      // Coverage: say why NDR-EVIDENCE-FILE could not be judged on this case.
      return {
        findings,
        subject,
        unchecked: [{
          ruleId: "NDR-EVIDENCE-FILE",
          reason: "evidence files are not read unless the target's option readEvidence is true",
        }],
      };
    }
    return { findings, subject };
  },
};
