import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import type { Finding, Level } from "./types.ts";
import { pointerSegments } from "./_pointer_segments.ts";

/** Attributes schema errors under a schema location to a named rule. */
export interface SchemaRuleMapping {
  /** A schema path prefix as ajv reports it, for example `#/$defs/item/properties/status`. */
  schemaPath: string;
  /** The rule that owns errors at or below that location. */
  ruleId: string;
}

/**
 * How strictly a schema is compiled: the few ajv switches the kit's schemas need, named by the
 * kit so that its API does not expose ajv's option type. Every switch defaults to ajv's strict
 * mode; a shipped spec schema that strict mode rejects is compiled with the switch that keeps
 * it unchanged.
 */
export interface SchemaCompileOptions {
  /**
   * ajv's strict mode as a whole.
   *
   * @default true
   */
  strict?: boolean;
  /**
   * Refuse keywords that apply to a type the schema does not declare next to them.
   *
   * @default true
   */
  strictTypes?: boolean;
  /**
   * Refuse `required` properties the same schema object does not define.
   *
   * @default true
   */
  strictRequired?: boolean;
  /**
   * Allow `type: [a, b]` unions.
   *
   * @default false
   */
  allowUnionTypes?: boolean;
}

/** Options of {@linkcode createSchemaChecker}. */
export interface SchemaCheckerOptions {
  /** The rule that owns errors no mapping claims. */
  defaultRule: string;
  /**
   * Level of every rule id that can appear in findings.
   *
   * @default {} (every rule MUST)
   */
  levels?: Readonly<Record<string, Level>>;
  /**
   * Mappings from schema locations to rules; the longest matching prefix wins.
   *
   * @default []
   */
  mappings?: readonly SchemaRuleMapping[];
  /**
   * Validate against this subschema of the schema, as a JSON Pointer fragment (`#/$defs/x`).
   *
   * @default "#" (the root)
   */
  ref?: string;
  /**
   * Extra schemas to add before compiling (referenced by `$id`).
   *
   * @default []
   */
  extraSchemas?: readonly unknown[];
  /**
   * How strictly the schema is compiled (errors are always all collected).
   *
   * @default {} (ajv's strict mode)
   */
  ajv?: SchemaCompileOptions;
}

/**
 * The instance that checks schemas against their meta-schema, made on first use. Every ajv
 * instance compiles the meta-schema anew on its first schema (about 40 ms each, a dozen
 * checkers at start-up): one compile is shared instead. Its options are those that decide
 * the result and the message (all errors, verbose, the formats), so a schema is refused as
 * each checker's own instance would refuse it.
 */
let metaChecker: Ajv2020 | undefined;

/** Throw as ajv's own compile would when a schema does not match its meta-schema. */
function checkSchema(schema: unknown): void {
  if (metaChecker === undefined) {
    metaChecker = new Ajv2020({ allErrors: true, strict: true, verbose: true });
    formats.default(metaChecker);
  }
  if (typeof schema === "object" && schema !== null) {
    metaChecker.validateSchema(schema as object, true);
  }
}

/** A compiled schema check: value in, findings out. */
export type SchemaChecker = (value: unknown) => Finding[];

/** Whether `pointer` (a URI fragment's JSON Pointer) names a member of `value`. */
function hasPointer(value: unknown, pointer: string): boolean {
  const keys = pointerSegments(decodeURIComponent(pointer));
  if (keys === undefined) return false;
  let at = value;
  for (const key of keys) {
    if (typeof at !== "object" || at === null || !Object.hasOwn(at, key)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return true;
}

/** Compile the schema (or its subschema `ref`) with the checker's ajv options. */
function compileSchema(
  schema: unknown,
  ref: string,
  id: string,
  options: SchemaCheckerOptions,
): ValidateFunction {
  // verbose: errors carry the failing value, which findings show next to what was expected.
  // Each schema was checked against its meta-schema by one shared instance (see checkSchema).
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    verbose: true,
    ...options.ajv,
    validateSchema: false,
  });
  formats.default(ajv);
  for (const extra of options.extraSchemas ?? []) ajv.addSchema(extra as object);
  if (ref === "#") return ajv.compile(schema as object);
  if (!ajv.getSchema(id)) ajv.addSchema(schema as object);
  const found = ajv.getSchema(`${id}${ref}`);
  if (!found) throw new Error(`Cannot find subschema "${ref}" in schema "${id}"`);
  return found;
}

/**
 * Compile a JSON Schema (draft 2020-12) into a checker whose findings name rules.
 *
 * Every ajv error becomes one finding carrying ajv's `keyword`, `instancePath`, `schemaPath`
 * and `params`. The rule is the mapping with the longest `schemaPath` prefix of the error's
 * schema path, else `defaultRule`. Summary errors that only restate others (`if`, and
 * `anyOf`/`oneOf` when a branch error is reported) are dropped, and duplicates are merged.
 *
 * @example Attribute a schema error to a rule
 * ```ts
 * import assert from "node:assert/strict";
 * import { createSchemaChecker } from "./schema_checker.ts";
 *
 * const check = createSchemaChecker(
 *   { type: "object", properties: { total: { type: "integer" } } },
 *   { defaultRule: "X-SCHEMA", mappings: [{ schemaPath: "#/properties/total", ruleId: "X-TOTAL" }] },
 * );
 * assert.deepEqual(check({ total: "3" }).map((f) => [f.ruleId, f.instancePath]), [["X-TOTAL", "/total"]]);
 * ```
 *
 * @param schema The JSON Schema, as data.
 * @param options The default rule, mappings and ajv options.
 * @returns A function that checks a value and never throws on a value; the schema is compiled
 * on its first call, which throws if it does not compile.
 * @throws {Error} When the schema does not match its meta-schema.
 */
export function createSchemaChecker(schema: unknown, options: SchemaCheckerOptions): SchemaChecker {
  // Checked against the meta-schema now (a schema error is thrown here); compiled on first
  // use: a process that loads every profile checks values of one or two (compiling them all
  // took about 40% of the kit's start-up).
  for (const extra of options.extraSchemas ?? []) checkSchema(extra);
  const ref = options.ref ?? "#";
  const id = (schema as { $id?: string }).$id ?? "https://netconform.dev/schemas/anonymous.json";
  const withId = ref === "#" ? schema : { ...(schema as object), $id: id };
  checkSchema(withId);
  if (ref !== "#" && !hasPointer(withId, ref.slice(1))) {
    throw new Error(`Cannot find subschema "${ref}" in schema "${id}"`);
  }
  let compiled: ValidateFunction | undefined;
  const validator = () => compiled ??= compileSchema(withId, ref, id, options);
  const mappings = [...(options.mappings ?? [])].sort((a, b) =>
    b.schemaPath.length - a.schemaPath.length
  );
  const levels = options.levels ?? {};
  return (value: unknown): Finding[] => {
    let ok: boolean;
    const validate = validator();
    try {
      ok = validate(value) as boolean;
    } catch (error) {
      // ajv never throws on data; this guards against a pathological value (a cycle, say).
      return [{
        ruleId: options.defaultRule,
        level: levels[options.defaultRule] ?? "MUST",
        instancePath: "",
        message: `value could not be validated: ${String(error)}`,
      }];
    }
    if (ok) return [];
    return toFindings(validate.errors ?? [], mappings, options.defaultRule, levels);
  };
}

function ruleFor(
  schemaPath: string,
  mappings: readonly SchemaRuleMapping[],
  defaultRule: string,
): string {
  for (const m of mappings) {
    if (
      schemaPath === m.schemaPath || schemaPath.startsWith(m.schemaPath + "/")
    ) return m.ruleId;
  }
  return defaultRule;
}

/** Keywords whose failing value is a scalar worth showing, and what each expected. */
const VALUE_KEYWORDS: Readonly<Record<string, (params: Record<string, unknown>) => unknown>> = {
  const: (p) => p.allowedValue,
  enum: (p) => p.allowedValues,
  type: (p) => p.type,
  pattern: (p) => `a string matching ${String(p.pattern)}`,
  format: (p) => `a string of format ${String(p.format)}`,
  minimum: (p) => `${p.comparison} ${p.limit}`,
  maximum: (p) => `${p.comparison} ${p.limit}`,
  exclusiveMinimum: (p) => `${p.comparison} ${p.limit}`,
  exclusiveMaximum: (p) => `${p.comparison} ${p.limit}`,
  multipleOf: (p) => `a multiple of ${p.multipleOf}`,
  minLength: (p) => `at least ${p.limit} characters`,
  maxLength: (p) => `at most ${p.limit} characters`,
};

/** Largest JSON text of a failing value a finding carries as `actual`. */
const MAX_ACTUAL_CHARS = 200;

function valuesOf(e: ErrorObject): { expected?: unknown; actual?: unknown } {
  const expected = VALUE_KEYWORDS[e.keyword];
  if (!expected) return {};
  let text: string | undefined;
  try {
    // A string longer than the bound is over it: not written (a 7 MB answer is 14 MB more).
    text = typeof e.data === "string" && e.data.length > MAX_ACTUAL_CHARS
      ? undefined
      : JSON.stringify(e.data);
  } catch {
    text = undefined;
  }
  return {
    expected: expected(e.params as Record<string, unknown>),
    ...(text !== undefined && text.length <= MAX_ACTUAL_CHARS ? { actual: e.data } : {}),
  };
}

function toFindings(
  errors: readonly ErrorObject[],
  mappings: readonly SchemaRuleMapping[],
  defaultRule: string,
  levels: Readonly<Record<string, Level>>,
): Finding[] {
  const kept = errors.filter((e) => {
    if (e.keyword === "if") return false;
    if (e.keyword === "anyOf" || e.keyword === "oneOf") {
      // Keep a combinator error only when no error below it explains it.
      const prefix = e.schemaPath + "/";
      return !errors.some((o) => o !== e && o.schemaPath.startsWith(prefix));
    }
    return true;
  });
  const seen = new Set<string>();
  const findings: Finding[] = [];
  for (const e of kept) {
    const ruleId = ruleFor(e.schemaPath, mappings, defaultRule);
    const key = `${ruleId}\u0000${e.instancePath}\u0000${e.keyword}\u0000${
      JSON.stringify(e.params)
    }`;
    if (seen.has(key)) continue;
    seen.add(key);
    findings.push({
      ruleId,
      level: levels[ruleId] ?? "MUST",
      instancePath: e.instancePath,
      message: e.message ?? e.keyword,
      keyword: e.keyword,
      schemaPath: e.schemaPath,
      params: { ...e.params },
      ...valuesOf(e),
    });
  }
  return findings;
}
