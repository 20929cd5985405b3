// Laying out a scenario folder into the workspace shared with the server. Bounded.
import { parse as parseYaml } from "yaml";
import { dirname, join, relative, resolve } from "node:path";
import { isObject } from "../_json_value.ts";

/** The manifest of a scenario folder (`scenario.yaml`). */
export interface ScenarioManifest {
  /** The netdryrun.yml, relative to the folder. */
  config: string;
  /** The topology, relative to the folder (record_baseline). */
  topology?: string;
  /** The status a lab run gives. */
  status?: string;
  /** Files tested.files must name (relative to the config's folder). */
  tested: string[];
}

/** A scenario laid out in the workspace. */
export interface LaidOut {
  /** Absolute folder. */
  dir: string;
  /** Absolute path of the netdryrun.yml (which may not exist). */
  config: string;
  /** Absolute path of the topology, when the manifest names one. */
  topology?: string;
  /** Path relative to the config's folder -> sha256 of each laid-out file. */
  files: Record<string, string>;
  /** The manifest. */
  manifest: ScenarioManifest;
}

const MAX_FILES = 200;
const MAX_BYTES = 1024 * 1024;
export const MANIFEST = "scenario.yaml";

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Whether a scenario folder exists. */
export async function scenarioExists(folder: string): Promise<boolean> {
  try {
    return (await Deno.stat(folder)).isDirectory;
  } catch {
    return false;
  }
}

/** Read a scenario folder's manifest (defaults when it has none). */
export async function readManifest(folder: string): Promise<ScenarioManifest> {
  let raw: unknown = {};
  try {
    const text = await Deno.readTextFile(join(folder, MANIFEST));
    if (text.length > MAX_BYTES) throw new Error(`"${MANIFEST}" is over ${MAX_BYTES} bytes`);
    raw = parseYaml(text, { maxAliasCount: 10 }) ?? {};
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) {
      throw new Error(
        `Scenario "${folder}": cannot read "${MANIFEST}": ${(error as Error).message}`,
      );
    }
  }
  if (!isObject(raw)) throw new Error(`Scenario "${folder}": "${MANIFEST}" is not a mapping`);
  const str = (key: string) => {
    const v = raw[key];
    if (v !== undefined && typeof v !== "string") {
      throw new Error(`Scenario "${folder}": "${key}" in "${MANIFEST}" must be a string`);
    }
    return v;
  };
  const config = str("config") ?? "netdryrun.yml";
  const topology = str("topology");
  const status = str("status");
  let tested: string[];
  if (raw.tested === undefined) tested = [];
  else if (Array.isArray(raw.tested) && raw.tested.every((t) => typeof t === "string")) {
    tested = raw.tested;
  } else throw new Error(`Scenario "${folder}": "tested" in "${MANIFEST}" must be a list of paths`);
  return { config, ...(topology ? { topology } : {}), ...(status ? { status } : {}), tested };
}

/** Copy a scenario folder (its manifest excepted) to `dest` and hash what was written. */
export async function layOut(
  source: string | undefined,
  dest: string,
  manifest: ScenarioManifest,
): Promise<LaidOut> {
  await Deno.remove(dest, { recursive: true }).catch(() => {});
  await Deno.mkdir(dest, { recursive: true });
  const config = resolve(dest, manifest.config);
  const base = dirname(config);
  const files: Record<string, string> = {};
  let count = 0;
  const walk = async (from: string, to: string) => {
    for await (const entry of Deno.readDir(from)) {
      const src = join(from, entry.name);
      const dst = join(to, entry.name);
      if (entry.isDirectory) {
        await Deno.mkdir(dst, { recursive: true });
        await walk(src, dst);
      } else if (entry.isFile) {
        if (from === source && entry.name === MANIFEST) continue;
        if (++count > MAX_FILES) {
          throw new Error(`Scenario "${source}" has more than ${MAX_FILES} files`);
        }
        const stat = await Deno.stat(src);
        if (stat.size > MAX_BYTES) {
          throw new Error(`Scenario file "${src}" is over ${MAX_BYTES} bytes`);
        }
        const bytes = await Deno.readFile(src);
        await Deno.writeFile(dst, bytes);
        files[relative(base, dst).replaceAll("\\", "/")] = await sha256Hex(bytes);
      }
    }
  };
  if (source) await walk(source, dest);
  return {
    dir: dest,
    config,
    ...(manifest.topology ? { topology: resolve(dest, manifest.topology) } : {}),
    files,
    manifest,
  };
}
