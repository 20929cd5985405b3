import type { CaseReport, ReplayData, Report } from "../src/core/types.ts";
import { replayCaseId } from "../src/report/replay_case_id.ts";

/**
 * A report back from the CLI's JSON view of it (see `reportJson`): the cases without their
 * `replay` command (and without the empty `findings` of skipped and errored ones), and a
 * function that gives each case's command back, for the renderers.
 */
export function reportOfView(
  view: unknown,
): { report: Report; replay: (data: ReplayData) => string } {
  const commands = new Map<string, string>();
  const key = (target: string, profile: string, id: string) =>
    JSON.stringify([target, profile, id]);
  const v = view as Report;
  const report: Report = {
    ...v,
    suites: v.suites.map((s) => ({
      ...s,
      cases: s.cases.map((c) => {
        const { replay, ...rest } = c as CaseReport & { replay?: unknown; findings?: unknown };
        // The renderers ask for the command of the case they replay: the shrunk one, if any.
        if (typeof replay === "string") {
          commands.set(key(s.target, s.profile, replayCaseId(c as CaseReport)), replay);
        }
        if (rest.outcome === "skipped" || rest.outcome === "errored") {
          delete (rest as { findings?: unknown }).findings;
        }
        return rest as CaseReport;
      }),
    })),
  };
  return {
    report,
    replay: (d) =>
      commands.get(key(d.target, d.profile, d.caseId)) ??
        `--target ${d.target} --profile ${d.profile} --seed ${d.seed} --case ${d.caseId}`,
  };
}
