// NDR-NEXT-DIAGNOSTIC: next_diagnostic is null or docker exec <container> <CLI> '<command>', one
// read-only command.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import type { Obj } from "../../_json_value.ts";
import { excerpt, finding } from "./_finding.ts";

// docker exec <container> <CLI words...> '<command>'; the command has no quote and no
// control character (C0, DEL, C1, U+2028/9), which is what the character class spells out.
const NEXT_DIAGNOSTIC =
  // deno-lint-ignore no-control-regex
  /^docker exec [A-Za-z0-9][A-Za-z0-9_.-]* (?:[^\s']+ )+'[^'\x00-\x1f\x7f-\x9f\u2028\u2029]+'$/;

/**
 * Words that make a network CLI or shell command change state (clear counters or sessions,
 * reset, reload, configure, delete, write, add or remove a route...). A read-only command has
 * none of them before its first `|` (what follows a pipe filters the output).
 */
const STATE_CHANGING = new Set([
  "add",
  "clear",
  "commit",
  "conf",
  "config",
  "configure",
  "copy",
  "debug",
  "del",
  "delete",
  "erase",
  "flush",
  "format",
  "install",
  "kill",
  "no",
  "reboot",
  "reload",
  "remove",
  "replace",
  "request",
  "reset",
  "restart",
  "rm",
  "rollback",
  "set",
  "shutdown",
  "undebug",
  "unset",
  "wr",
  "write",
]);

/** Why a quoted command is not one read-only command; undefined when it is. */
function notReadOnly(command: string): string | undefined {
  if (/;|&&|\|\||`|\$\(/.test(command)) return "chains more than one command";
  const words = command.split("|")[0].trim().toLowerCase().split(/\s+/);
  const word = words.find((w) => STATE_CHANGING.has(w));
  return word === undefined ? undefined : `changes state ("${word}")`;
}

/** NDR-NEXT-DIAGNOSTIC of failures/k: a string next_diagnostic not of the docker exec form. */
export function checkNextDiagnostic(failure: Obj, k: number, out: Finding[]): void {
  const nd = failure.next_diagnostic;
  if (typeof nd !== "string") return;
  if (!NEXT_DIAGNOSTIC.test(nd)) {
    out.push(finding(
      "NDR-NEXT-DIAGNOSTIC",
      jsonPointer("failures", k, "next_diagnostic"),
      "next_diagnostic is not docker exec <container> <CLI> '<command>'",
      { keyword: "pattern", params: { pattern: NEXT_DIAGNOSTIC.source }, actual: excerpt(nd, 200) },
    ));
    return;
  }
  const command = nd.slice(nd.indexOf("'") + 1, -1);
  const why = notReadOnly(command);
  if (why) {
    out.push(finding(
      "NDR-NEXT-DIAGNOSTIC",
      jsonPointer("failures", k, "next_diagnostic"),
      `next_diagnostic's command ${
        JSON.stringify(excerpt(command, 200))
      } ${why}: not one read-only command`,
      { keyword: "readOnly", actual: excerpt(nd, 200) },
    ));
  }
}
