/**
 * How the user ran the CLI, so that its replay lines and hints are printed in that form and
 * work when pasted from the folder it was run in.
 *
 * - `deno task conform ...`: the task sets `NETCONFORM_VIA=task`; Deno runs a task in the kit's
 *   folder and names the user's folder in `INIT_CWD`, so the CLI moves there first (paths in
 *   flags are the user's). From outside the kit's folder tree the line names its deno.json.
 *   A task run from inside another task keeps the outer one's `INIT_CWD` (as npm does): its
 *   paths are then that folder's.
 * - `netconform ...` (installed with `deno install -g -n netconform ... cli/netconform.ts`).
 * - `deno run ... cli/conform.ts ...`: printed as `deno run -A PATH` with the script's path
 *   relative to the current folder.
 */
import { fileURLToPath } from "node:url";
import { relative } from "node:path";
import { shellQuote } from "./_shell_quote.ts";

const KIT = fileURLToPath(new URL("../", import.meta.url)).replace(/\/$/, "");

/** The words before a command's arguments: `["netconform"]`, `["deno", "task", "conform"]`. */
export type Invocation = readonly string[];

/** The form used when the CLI is called as a function (tests, library use). */
export const TASK_INVOCATION: Invocation = ["deno", "task", "conform"];

function inside(dir: string, root: string): boolean {
  const rel = relative(root, dir);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith("/"));
}

/**
 * Read how the process was started, move to the user's folder when run as a task, and forget
 * the task's marker (the targets started later do not inherit it).
 *
 * @param entry How the entry script was reached: `"installed"` for `cli/netconform.ts`.
 * @returns The invocation to print.
 */
export function startInvocation(entry: "installed" | "script"): Invocation {
  const via = Deno.env.get("NETCONFORM_VIA");
  const initCwd = Deno.env.get("INIT_CWD");
  Deno.env.delete("NETCONFORM_VIA");
  if (entry === "installed") return ["netconform"];
  if (via === "task" && initCwd) {
    Deno.chdir(initCwd);
    if (inside(initCwd, KIT)) return TASK_INVOCATION;
    return ["deno", "task", "--config", `${KIT}/deno.json`, "conform"];
  }
  // Relative when the kit is under the current folder, else absolute: it works pasted there.
  const script = inside(KIT, Deno.cwd())
    ? `./${relative(Deno.cwd(), `${KIT}/cli/conform.ts`)}`
    : `${KIT}/cli/conform.ts`;
  return ["deno", "run", "-A", script];
}

/**
 * The invocation as one line for a shell, for help texts and hints.
 *
 * @param command The invocation; the task form when absent.
 * @returns The words quoted and joined.
 */
export function commandLine(command: Invocation | undefined): string {
  return (command ?? TASK_INVOCATION).map(shellQuote).join(" ");
}
