// The points of a JSON schema an input class can be declared for, found by walking the schema
// (so a schema change cannot leave a cap, an enum value or an arm unclassed), and the points a
// value hits. Private helper of the profiles' classes.ts.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/** One point of a schema: an enum value, an arm, or one side of a cap. */
export interface SchemaPoint {
  /** Stable id: `schema:` and the JSON pointer of the keyword, with `:at`/`:past` for caps. */
  id: string;
  /** One line saying what a value at this point is. */
  description: string;
  /** `enum`, `arm` (anyOf/oneOf arm, if-then or if-else) or `cap`. */
  kind: "enum" | "arm" | "cap";
  /** For caps: `at` (on the boundary, valid) or `past` (one past it, invalid). */
  side?: "at" | "past";
}

type Schema = Record<string, unknown>;

const CAPS: Record<string, { what: string; past: number }> = {
  minLength: { what: "length", past: -1 },
  maxLength: { what: "length", past: 1 },
  minItems: { what: "item count", past: -1 },
  maxItems: { what: "item count", past: 1 },
  minProperties: { what: "property count", past: -1 },
  maxProperties: { what: "property count", past: 1 },
  minimum: { what: "value", past: -1 },
  maximum: { what: "value", past: 1 },
};

const isObject = (v: unknown): v is Schema =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const esc = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** Subschemas that describe the value itself or its members (not `if`, `not`: conditions). */
function* children(node: Schema, at: string): Generator<[Schema, string]> {
  for (const kw of ["properties", "patternProperties", "$defs", "dependentSchemas"]) {
    const map = node[kw];
    if (isObject(map)) {
      for (const [k, v] of Object.entries(map)) if (isObject(v)) yield [v, `${at}/${kw}/${esc(k)}`];
    }
  }
  for (const kw of ["additionalProperties", "items", "contains", "then", "else"]) {
    if (isObject(node[kw])) yield [node[kw] as Schema, `${at}/${kw}`];
  }
  for (const kw of ["allOf", "anyOf", "oneOf", "prefixItems"]) {
    const list = node[kw];
    if (Array.isArray(list)) {
      for (const [i, v] of list.entries()) if (isObject(v)) yield [v, `${at}/${kw}/${i}`];
    }
  }
}

/**
 * Every point of a schema: each enum value, each `anyOf`/`oneOf` arm, both arms of each
 * `if` (then and else), and both sides of each length, count and range cap.
 *
 * @param schema The schema (local `$ref`s are not followed: `$defs` are walked once).
 * @returns The points, in schema order.
 */
export function schemaPoints(schema: unknown): SchemaPoint[] {
  const out: SchemaPoint[] = [];
  const walk = (node: Schema, at: string) => {
    const where = at === "" ? "#" : `#${at}`;
    if (Array.isArray(node.enum)) {
      for (const [i, v] of node.enum.entries()) {
        out.push({
          id: `schema:${where}/enum/${i}`,
          description: `${where}: the enum value ${JSON.stringify(v)}`,
          kind: "enum",
        });
      }
    }
    for (const kw of ["anyOf", "oneOf"]) {
      const list = node[kw];
      if (Array.isArray(list)) {
        for (const i of list.keys()) {
          out.push({
            id: `schema:${where}/${kw}/${i}`,
            description: `${where}: ${kw} arm ${i} matches`,
            kind: "arm",
          });
        }
      }
    }
    if (isObject(node.if)) {
      out.push({ id: `schema:${where}/then`, description: `${where}: the if holds`, kind: "arm" });
      out.push({ id: `schema:${where}/else`, description: `${where}: the if fails`, kind: "arm" });
    }
    for (const [kw, cap] of Object.entries(CAPS)) {
      const limit = node[kw];
      if (typeof limit !== "number") continue;
      const past = limit + cap.past;
      out.push({
        id: `schema:${where}/${kw}:at`,
        description: `${where}: ${cap.what} ${limit}, at its ${kw} (valid)`,
        kind: "cap",
        side: "at",
      });
      out.push({
        id: `schema:${where}/${kw}:past`,
        description: `${where}: ${cap.what} ${past}, one past its ${kw} ${limit} (a finding)`,
        kind: "cap",
        side: "past",
      });
    }
    for (const [child, path] of children(node, at)) walk(child, path);
  };
  if (isObject(schema)) walk(schema, "");
  return out;
}

function measure(kw: string, value: unknown): number | undefined {
  if (kw.endsWith("Length")) return typeof value === "string" ? [...value].length : undefined;
  if (kw.endsWith("Items")) return Array.isArray(value) ? value.length : undefined;
  if (kw.endsWith("Properties")) return isObject(value) ? Object.keys(value).length : undefined;
  return typeof value === "number" ? value : undefined;
}

function equal(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A compiled schema that says which of its points a value hits. */
export interface SchemaPointHitter {
  /**
   * The ids of the points a value hits, walking the schema from `at` (a JSON pointer into it,
   * `""` for the root) alongside the value: arms are hit when they match and only matching
   * arms are walked further.
   */
  (value: unknown, at?: string): string[];
}

/**
 * Compile a schema (with `$id`) into a {@linkcode SchemaPointHitter}.
 *
 * @param schema The schema; local `$ref`s (`#/...`) are followed.
 * @returns The hitter; it throws when `at` or a `$ref` names no subschema.
 */
export function schemaPointHitter(schema: Schema): SchemaPointHitter {
  // Made on first use (a module that loads a profile need not pay for it), without checking
  // the schema against its meta-schema: its profile's checker does that, once for all.
  let ajv: Ajv2020 | undefined;
  const instance = (): Ajv2020 => {
    if (ajv) return ajv;
    ajv = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false });
    ajv.addSchema(schema);
    return ajv;
  };
  const id = String(schema.$id);
  const validators = new Map<string, ValidateFunction>();
  const valid = (at: string, value: unknown): boolean => {
    let v = validators.get(at);
    if (!v) {
      v = instance().getSchema(`${id}#${at}`);
      if (!v) throw new Error(`No subschema at "${at}"`);
      validators.set(at, v);
    }
    return v(value) as boolean;
  };
  const resolve = (pointer: string): Schema => {
    let node: unknown = schema;
    for (const part of pointer.split("/").slice(1)) {
      node = isObject(node) || Array.isArray(node)
        ? (node as Schema)[part.replaceAll("~1", "/").replaceAll("~0", "~")]
        : undefined;
    }
    if (!isObject(node)) throw new Error(`No subschema at "${pointer}"`);
    return node;
  };
  // Whether a subschema (following $refs) holds any point: walks skip those that hold none.
  const holds = new Map<Schema, boolean>();
  const hasPoints = (node: Schema): boolean => {
    const known = holds.get(node);
    if (known !== undefined) return known;
    holds.set(node, false); // a $ref cycle adds nothing
    let any = Array.isArray(node.enum) || Array.isArray(node.anyOf) ||
      Array.isArray(node.oneOf) || isObject(node.if) ||
      Object.keys(CAPS).some((kw) => typeof node[kw] === "number");
    if (!any && typeof node.$ref === "string" && node.$ref.startsWith("#")) {
      any = hasPoints(resolve(node.$ref.slice(1)));
    }
    if (!any) { for (const [child] of children(node, "")) if (hasPoints(child)) any = true; }
    holds.set(node, any);
    return any;
  };
  return (value: unknown, start = "") => {
    const out = new Set<string>();
    const walk = (node: Schema, at: string, v: unknown, depth: number) => {
      if (depth > 64 || !hasPoints(node)) return;
      const where = at === "" ? "#" : `#${at}`;
      if (typeof node.$ref === "string" && node.$ref.startsWith("#")) {
        const to = node.$ref.slice(1);
        walk(resolve(to), to, v, depth + 1);
      }
      if (Array.isArray(node.enum)) {
        for (const [i, e] of node.enum.entries()) {
          if (equal(e, v)) out.add(`schema:${where}/enum/${i}`);
        }
      }
      for (const [kw, cap] of Object.entries(CAPS)) {
        const limit = node[kw];
        const m = measure(kw, v);
        if (typeof limit !== "number" || m === undefined) continue;
        if (m === limit) out.add(`schema:${where}/${kw}:at`);
        if (m === limit + cap.past) out.add(`schema:${where}/${kw}:past`);
      }
      for (const kw of ["anyOf", "oneOf"]) {
        const list = node[kw];
        if (!Array.isArray(list)) continue;
        for (const i of list.keys()) {
          if (valid(`${at}/${kw}/${i}`, v)) {
            out.add(`schema:${where}/${kw}/${i}`);
            walk(list[i], `${at}/${kw}/${i}`, v, depth + 1);
          }
        }
      }
      if (isObject(node.if)) {
        const arm = valid(`${at}/if`, v) ? "then" : "else";
        out.add(`schema:${where}/${arm}`);
        if (isObject(node[arm])) walk(node[arm] as Schema, `${at}/${arm}`, v, depth + 1);
      }
      if (Array.isArray(node.allOf)) {
        for (const [i, s] of node.allOf.entries()) walk(s, `${at}/allOf/${i}`, v, depth + 1);
      }
      if (isObject(v)) {
        const props = isObject(node.properties) ? node.properties : {};
        for (const [k, member] of Object.entries(v)) {
          if (isObject(props[k])) {
            walk(props[k] as Schema, `${at}/properties/${esc(k)}`, member, depth + 1);
          } else if (isObject(node.additionalProperties)) {
            walk(node.additionalProperties, `${at}/additionalProperties`, member, depth + 1);
          }
        }
      }
      if (Array.isArray(v) && isObject(node.items)) {
        for (const member of v) walk(node.items, `${at}/items`, member, depth + 1);
      }
    };
    walk(resolve(start), start, value, 0);
    return [...out];
  };
}
