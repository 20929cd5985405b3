/**
 * Where the normative schema of `netdryrun.mcp-result/v1` is shipped: the spec's file,
 * byte for byte, `$id` `https://netdryrun.com/schemas/mcp-result-v1.json`.
 *
 * @example Read the shipped schema
 * ```ts
 * import assert from "node:assert/strict";
 * import { netdryrunSchemaUrl } from "./schema.ts";
 *
 * const schema = JSON.parse(await Deno.readTextFile(netdryrunSchemaUrl));
 * assert.equal(schema.$id, "https://netdryrun.com/schemas/mcp-result-v1.json");
 * ```
 */
export const netdryrunSchemaUrl: URL = new URL("./mcp-result-v1.schema.json", import.meta.url);
