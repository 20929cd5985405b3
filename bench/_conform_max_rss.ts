// Bench helper: one `deno task conform` run in the kit's folder under GNU time, as users run it
// (through the task: with the kit's own V8 heap settings), with its maximum resident memory.
import { fileURLToPath } from "node:url";

const KIT = fileURLToPath(new URL("..", import.meta.url));

/**
 * Runs `deno task conform ARGS` and measures it.
 *
 * @param args The conform command's arguments.
 * @returns Its maximum RSS in MB, wall seconds and exit code.
 * @throws {Error} When GNU time reports no maximum RSS.
 */
export async function conformMaxRss(
  args: string[],
): Promise<{ mb: number; s: number; code: number }> {
  const started = performance.now();
  const out = await new Deno.Command("/usr/bin/time", {
    args: ["-f", "maxrss-kb=%M", Deno.execPath(), "task", "--quiet", "conform", ...args],
    cwd: KIT,
    stdout: "null",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const s = (performance.now() - started) / 1000;
  const text = new TextDecoder().decode(out.stderr);
  const kb = /maxrss-kb=(\d+)/.exec(text);
  if (!kb) throw new Error(`No maximum RSS in the output of "/usr/bin/time": ${text.slice(-500)}`);
  return { mb: Number(kb[1]) / 1024, s, code: out.code };
}
