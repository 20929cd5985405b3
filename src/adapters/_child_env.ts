// The environment of an implementation's process (private helper of the subprocess and MCP stdio
// adapters).

/**
 * Variables passed through from the kit's environment by default: what a process needs to
 * find programs and libraries, locale and temp dirs, and what a Deno or Node child needs to
 * reach the npm registry (DENO_DIR, certificates). Nothing else leaks into an untrusted
 * implementation unless `inheritEnv` is set.
 */
export const PASSED_ENV = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "TERM",
  "LANG",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "TMPDIR",
  "TEMP",
  "TMP",
  "SYSTEMROOT",
  "WINDIR",
  "COMSPEC",
  "PATHEXT",
  "DENO_DIR",
  "DENO_TLS_CA_STORE",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
] as const;

function read(name: string): string | undefined {
  try {
    return Deno.env.get(name);
  } catch {
    return undefined; // no --allow-env: the child gets only what the config gives
  }
}

/** The child's environment: passed variables (or all with `inheritEnv`), then `env` on top. */
export function childEnv(
  env: Readonly<Record<string, string>> | undefined,
  inheritEnv: boolean,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (inheritEnv) {
    try {
      Object.assign(out, Deno.env.toObject());
    } catch {
      // no --allow-env
    }
  } else {
    for (const name of PASSED_ENV) {
      const value = read(name);
      if (value !== undefined) out[name] = value;
    }
  }
  for (const [k, v] of Object.entries(env ?? {})) out[k] = v;
  return out;
}
