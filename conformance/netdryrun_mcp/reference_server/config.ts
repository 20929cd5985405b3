/**
 * The reference server's netdryrun.yml format (documented in docs/netdryrun-server.md):
 *
 * ```yaml
 * lab: lab.clab.yml          # containerlab topology, relative to this file
 * checks:
 *   - name: r1 learns 10.0.2.0/24 over BGP
 *     node: r1               # a node of the topology
 *     type: route_present    # a check type (see check_types)
 *     params: {prefix: 10.0.2.0/24, protocol: bgp}
 *     samples: 3             # optional, 1..10, default 1: the last sample decides
 *     interval_s: 1          # optional, 0..60, default 0: wait between samples
 * ```
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import { dirname, resolve } from "node:path";
import { CHECK_TYPES } from "./check_types.ts";
import { ConfigError } from "./config_error.ts";
import { isRecord, readSmallText } from "./_util.ts";
import { readTopology, type Topology } from "./topology.ts";

/** One check of a netdryrun.yml. */
export interface CheckSpec {
  /** Unique name. */
  name: string;
  /** The node it reads. */
  node: string;
  /** Its check type. */
  type: string;
  /** Its parameters. */
  params: Record<string, unknown>;
  /** How many samples to take. */
  samples: number;
  /** Seconds between samples. */
  intervalS: number;
}

/** A valid netdryrun.yml, with its topology read. */
export interface NetdryrunConfig {
  /** Absolute path of the netdryrun.yml. */
  path: string;
  /** The topology. */
  topology: Topology;
  /** The checks, in file order. */
  checks: CheckSpec[];
}

const CHECK_KEYS = new Set(["name", "node", "type", "params", "samples", "interval_s"]);

/**
 * Read and validate a netdryrun.yml, its topology included.
 *
 * @param path Absolute path of the file.
 * @returns The config.
 * @throws {ConfigError} When the file is missing, unreadable or invalid.
 */
export async function loadConfig(path: string): Promise<NetdryrunConfig> {
  let text: string;
  try {
    text = await readSmallText(path);
  } catch (error) {
    throw new ConfigError(
      error instanceof Deno.errors.NotFound
        ? `netdryrun.yml "${path}" does not exist`
        : `netdryrun.yml "${path}" cannot be read: ${(error as Error).message}`,
    );
  }
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new ConfigError(`"${path}" is not YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!isRecord(doc)) throw new ConfigError(`"${path}" is not a mapping`);
  for (const key of Object.keys(doc)) {
    if (key !== "lab" && key !== "checks") throw new ConfigError(`unknown key "${key}"`);
  }
  if (typeof doc.lab !== "string" || doc.lab === "") {
    throw new ConfigError(`"lab" must name the containerlab topology file`);
  }
  let topology: Topology;
  try {
    topology = await readTopology(resolve(dirname(path), doc.lab));
  } catch (error) {
    throw new ConfigError(`lab "${doc.lab}": ${(error as Error).message}`);
  }
  if (!Array.isArray(doc.checks) || doc.checks.length === 0) {
    throw new ConfigError(`"checks" must be a non-empty list`);
  }
  const names = new Set<string>();
  const checks = doc.checks.map((raw, i): CheckSpec => {
    const where = `checks[${i}]`;
    if (!isRecord(raw)) throw new ConfigError(`${where} is not a mapping`);
    for (const key of Object.keys(raw)) {
      if (!CHECK_KEYS.has(key)) throw new ConfigError(`${where} has unknown key "${key}"`);
    }
    const { name, node, type } = raw;
    if (typeof name !== "string" || name === "") throw new ConfigError(`${where} has no name`);
    if (names.has(name)) throw new ConfigError(`check name "${name}" is used twice`);
    names.add(name);
    if (typeof node !== "string" || !(node in topology.nodes)) {
      throw new ConfigError(`check "${name}": node "${String(node)}" is not in the topology`);
    }
    if (typeof type !== "string" || !Object.hasOwn(CHECK_TYPES, type)) {
      throw new ConfigError(`check "${name}": unknown type "${String(type)}"`);
    }
    const params = raw.params ?? {};
    if (!isRecord(params)) throw new ConfigError(`check "${name}": "params" is not a mapping`);
    const ct = CHECK_TYPES[type];
    for (const p of ct.required) {
      if (!(p in params)) throw new ConfigError(`check "${name}": missing parameter "${p}"`);
    }
    for (const p of Object.keys(params)) {
      if (!ct.required.includes(p) && !ct.optional.includes(p)) {
        throw new ConfigError(`check "${name}": unknown parameter "${p}" for type "${type}"`);
      }
    }
    const samples = raw.samples ?? 1;
    if (!Number.isInteger(samples) || (samples as number) < 1 || (samples as number) > 10) {
      throw new ConfigError(`check "${name}": "samples" must be an integer from 1 to 10`);
    }
    const interval = raw.interval_s ?? 0;
    if (typeof interval !== "number" || interval < 0 || interval > 60) {
      throw new ConfigError(`check "${name}": "interval_s" must be a number from 0 to 60`);
    }
    return { name, node, type, params, samples: samples as number, intervalS: interval };
  });
  return { path, topology, checks };
}
