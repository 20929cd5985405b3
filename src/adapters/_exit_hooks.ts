// Clean-ups that must run however the kit ends (private helper of the adapters and the CLI):
// while any is registered, Ctrl-C (SIGINT) and SIGTERM make the kit exit with 130 or 143
// instead of dying at once, and every exit (`unload`) runs them.

const hooks = new Set<() => void>();
let listening = false;

const onSigint = () => Deno.exit(130);
const onSigterm = () => Deno.exit(143);

function runAll(): void {
  for (const hook of [...hooks]) {
    try {
      hook();
    } catch {
      // one failing clean-up does not stop the others
    }
  }
  hooks.clear();
}

function listen(on: boolean): void {
  if (on === listening) return;
  listening = on;
  for (const [name, fn] of [["SIGINT", onSigint], ["SIGTERM", onSigterm]] as const) {
    try {
      if (on) Deno.addSignalListener(name, fn);
      else Deno.removeSignalListener(name, fn);
    } catch {
      // a platform without this signal
    }
  }
  if (on) globalThis.addEventListener("unload", runAll);
  else globalThis.removeEventListener("unload", runAll);
}

/**
 * Registers (`on`) or removes a synchronous clean-up to run when the kit exits before it is
 * removed, by a signal (SIGINT: 130, SIGTERM: 143) or any other exit.
 */
export function onKitExit(hook: () => void, on: boolean): void {
  if (on) hooks.add(hook);
  else hooks.delete(hook);
  listen(hooks.size > 0);
}
