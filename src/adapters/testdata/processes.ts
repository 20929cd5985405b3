// Test helpers: the processes running now, by a marker in their command line.

/**
 * Pids of the processes whose command line holds `marker` (or starts with it).
 *
 * @param marker Text of the command line.
 * @param atStart Whether the command line must start with it.
 * @returns The pids.
 */
export function processesWith(marker: string, atStart = false): number[] {
  const out = new Deno.Command("ps", { args: ["-eo", "pid=,args="], stdout: "piped" })
    .outputSync();
  return new TextDecoder().decode(out.stdout).split("\n")
    .map((line) => /^\s*(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray =>
      m !== null && (atStart ? m[2].startsWith(marker) : m[2].includes(marker))
    )
    .map((m) => Number(m[1]));
}

/**
 * Waits until no process holds `marker` in its command line, for `withinMs` at most.
 *
 * @param marker Text of the command line.
 * @param withinMs How long to wait.
 * @returns Whether they are all gone.
 */
export async function gone(marker: string, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (processesWith(marker).length === 0) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return processesWith(marker).length === 0;
}
