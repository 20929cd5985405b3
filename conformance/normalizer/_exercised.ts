// Which rules a case exercises, so that per-rule statistics count only cases that could fail them.
import { analyzeRaw, isNamedItemForm } from "./_legacy.ts";
import { jsonViewOf } from "./_python_values.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";

const ALWAYS = [
  "NORM-OBSERVATION",
  "NORM-CONFORMS",
  "NORM-TOOL-NAME",
  "NORM-IDEMPOTENT",
];

/** The rules an input exercises: the general ones, plus those of its legacy form. */
export function rulesExercised(raw: unknown): string[] {
  // Raising on a real Python object of a type the standard names nowhere is NORM-TOTAL-OTHER.
  const unnamed = raw instanceof PythonArgument && jsonViewOf(raw.value) === undefined;
  return [unnamed ? "NORM-TOTAL-OTHER" : "NORM-TOTAL", ...formRules(raw)];
}

function formRules(raw: unknown): string[] {
  const a = analyzeRaw(raw);
  switch (a.form) {
    case "conforming":
      return [...ALWAYS, "NORM-FIXPOINT"];
    case "items":
      return [
        ...ALWAYS,
        isNamedItemForm(a) ? "NORM-ITEM-COUNT" : "NORM-ITEM-COUNT-OTHER",
        ...(isNamedItemForm(a) ? ["NORM-RESULT-TEXT", "NORM-NAME"] : []),
        "NORM-RESULT-OTHER",
        "NORM-ERROR-TEXT",
        "NORM-NAME-OTHER",
        "NORM-STATUS",
        "NORM-STATUS-OTHER",
        ...(a.globalError !== undefined ? ["NORM-GLOBAL-ERROR"] : []),
      ];
    case "global-error":
      return [...ALWAYS, "NORM-GLOBAL-ERROR"];
    case "text":
      return [...ALWAYS, "NORM-PLAIN-TEXT"];
    default:
      return ALWAYS;
  }
}
