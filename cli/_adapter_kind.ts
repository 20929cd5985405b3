/**
 * The contract between the CLI's list of adapter kinds (`adapter_kinds.ts`) and each kind
 * (`kind_*.ts`), kept below both so that neither imports the other.
 *
 * @module
 */
import type { Adapter } from "../src/core/types.ts";

/** What a config file's adapter section turns into. */
export interface AdapterKind {
  /** The `kind` value, for example `subprocess`. */
  kind: string;
  /** One line for `--help`. */
  description: string;
  /**
   * JSON Schema (draft 2020-12) of the adapter section, `kind` included; the config loader
   * validates the section against it and reports errors with line and column.
   */
  schema: Record<string, unknown>;
  /**
   * Make an adapter from a validated section.
   *
   * @param section The adapter section, as validated.
   * @param context `configDir`: the config file's folder, against which relative paths
   * resolve; `profile`: the id of the profile the adapter is made for; `toolTimeoutsMs`: the
   * target's per-tool time budgets (`timeouts.tools`), for the kinds that call tools.
   */
  create(
    section: Record<string, unknown>,
    context: {
      configDir: string;
      profile?: string;
      toolTimeoutsMs?: Readonly<Record<string, number>>;
    },
  ): Adapter;
}
