/**
 * Writes `conform.schema.json`, the JSON Schema of the targets file, from the kit's adapter
 * kinds and suites: `deno task config-schema`. A test fails when the committed file is stale.
 *
 * @module
 */
import { suites } from "./registry.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { buildConfigSchema } from "./load_config.ts";

/** Where the shipped schema lives. */
export const CONFIG_SCHEMA_URL: URL = new URL("../conform.schema.json", import.meta.url);

/**
 * The text of `conform.schema.json` for the kit as it is.
 *
 * @example Render the schema
 * ```ts
 * import assert from "node:assert/strict";
 * import { configSchemaText } from "./write_config_schema.ts";
 *
 * assert.match(configSchemaText(), /"title": "netconform targets file/);
 * ```
 *
 * @returns Pretty-printed JSON with a final newline.
 */
export function configSchemaText(): string {
  return JSON.stringify(buildConfigSchema(adapterKinds, suites), null, 2) + "\n";
}

if (import.meta.main) {
  await Deno.writeTextFile(CONFIG_SCHEMA_URL, configSchemaText());
  console.log(`wrote ${CONFIG_SCHEMA_URL.pathname}`);
}
