import { isAbsolute, join } from "node:path";
import { resolveArgv } from "./_process_section.ts";

function isFile(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Whether the program an adapter section starts (`argv`, or `command.argv`) can be found,
 * before anything runs: a path (relative to the targets file's folder) must be a file, a bare
 * name must be on the PATH the process gets (the section's `env.PATH`, else the kit's).
 *
 * @param adapter The target's adapter section.
 * @param configDir The targets file's folder.
 * @returns Why the program cannot be started, or undefined when it is there (or the section
 *   starts none).
 */
export function missingProgram(
  adapter: Record<string, unknown>,
  configDir: string,
): string | undefined {
  const section = Array.isArray(adapter.argv)
    ? adapter
    : (adapter.command as Record<string, unknown> | undefined);
  const argv = section?.argv;
  if (!Array.isArray(argv) || typeof argv[0] !== "string" || argv[0] === "") return undefined;
  const program = argv[0];
  if (isAbsolute(program) || /[\\/]/.test(program)) {
    const path = resolveArgv(argv as string[], configDir)[0];
    return isFile(path) ? undefined : `the program "${program}" is not a file (${path})`;
  }
  const env = section?.env as Record<string, unknown> | undefined;
  const pathVar = typeof env?.PATH === "string" ? env.PATH : Deno.env.get("PATH") ?? "";
  const found = pathVar.split(":").some((dir) => dir !== "" && isFile(join(dir, program)));
  return found ? undefined : `the program "${program}" is not on the PATH`;
}
