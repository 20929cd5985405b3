/**
 * Ctrl-C during a run: one line on standard error, then exit 130 (128 + SIGINT, as shells
 * report it). The processes the run started are the run's children and get the same signal
 * from the terminal.
 *
 * @param err Where the line goes.
 */
export function exitOnInterrupt(err: (text: string) => void): void {
  try {
    Deno.addSignalListener("SIGINT", () => {
      err("netconform: interrupted (Ctrl-C): no report written; exit 130");
      Deno.exit(130);
    });
  } catch {
    // No signals on this platform (Windows has SIGINT, others may not): the default applies.
  }
}
