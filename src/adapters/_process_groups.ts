// The process groups of the targets the kit started (private helper of the adapters that spawn
// processes): each target runs in a group of its own, which the terminal's Ctrl-C does not
// reach, so every group still running is ended when the kit is interrupted (SIGINT, SIGTERM) or
// exits, whichever adapter started it.
import process from "node:process";

const isWindows = Deno.build.os === "windows";

/** Process groups of the targets running now (by their leaders' pids). */
const liveGroups = new Set<number>();

/** Temporary folders of the targets (MCP workspaces), removed however the kit ends. */
const liveDirs = new Set<string>();

/**
 * The descendants seen of each live group's leader, with when each started (ms since the
 * epoch, to the second): a process that left the group (`setsid`, as a daemonising server
 * does) is still ended with it, even once its parent is gone and it is re-parented.
 */
const descendantsOf = new Map<number, Map<number, number>>();

/** How often the descendants of the live groups are looked up while they run. */
const WALK_MS = 1_000;
let walker: ReturnType<typeof setInterval> | undefined;

/** Every process as pid -> [ppid, start], from `ps` (not /proc: it needs --allow-all). */
function processTable(): Map<number, [number, number]> {
  const table = new Map<number, [number, number]>();
  try {
    const out = new Deno.Command("ps", {
      args: ["-eo", "pid=,ppid=,etimes="],
      stdout: "piped",
      stderr: "null",
    }).outputSync();
    const now = Date.now();
    for (const line of new TextDecoder().decode(out.stdout).split("\n")) {
      const m = /^\s*(\d+)\s+(\d+)\s+(\d+)/.exec(line);
      if (m) table.set(Number(m[1]), [Number(m[2]), now - Number(m[3]) * 1000]);
    }
  } catch {
    // no ps: the groups alone are ended
  }
  return table;
}

/** Adds the descendants of `leader` running now to what is known of its group. */
function walk(leader: number, table: Map<number, [number, number]>): Map<number, number> {
  const known = descendantsOf.get(leader) ?? new Map<number, number>();
  const children = new Map<number, number[]>();
  for (const [pid, [ppid]] of table) children.set(ppid, [...children.get(ppid) ?? [], pid]);
  const queue = [leader, ...known.keys()];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    for (const child of children.get(pid) ?? []) {
      if (known.has(child) || child === leader) continue;
      known.set(child, table.get(child)![1]);
      queue.push(child);
    }
  }
  return known;
}

/** Looks up the descendants of every live group (while any runs, every `WALK_MS`). */
function walkAll(): void {
  if (liveGroups.size === 0) return;
  const table = processTable();
  for (const leader of liveGroups) descendantsOf.set(leader, walk(leader, table));
}

/** SIGKILLs the known descendants of `leader` that are still the processes seen. */
function killDescendants(leader: number): void {
  if (isWindows) return;
  const table = processTable();
  const known = walk(leader, table);
  descendantsOf.delete(leader);
  for (const [pid, started] of known) {
    const now = table.get(pid);
    // The same process (not a later one given its pid): started within 2 s of what was seen.
    if (!now || Math.abs(now[1] - started) > 2_000) continue;
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Looks up the descendants of the group led by `pid` now, before it is asked to end: one that
 * left the group is still known (and ended at the SIGKILL) once its parent is gone.
 */
export function noteDescendants(pid: number): void {
  if (isWindows || !liveGroups.has(pid)) return;
  descendantsOf.set(pid, walk(pid, processTable()));
}

/**
 * Sends `signal` to the process group led by `pid` (SIGTERM: after noting its descendants).
 *
 * @returns Whether the group was there to signal.
 */
export function killGroup(pid: number, signal: "SIGTERM" | "SIGKILL"): boolean {
  if (isWindows) return false;
  // Killed, the group ends with every process that left it (SIGTERM leaves them a chance).
  if (signal === "SIGKILL") killDescendants(pid);
  else noteDescendants(pid);
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
  for (const path of liveDirs) {
    try {
      Deno.removeSync(path, { recursive: true });
    } catch {
      // gone already
    }
  }
  liveDirs.clear();
  for (const pid of descendantsOf.keys()) killDescendants(pid);
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
  if (on) {
    const id = setInterval(walkAll, WALK_MS);
    Deno.unrefTimer(id as unknown as number);
    walker = id;
  } else {
    clearInterval(walker);
    walker = undefined;
  }
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
  // A group that is ended keeps its known descendants until they are killed (killGroup).
  guard(liveGroups.size + liveDirs.size > 0);
}

/**
 * Records that the temporary folder `path` of a target exists (`live`) or has been removed:
 * while any does, SIGINT, SIGTERM and any exit of the kit remove it (as they end the groups).
 */
export function trackTempDir(path: string, live: boolean): void {
  if (live) liveDirs.add(path);
  else liveDirs.delete(path);
  guard(liveGroups.size + liveDirs.size > 0);
}
