// NDR-PLAIN-ERROR-TEXT: the error of a setup error, of an invalid validate result and of a
// tool error is one well-formed line like lab text. ../_check_value.ts calls it per branch.
import type { Finding } from "../../../src/core/types.ts";
import { CAP } from "../_text.ts";
import { checkOneLineText } from "./_one_line_text.ts";

/** NDR-PLAIN-ERROR-TEXT of `/error`, whose value is `error`. */
export function checkPlainErrorText(error: unknown, out: Finding[]): void {
  checkOneLineText("NDR-PLAIN-ERROR-TEXT", error, "/error", CAP.long, out);
}
