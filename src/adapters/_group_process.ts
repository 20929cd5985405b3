// A process the kit starts as the leader of a process group of its own (private helper of the
// adapters that start servers: mcp-http's command, the http-agent's agent): spawned with its
// output piped and tracked, so that an interrupted kit ends the group too, and ended with the
// group and whatever left it.
import { killGroup, trackGroup } from "./_process_groups.ts";
import { within } from "./_subprocess_child.ts";

const isWindows = Deno.build.os === "windows";

/** How to start the process. */
export interface GroupProcessOptions {
  /** Program and arguments. */
  argv: readonly string[];
  /** Working folder. */
  cwd?: string;
  /** The whole environment of the process. */
  env: Record<string, string>;
}

/**
 * Spawns the process in a group of its own (stdin closed, stdout and stderr piped), tracked
 * until {@linkcode endGroup}.
 *
 * @throws {Error} When the program cannot be spawned.
 */
export function spawnGroup(options: GroupProcessOptions): Deno.ChildProcess {
  const [program, ...args] = options.argv;
  const child = new Deno.Command(program, {
    args,
    cwd: options.cwd,
    env: options.env,
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    detached: !isWindows,
  }).spawn();
  trackGroup(child.pid, true);
  return child;
}

/**
 * Ends a group {@linkcode spawnGroup} started: SIGTERM, up to `graceMs` for its leader to exit,
 * then SIGKILL to the group (what left it included, even after a clean exit) and to the
 * leader; the group is no longer tracked; waits (bounded) for the exit.
 *
 * @param child The group's leader.
 * @param exited Whether the leader has exited (it is then not signalled itself).
 * @param status Settles when the leader has exited.
 * @param graceMs Milliseconds between SIGTERM and SIGKILL.
 */
export async function endGroup(
  child: Deno.ChildProcess,
  exited: () => boolean,
  status: Promise<unknown>,
  graceMs: number,
): Promise<void> {
  signal(child, exited, "SIGTERM");
  await within(status, graceMs);
  signal(child, exited, "SIGKILL");
  trackGroup(child.pid, false);
  await within(status, 2_000);
}

function signal(child: Deno.ChildProcess, exited: () => boolean, name: "SIGTERM" | "SIGKILL") {
  killGroup(child.pid, name);
  if (exited()) return;
  try {
    child.kill(name);
  } catch {
    // already gone
  }
}
