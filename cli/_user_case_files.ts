// The user's case files of a config (`cases:`), read and checked before any run (private
// helper of load_config.ts): a file that is missing, unreadable, invalid or for another
// profile is a config error (exit 2, one line), not an errored run.
import { withUserCases } from "../src/core/with_user_cases.ts";
import type { Suite } from "../src/core/types.ts";

/** What of a config the check reads (a `ConformConfig` is one). */
interface CaseFilesConfig {
  dir: string;
  targets: readonly {
    name: string;
    profiles: readonly { id: string; options?: Record<string, unknown>; cases?: string[] }[];
  }[];
}

/**
 * Reads every case file of the config's targets as the run would, throwing the first problem.
 *
 * @throws {Error} With the case file's place (`file:line:col: ...`) and what is wrong.
 */
export async function checkUserCaseFiles(
  config: CaseFilesConfig,
  suites: readonly Suite[],
): Promise<void> {
  for (const target of config.targets) {
    for (const p of target.profiles) {
      const suite = suites.find((s) => s.profile.id === p.id);
      if (!p.cases || !suite) continue;
      const own: Suite = { ...suite, caseStream: undefined, cases: () => [] };
      try {
        await withUserCases(own, p.cases).cases({
          seed: 0,
          runs: 0,
          options: p.options ?? {},
          baseDir: config.dir,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(
          `target "${target.name}", profile ${p.id}: its cases cannot be used: ${
            message.split("\n")[0]
          }`,
        );
      }
    }
  }
}
