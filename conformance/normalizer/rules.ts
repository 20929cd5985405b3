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
    cite: {
      spec: NOTES,
      section: "The observation",
      quote: 'normalized = normalize_tool_response(raw_response, tool_name="my_tool")',
    },
  },
  {
    id: "NORM-TOTAL",
    level: "MUST",
    statement:
      "normalize_tool_response returns for every input of the formats the standard names (any JSON value, any string, None) and never raises",
    cite: {
      spec: SPEC,
      section: USING,
      quote:
        "The `normalize_tool_response` function is designed to be backward compatible and can handle various formats from existing tools:",
    },
  },
  {
    id: "NORM-TOTAL-OTHER",
    level: "SHOULD",
    statement:
      "normalize_tool_response returns, and does not raise, on a real Python object of a type the standard names nowhere (a tuple, a set, bytes, an int past 2^53, a dict with non-string keys, at any depth)",
    cite: {
      spec: SPEC,
      section: USING,
      quote:
        'This function supports: - List format (`[{...}, {...}]`) - Dict format (`{"nodes": [...]}`) - String format (automatically parses JSON/Python literal) - Mixed format (compatible with legacy tools)',
    },
  },
  {
    id: "NORM-CONFORMS",
    level: "MUST",
    statement: "The output passes every MUST rule of gns3.tool-response/v1.0",
    cite: {
      spec: SPEC,
      section: USING,
      quote:
        "The `normalize_tool_response` function is provided in the `gns3server.agent.gns3_copilot.utils` module to convert various formats to the standard format:",
    },
  },
  {
    id: "NORM-TOOL-NAME",
    level: "SHOULD",
    statement: "metadata.tool_name of the output equals the tool_name argument",
    cite: {
      spec: SPEC,
      section: USING,
      quote: 'normalized = normalize_tool_response(raw_response, tool_name="my_tool")',
    },
  },
  {
    id: "NORM-FIXPOINT",
    level: "SHOULD",
    statement:
      "An input that already conforms comes back equal, apart from metadata the normalizer adds and volatile metadata",
    cite: {
      spec: SPEC,
      section: "Compatibility: Recommended Migration Strategy",
      quote:
        "1. **New Tools**: Return standard format directly 2. **Existing Tools**: Keep unchanged, use `normalize_tool_response` to standardize",
    },
  },
  {
    id: "NORM-IDEMPOTENT",
    level: "SHOULD",
    statement: "normalize(normalize(x)) equals normalize(x), volatile metadata aside",
    cite: {
      spec: NOTES,
      section: "Idempotence",
      quote:
        "The `normalize_tool_response` function is provided in the `gns3server.agent.gns3_copilot.utils` module to convert various formats to the standard format:",
    },
  },
  {
    id: "NORM-ITEM-COUNT",
    level: "MUST",
    statement:
      "A list, or a dict holding its items under nodes or data, gives one data item per legacy item",
    cite: {
      spec: SPEC,
      section: USING,
      quote:
        'This function supports: - List format (`[{...}, {...}]`) - Dict format (`{"nodes": [...]}`) […] | `data` | `list[dict]` | Yes | Detailed results for each item |',
    },
  },
  {
    id: "NORM-ITEM-COUNT-OTHER",
    level: "SHOULD",
    statement:
      "Forms the standard does not name follow the kit's reading: a list under created_nodes or templates, a single item dict, a number or a boolean gives one data item per legacy item",
    cite: {
      spec: NOTES,
      section: "Forms and item lists",
      quote: "- Mixed format (compatible with legacy tools)",
    },
  },
  {
    id: "NORM-RESULT-TEXT",
    level: "MUST",
    statement:
      "A legacy item (in a list, or under nodes or data) with one of output or result, a string, that comes out with status success has that text as its result, verbatim",
    cite: {
      spec: SPEC,
      section: COMPAT,
      quote:
        "The `normalize_tool_response` function is designed to be backward compatible and can handle various formats from existing tools: […] - `output` / `result` fields […] | `result` | `str` | Conditional | Output when status is `success` |",
    },
  },
  {
    id: "NORM-RESULT-OTHER",
    level: "SHOULD",
    statement:
      "Where the standard does not say which text is the output, the kit's reading: result before output when both are there, a bare string item is its own result, a failed item keeps its output, and items of forms the standard does not name keep their text, verbatim",
    cite: {
      spec: NOTES,
      section: "Texts and names",
      quote: "- `output` / `result` fields",
    },
  },
  {
    id: "NORM-ERROR-TEXT",
    level: "SHOULD",
    statement: "A legacy item's non-empty error text becomes its error, verbatim",
    cite: {
      spec: SPEC,
      section: COMPAT,
      quote: "- `status` / `error` fields",
    },
  },
  {
    id: "NORM-NAME",
    level: "MUST",
    statement:
      "A legacy item (in a list, or under nodes or data) with one of device_name or name, a non-empty string, gives an item of that name",
    cite: {
      spec: SPEC,
      section: COMPAT,
      quote:
        "The `normalize_tool_response` function is designed to be backward compatible and can handle various formats from existing tools: […] - `device_name` / `name` fields",
    },
  },
  {
    id: "NORM-NAME-OTHER",
    level: "SHOULD",
    statement:
      "Where the standard does not say which field names an item, the kit's reading: name before device_name before node_name, and items of forms the standard does not name keep their name",
    cite: {
      spec: NOTES,
      section: "Texts and names",
      quote: "- `device_name` / `name` fields",
    },
  },
  {
    id: "NORM-STATUS",
    level: "MUST",
    statement:
      'An item with status "failed", or a non-empty error and no status, is failed; status "success" without an error is success',
    cite: {
      spec: SPEC,
      section: COMPAT,
      quote:
        '- `status` / `error` fields […] | `status` | `str` | Yes | `"success"` or `"failed"` |',
    },
  },
  {
    id: "NORM-STATUS-OTHER",
    level: "SHOULD",
    statement:
      "Other legacy statuses follow the kit's reading: status error, partial_success, failure spellings and an error beside another status are failed; started, stopped, no status are success",
    cite: {
      spec: NOTES,
      section: "Legacy statuses",
      quote: "- `status` / `error` fields",
    },
  },
  {
    id: "NORM-GLOBAL-ERROR",
    level: "SHOULD",
    statement:
      'A global error ({"error": text}, [{"error": text}], or error beside an item list) becomes the output\'s error, verbatim',
    cite: {
      spec: NOTES,
      section: "Global errors",
      quote: "| `error` | `str` | No | Global error message (when entire operation fails) |",
    },
  },
  {
    id: "NORM-PLAIN-TEXT",
    level: "SHOULD",
    statement:
      "A string that is neither JSON nor a Python literal is kept verbatim as an item's result or error, or the global error",
    cite: {
      spec: NOTES,
      section: "Plain text",
      quote: "- String format (automatically parses JSON/Python literal)",
    },
  },
];
