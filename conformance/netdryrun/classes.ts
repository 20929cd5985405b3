import type { InputClass } from "../../src/core/types.ts";
import type { NetdryrunModel } from "./types.ts";

const STATUSES = ["passed", "failed", "error", "inconclusive"] as const;
const TOOLS = ["dry_run", "run_checks"] as const;

/**
 * The declared input classes of the `netdryrun.mcp-result/v1` suite: every branch of the
 * result schema (each tool's run result with each status enum value and a status a later v1
 * adds, a setup error with and without the schema id, validate valid and invalid,
 * check_types, record_baseline recorded and failed) and the boundaries the cross-field rules
 * read (no check, a failed check, no file, an unread file, no lab, an evidence file, extra
 * fields).
 */
export const netdryrunClasses: readonly InputClass[] = [
  ...TOOLS.flatMap((tool) => [
    ...STATUSES.map((status) => ({
      id: `${tool}-${status}`,
      description: `${tool} result with status "${status}"`,
    })),
    { id: `${tool}-status-later`, description: `${tool} result with a status a later v1 adds` },
    { id: `${tool}-setup-error`, description: `${tool} refused to start (setup error)` },
  ]),
  { id: "setup-error-with-schema", description: "a setup error carrying the schema id" },
  { id: "setup-error-without-schema", description: "a setup error without the schema id" },
  { id: "run-no-checks", description: "a run result with no check (checks empty)" },
  { id: "run-failed-check", description: "a run result with a failed check" },
  { id: "run-no-files", description: "a run result that read no file" },
  { id: "run-unread-file", description: "a run result with a file it could not read" },
  { id: "run-no-lab", description: "a run result with lab null" },
  { id: "run-evidence-file", description: "a run result with an evidence file" },
  { id: "run-extra-fields", description: "a run result with fields a later v1 adds" },
  { id: "validate-valid", description: "validate: valid true" },
  { id: "validate-invalid", description: "validate: valid false with an error" },
  { id: "check-types", description: "check_types: the check types with their parameters" },
  { id: "baseline-recorded", description: "record_baseline: YAML text" },
  { id: "baseline-failed", description: "record_baseline: a tool error" },
];

/**
 * The declared classes a generated model hits.
 *
 * @param model A model of a tool call.
 * @returns The class ids.
 */
export function netdryrunClassesOf(model: NetdryrunModel): string[] {
  switch (model.kind) {
    case "run": {
      const known = (STATUSES as readonly string[]).includes(model.status);
      const out = [`${model.tool}-${known ? model.status : "status-later"}`];
      if (model.checks.length === 0) out.push("run-no-checks");
      if (model.checks.some((c) => !c.passed)) out.push("run-failed-check");
      if (model.files.length === 0) out.push("run-no-files");
      if (model.unreadFile) out.push("run-unread-file");
      if (model.lab === null) out.push("run-no-lab");
      if (model.evidenceFile !== null) out.push("run-evidence-file");
      if (Object.keys(model.extra).length > 0) out.push("run-extra-fields");
      return out;
    }
    case "setup_error":
      return [
        `${model.tool}-setup-error`,
        model.withSchema ? "setup-error-with-schema" : "setup-error-without-schema",
      ];
    case "validate":
      return [model.valid ? "validate-valid" : "validate-invalid"];
    case "check_types":
      return ["check-types"];
    case "record_baseline":
      return [model.ok ? "baseline-recorded" : "baseline-failed"];
  }
}
