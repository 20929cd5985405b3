/**
 * The kit's own Python environments (`.venv/<use>/`, made by `python/setup.sh` from
 * `python/requirements-<use>.txt`): where an environment's interpreter is, and how a test that
 * needs one is skipped when it is absent (never in CI, where `.ci/run` always makes them).
 *
 * @module
 */
import { pathToFileURL } from "node:url";

/** The kit's folder (this file's parent's parent). */
const KIT = new URL("..", import.meta.url);

/**
 * Where the environments are looked for: `NETCONFORM_PYTHON_ENVS` when set (a folder holding
 * `<use>/bin/python`; the kit's tests point it at an empty folder to see what a machine without
 * the environments sees), else the kit's `.venv/`.
 */
function envsDir(): URL {
  let dir: string | undefined;
  try {
    dir = Deno.env.get("NETCONFORM_PYTHON_ENVS");
  } catch {
    dir = undefined; // no --allow-env: the kit's own folder
  }
  return dir ? pathToFileURL(dir.replace(/\/?$/, "/")) : new URL(".venv/", KIT);
}

/** The one command that makes the environments, as the messages give it. */
export const PYTHON_ENV_COMMAND = "deno task python-env";

/**
 * The interpreter of the kit's Python environment `use`, when it has been made.
 *
 * @param use The environment's name: `mcp` for `python/requirements-mcp.txt`.
 * @returns The interpreter's absolute path, or undefined when the environment is absent.
 */
export function pythonEnv(use: string): string | undefined {
  const python = new URL(`${use}/bin/python`, envsDir());
  try {
    return Deno.statSync(python).isFile ? decodeURIComponent(python.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The interpreter of environment `use`, or an error saying how to make it.
 *
 * @param use The environment's name.
 * @returns The interpreter's absolute path.
 * @throws {Error} When the environment is absent.
 */
export function requirePythonEnv(use: string): string {
  const python = pythonEnv(use);
  if (python) return python;
  throw new Error(
    `the kit's Python environment "${use}" is not installed (.venv/${use}/): run ` +
      `\`${PYTHON_ENV_COMMAND}\` in the kit's folder (it installs python/requirements-${use}.txt)`,
  );
}

/**
 * For a test that needs environment `use`: its interpreter, or `ignore: true` with a message
 * printed once saying why. In CI (`CI=true`) an absent environment is not a reason to skip: the
 * interpreter's path is returned as if present, so that the test fails on it.
 *
 * @param use The environment's name.
 * @param what What the skipped tests are, for the message.
 * @returns `{ ignore, python }` for `Deno.test`'s options and the test's body.
 */
export function pythonEnvForTest(use: string, what: string): { ignore: boolean; python: string } {
  const python = pythonEnv(use);
  if (python) return { ignore: false, python };
  const path = decodeURIComponent(new URL(`.venv/${use}/bin/python`, KIT).pathname);
  if (Deno.env.get("CI") === "true") return { ignore: false, python: path };
  console.warn(
    `skipping ${what}: the kit's Python environment "${use}" is not installed; run ` +
      `\`${PYTHON_ENV_COMMAND}\` to make it`,
  );
  return { ignore: true, python: path };
}
