/**
 * Why a netdryrun.yml is not valid (the message is the setup error and validate's error).
 *
 * @example Make one
 * ```ts
 * import assert from "node:assert/strict";
 * import { ConfigError } from "./config_error.ts";
 *
 * assert.equal(new ConfigError('unknown key "x"').name, "ConfigError");
 * ```
 */
export class ConfigError extends Error {
  /** Creates the error. */
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}
