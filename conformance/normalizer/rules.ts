import type { Rule } from "../../src/core/types.ts";

const SPEC = "tool-response-format-standard.en.md";
const NOTES = "spec-notes/normalizer.md";
const USING = "Using the Standardization Function";
const COMPAT = "Compatibility: Backward Compatibility";

/** Every rule of the `gns3.normalizer/v1.0` profile, in report order. */
export const normalizerRules: readonly Rule[] = [
  {
    id: "NORM-OBSERVATION",
    level: "MUST",
    statement:
      "The observation is well formed: input {raw, tool_name (string)}, output {result} or {raised: {type, message}}, optional again",
    cite: { spec: NOTES, section: "The observation" },
  },
  {
    id: "NORM-TOTAL",
    level: "MUST",
    statement:
      "normalize_tool_response returns for every input (any JSON value, any string, None) and never raises",
    cite: { spec: SPEC, section: USING },
  },
  {
    id: "NORM-CONFORMS",
    level: "MUST",
    statement: "The output passes every MUST rule of gns3.tool-response/v1.0",
    cite: { spec: SPEC, section: USING },
  },
  {
    id: "NORM-TOOL-NAME",
    level: "MUST",
    statement: "metadata.tool_name of the output equals the tool_name argument",
    cite: { spec: SPEC, section: USING },
  },
  {
    id: "NORM-FIXPOINT",
    level: "MUST",
    statement:
      "An input that already conforms comes back equal, apart from metadata the normalizer adds and volatile metadata",
    cite: { spec: SPEC, section: "Compatibility: Recommended Migration Strategy" },
  },
  {
    id: "NORM-IDEMPOTENT",
    level: "MUST",
    statement: "normalize(normalize(x)) equals normalize(x), volatile metadata aside",
    cite: { spec: NOTES, section: "Idempotence" },
  },
  {
    id: "NORM-ITEM-COUNT",
    level: "MUST",
    statement:
      "A list, a dict holding items (data, nodes, created_nodes, templates) or a single item dict gives one data item per legacy item",
    cite: { spec: SPEC, section: USING },
  },
  {
    id: "NORM-RESULT-TEXT",
    level: "MUST",
    statement: "A legacy item's output text (result, else output) becomes its result, verbatim",
    cite: { spec: SPEC, section: COMPAT },
  },
  {
    id: "NORM-ERROR-TEXT",
    level: "MUST",
    statement: "A legacy item's non-empty error text becomes its error, verbatim",
    cite: { spec: SPEC, section: COMPAT },
  },
  {
    id: "NORM-NAME",
    level: "MUST",
    statement: "A legacy item's name (name, else device_name, else node_name) becomes its name",
    cite: { spec: SPEC, section: COMPAT },
  },
  {
    id: "NORM-STATUS",
    level: "MUST",
    statement:
      'An item with a non-empty error or status "failed"/"error" is failed; status "success" without an error is success',
    cite: { spec: SPEC, section: COMPAT },
  },
  {
    id: "NORM-STATUS-OTHER",
    level: "SHOULD",
    statement:
      "Other legacy statuses follow the kit's reading: partial_success and failure spellings are failed; started, stopped, no status are success",
    cite: { spec: NOTES, section: "Legacy statuses" },
  },
  {
    id: "NORM-GLOBAL-ERROR",
    level: "MUST",
    statement:
      'A global error ({"error": text}, [{"error": text}], or error beside an item list) becomes the output\'s error, verbatim',
    cite: { spec: NOTES, section: "Global errors" },
  },
  {
    id: "NORM-PLAIN-TEXT",
    level: "SHOULD",
    statement:
      "A string that is neither JSON nor a Python literal is kept verbatim as an item's result or error, or the global error",
    cite: { spec: NOTES, section: "Plain text" },
  },
];
