import type { ReplayData } from "../src/core/types.ts";
import { shellQuote } from "./_shell_quote.ts";
import { type Invocation, TASK_INVOCATION } from "./_invocation.ts";

/** What {@linkcode replayCommand} needs: a case's replay data, and the config file if any. */
export interface ReplayCommandOptions extends ReplayData {
  /** The `--config` file the run was given, as given. */
  config?: string;
  /**
   * How the user ran the CLI: the line starts with these words.
   *
   * @default ["deno", "task", "conform"]
   */
  command?: Invocation;
}

/**
 * The command that runs one case again, in the form the user ran the CLI (`deno task conform`,
 * `netconform`, `deno run -A cli/conform.ts`), with each argument quoted for a
 * POSIX shell when it needs to be. The runner records only the data (target, profile, seed,
 * case id); this is the CLI's rendering of it, for its reports and renderers.
 *
 * @example Replay a fixture case of a config file's target
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayCommand } from "./replay_command.ts";
 *
 * assert.equal(
 *   replayCommand({
 *     config: "conform.yaml",
 *     target: "py",
 *     profile: "gns3.tool-response/v1.0",
 *     seed: 7,
 *     caseId: "fixture:lists.yaml#2",
 *   }),
 *   "deno task conform --config conform.yaml --target py --profile gns3.tool-response/v1.0 --seed 7 --case 'fixture:lists.yaml#2'",
 * );
 * ```
 *
 * @param options The case's replay data and the config file.
 * @returns One shell command line.
 */
export function replayCommand(options: ReplayCommandOptions): string {
  return [
    ...(options.command ?? TASK_INVOCATION),
    ...(options.config ? ["--config", options.config] : []),
    "--target",
    options.target,
    "--profile",
    options.profile,
    // A negative seed after a separate "--seed" reads as an option: join it with "=".
    ...(options.seed < 0 ? [`--seed=${options.seed}`] : ["--seed", String(options.seed)]),
    "--case",
    options.caseId,
  ].map(shellQuote).join(" ");
}
