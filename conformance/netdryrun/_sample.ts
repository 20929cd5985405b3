// A model as a profile sample: the reference result and the context to check it with.
import type { Sample } from "../../src/core/types.ts";
import { REPORT_SCHEMA_ID } from "./_constants.ts";
import { buildNetdryrunResult } from "./reference.ts";
import type { NetdryrunModel, NetdryrunTool, NetdryrunValue } from "./types.ts";

/** The tool a model is a call of. */
export function toolOf(model: NetdryrunModel): NetdryrunTool {
  return model.kind === "run" || model.kind === "setup_error" ? model.tool : model.kind;
}

/**
 * The sample of a model. A run with an evidence file gets, one time in two (by its check
 * count), the report text in `evidenceFiles`, as a caller that read the file would pass it.
 */
export function sampleOf(model: NetdryrunModel): Sample<NetdryrunValue> {
  const value = buildNetdryrunResult(model);
  const context: Record<string, unknown> = { tool: toolOf(model) };
  if (model.kind === "run" && model.evidenceFile !== null && model.checks.length % 2 === 0) {
    const report = { schema: REPORT_SCHEMA_ID, status: model.status, checks: model.checks.length };
    context.evidenceFiles = { [model.evidenceFile]: JSON.stringify(report) };
  }
  return { value, context };
}
