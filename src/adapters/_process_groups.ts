// The process groups of the targets the kit started (private helper of the adapters that spawn
// processes): each target runs in a group of its own, which the terminal's Ctrl-C does not
// reach, so every group still running is ended when the kit is interrupted (SIGINT, SIGTERM) or
// exits, whichever adapter started it.
import process from "node:process";

const isWindows = Deno.build.os === "windows";

/** Process groups of the targets running now (by their leaders' pids). */
const liveGroups = new Set<number>();

/**
 * Sends `signal` to the process group led by `pid`.
 *
 * @returns Whether the group was there to signal.
 */
export function killGroup(pid: number, signal: "SIGTERM" | "SIGKILL"): boolean {
  if (isWindows) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false; // the group is gone
  }
}

/** Ends every live group at once (the kit is going away: no grace period). */
function endAll(): void {
  for (const pid of liveGroups) killGroup(pid, "SIGKILL");
  liveGroups.clear();
}

const onSigint = () => Deno.exit(130);
const onSigterm = () => Deno.exit(143);
let guarded = false;

/**
 * While `on`, Ctrl-C (SIGINT) and SIGTERM make the kit exit with 130 or 143 instead of dying
 * at once, and every exit (`unload`, which `Deno.exit` dispatches) ends the live groups.
 */
function guard(on: boolean): void {
  if (on === guarded) return;
  guarded = on;
  for (const [name, fn] of [["SIGINT", onSigint], ["SIGTERM", onSigterm]] as const) {
    try {
      if (on) Deno.addSignalListener(name, fn);
      else Deno.removeSignalListener(name, fn);
    } catch {
      // a platform without this signal
    }
  }
  if (on) globalThis.addEventListener("unload", endAll);
  else globalThis.removeEventListener("unload", endAll);
}

/**
 * Records that the group led by `pid` runs (`live`) or has been ended: while any group runs,
 * Ctrl-C (SIGINT) and SIGTERM end them all before the kit exits with 130 or 143, and so does
 * any exit of the kit (`unload`).
 */
export function trackGroup(pid: number, live: boolean): void {
  if (isWindows) return;
  if (live) liveGroups.add(pid);
  else liveGroups.delete(pid);
  guard(liveGroups.size > 0);
}
