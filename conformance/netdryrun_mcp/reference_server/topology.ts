/**
 * Read a containerlab topology (the subset the reference server needs): its name, nodes and
 * the files it binds, loads as startup configs or licences, or reads as env-files.
 *
 * @module
 */
import { parse as parseYaml } from "yaml";
import { dirname, isAbsolute, resolve } from "node:path";
import { isRecord, readSmallText } from "./_util.ts";

/** One node of a topology. */
export interface TopologyNode {
  /** containerlab kind, for example `linux` or `frr`... (`nokia_srlinux` etc. are known too). */
  kind: string;
  /** Extra fields as written. */
  [key: string]: unknown;
}

/** A file a topology refers to, as written and resolved. */
export interface TopologyFileRef {
  /** As written in the topology. */
  written: string;
  /** Absolute path, or null when containerlab resolves it (`~`, `${VAR}`, URL). */
  path: string | null;
}

/** A readable topology. */
export interface Topology {
  /** Absolute path of the topology file. */
  path: string;
  /** Lab name. */
  name: string;
  /** Nodes by name. */
  nodes: Record<string, TopologyNode>;
  /** Files the topology refers to. */
  files: TopologyFileRef[];
}

function ref(written: string, base: string): TopologyFileRef {
  if (/^~|\$\{|^[a-z]+:\/\//i.test(written)) return { written, path: null };
  return { written, path: isAbsolute(written) ? written : resolve(base, written) };
}

/**
 * Read and check a topology file.
 *
 * @param path Absolute path of the file.
 * @returns The topology.
 * @throws {Error} When it cannot be read, is not YAML or lacks `name` and `topology.nodes`.
 */
export async function readTopology(path: string): Promise<Topology> {
  const text = await readSmallText(path);
  let doc: unknown;
  try {
    doc = parseYaml(text, { maxAliasCount: 100 });
  } catch (error) {
    throw new Error(`topology "${path}" is not YAML: ${(error as Error).message.split("\n")[0]}`);
  }
  if (!isRecord(doc) || typeof doc.name !== "string" || doc.name === "") {
    throw new Error(`topology "${path}" has no lab name`);
  }
  const topo = doc.topology;
  if (!isRecord(topo) || !isRecord(topo.nodes) || Object.keys(topo.nodes).length === 0) {
    throw new Error(`topology "${path}" has no nodes`);
  }
  const base = dirname(path);
  const nodes: Record<string, TopologyNode> = {};
  const files: TopologyFileRef[] = [];
  const kinds = isRecord(topo.kinds) ? topo.kinds : {};
  const collect = (spec: Record<string, unknown>) => {
    for (const key of ["startup-config", "license"]) {
      if (typeof spec[key] === "string") files.push(ref(spec[key] as string, base));
    }
    if (Array.isArray(spec.binds)) {
      for (const b of spec.binds) {
        if (typeof b === "string") files.push(ref(b.split(":")[0], base));
      }
    }
    if (Array.isArray(spec["env-files"])) {
      for (const e of spec["env-files"]) if (typeof e === "string") files.push(ref(e, base));
    }
  };
  for (const spec of Object.values(kinds)) if (isRecord(spec)) collect(spec);
  for (const [name, spec] of Object.entries(topo.nodes)) {
    const node = isRecord(spec) ? spec : {};
    const kind = typeof node.kind === "string" ? node.kind : "linux";
    nodes[name] = { ...node, kind };
    collect(node);
  }
  return { path, name: doc.name, nodes, files };
}
