import type { ReplayData } from "../core/types.ts";

function quote(value: string): string {
  return /^[A-Za-z0-9_./:=@+-]+$/.test(value) ? value : `'${value.replaceAll("'", `'"'"'`)}'`;
}

/**
 * The renderers' default view of a case's replay data, when no front end gave a command:
 * `--target T --profile P --seed S --case ID`, each value quoted for a POSIX shell when it
 * needs to be. Renderers still escape the result for their format.
 *
 * @param data The case's replay data.
 * @returns The arguments, as one line.
 */
export function replayArgs(data: ReplayData): string {
  return [
    "--target",
    data.target,
    "--profile",
    data.profile,
    "--seed",
    String(data.seed),
    "--case",
    data.caseId,
  ].map(quote).join(" ");
}
