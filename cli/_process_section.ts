// Config-section pieces shared by the adapter kinds that start a process (subprocess,
// mcp-stdio): the JSON Schema of argv, cwd, env and inherit_env, and how argv resolves.
import { isAbsolute, resolve } from "node:path";
import { PASSED_ENV } from "../src/adapters/_child_env.ts";

/** The schema properties of a section that starts a process; `what` names it in descriptions. */
export function processProperties(what: string): Record<string, unknown> {
  return {
    argv: {
      description:
        `Program and arguments of the ${what}, run without a shell. A relative program path (one with a slash) resolves against the config file's folder; the other arguments are passed as they are and resolve against cwd.`,
      type: "array",
      minItems: 1,
      // The program may not be empty; the arguments may (an empty argument is an argument).
      prefixItems: [{ type: "string", minLength: 1 }],
      items: { type: "string" },
    },
    cwd: {
      description:
        `Working directory of the ${what}, relative to the config file's folder. Default: that folder.`,
      type: "string",
      minLength: 1,
    },
    env: {
      description:
        `Variables set for the ${what}, on top of those passed from the kit's environment (${
          PASSED_ENV.join(", ")
        }). Set PYTHONPATH here.`,
      type: "object",
      propertyNames: { pattern: "^[^=\\u0000]+$" },
      additionalProperties: { type: "string" },
    },
    inherit_env: {
      description: "Pass the kit's whole environment instead of the short list. Default false.",
      type: "boolean",
    },
  };
}

/** argv with a relative program path (one with a slash) resolved against the config folder. */
export function resolveArgv(argv: readonly string[], configDir: string): string[] {
  const [program, ...args] = argv;
  const relative = !isAbsolute(program) && /[\\/]/.test(program);
  return [relative ? resolve(configDir, program) : program, ...args];
}
