import type { Rule } from "../../src/core/types.ts";

const SPEC = "tool-response-format-standard.en.md";
const NOTES = "spec-notes/tool-response.md";

/** Every rule of the `gns3.tool-response/v1.0` profile, in report order. */
export const toolResponseRules: readonly Rule[] = [
  {
    id: "TR-SCHEMA",
    level: "MUST",
    statement:
      "The response is an object with success (boolean), total, successful, failed (integers >= 0) and data (an array of objects)",
    cite: {
      spec: SPEC,
      section: "Top-level Structure",
      quote:
        "All tools should return the following standard format: […] | `success` | `bool` | Yes | Whether the overall operation succeeded (True when `failed == 0`) | | `total` | `int` | Yes | Total number of items processed | | `successful` | `int` | Yes | Number of successful items | | `failed` | `int` | Yes | Number of failed items | | `data` | `list[dict]` | Yes | Detailed results for each item |",
    },
  },
  {
    id: "TR-TOTAL",
    level: "MUST",
    statement:
      "total equals the number of items in data (and so successful + failed, given the two count rules)",
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (total)",
      quote:
        "| `total` | `int` | Yes | Total number of items processed | […] | `data` | `list[dict]` | Yes | Detailed results for each item |",
    },
  },
  {
    id: "TR-SUCCESSFUL",
    level: "MUST",
    statement: 'successful equals the number of items whose status is "success"',
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (successful)",
      quote: "| `successful` | `int` | Yes | Number of successful items |",
    },
  },
  {
    id: "TR-FAILED",
    level: "MUST",
    statement: 'failed equals the number of items whose status is "failed"',
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (failed)",
      quote: "| `failed` | `int` | Yes | Number of failed items |",
    },
  },
  {
    id: "TR-SUCCESS-NO-FAILURES",
    level: "MUST",
    statement: "When failed is 0 and there is no global error, success is true",
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (success)",
      quote:
        "| `success` | `bool` | Yes | Whether the overall operation succeeded (True when `failed == 0`) |",
    },
  },
  {
    id: "TR-SUCCESS-ON-ERROR",
    level: "MUST",
    statement: "When a global error is present, success is false",
    cite: {
      spec: SPEC,
      section: "Examples: Complete Failure Example",
      quote: "| `error` | `str` | No | Global error message (when entire operation fails) |",
    },
  },
  {
    id: "TR-SUCCESS-ALL-FAILED",
    level: "SHOULD",
    statement: "When every item failed (total > 0 and failed == total), success is false",
    cite: {
      spec: NOTES,
      section: "success with failures",
      quote:
        "| `success` | `bool` | Yes | Whether the overall operation succeeded (True when `failed == 0`) |",
    },
  },
  {
    id: "TR-FAILURE-HAS-ERROR",
    level: "SHOULD",
    statement:
      "When success is false and an item failed, a global error says why (the renderer shows only it)",
    cite: {
      spec: SPEC,
      section: "Frontend Integration Recommendations: Rendering Logic",
      quote: "if (!response.success) { // Show global error showError(response.error); return; }",
    },
  },
  {
    id: "TR-ERROR-STRING",
    level: "MUST",
    statement: "error, when present (not null), is a string",
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (error)",
      quote: "| `error` | `str` | No | Global error message (when entire operation fails) |",
    },
  },
  {
    id: "TR-ERROR-NONEMPTY",
    level: "SHOULD",
    statement: "error, when present, is not empty: an empty string is no message",
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (error)",
      quote: "| `error` | `str` | No | Global error message (when entire operation fails) |",
    },
  },
  {
    id: "TR-NULL-OPTIONAL",
    level: "SHOULD",
    statement: "Optional fields error and metadata are omitted rather than null",
    cite: {
      spec: NOTES,
      section: "null optional fields",
      quote:
        "| `error` | `str` | No | Global error message (when entire operation fails) | | `metadata` | `dict` | No | Metadata (timestamp, execution time, etc.) |",
    },
  },
  {
    id: "TR-METADATA-OBJECT",
    level: "MUST",
    statement: "metadata, when present, is an object",
    cite: {
      spec: SPEC,
      section: "Top-level Structure: Field Descriptions (metadata)",
      quote: "| `metadata` | `dict` | No | Metadata (timestamp, execution time, etc.) |",
    },
  },
  {
    id: "TR-METADATA-VERSION",
    level: "SHOULD",
    statement: 'metadata.version, when present, names a version of the standard ("v1.0")',
    cite: {
      spec: SPEC,
      section: "Version Control",
      quote:
        "Current standard version: `v1.0` When the format changes, update the `metadata.version` field, and the frontend adapts accordingly.",
    },
  },
  {
    id: "TR-METADATA-EXECUTION-TIME",
    level: "SHOULD",
    statement: "metadata.execution_time, when present, is a number >= 0",
    cite: {
      spec: SPEC,
      section: "Examples: Success Response Example (metadata)",
      quote:
        '"metadata": { "tool_name": "execute_multiple_device_commands", "execution_time": 5.2 }',
    },
  },
  {
    id: "TR-METADATA-TOOL-NAME",
    level: "SHOULD",
    statement: "metadata.tool_name, when present, is a string",
    cite: {
      spec: SPEC,
      section: "Examples: Success Response Example (metadata)",
      quote:
        '"metadata": { "tool_name": "execute_multiple_device_commands", "execution_time": 5.2 }',
    },
  },
  {
    id: "TR-ITEM-ID",
    level: "MUST",
    statement: "Every item has an id, a string",
    cite: {
      spec: SPEC,
      section: "Single Item Format",
      quote:
        "Each item in the `data` array should follow this format: […] | `id` | `str` | Yes | Unique identifier for device/node/link |",
    },
  },
  {
    id: "TR-ITEM-NAME",
    level: "MUST",
    statement: "Every item has a name, a string",
    cite: {
      spec: SPEC,
      section: "Single Item Format",
      quote: "| `name` | `str` | Yes | Human-readable name |",
    },
  },
  {
    id: "TR-ITEM-STATUS",
    level: "MUST",
    statement: 'Every item has a status, "success" or "failed"',
    cite: {
      spec: SPEC,
      section: "Single Item Format",
      quote: '| `status` | `str` | Yes | `"success"` or `"failed"` |',
    },
  },
  {
    id: "TR-ITEM-RESULT",
    level: "MUST",
    statement: "A success item has a result, a string (result is a string wherever present)",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (result)",
      quote: "| `result` | `str` | Conditional | Output when status is `success` |",
    },
  },
  {
    id: "TR-ITEM-ERROR",
    level: "MUST",
    statement: "A failed item has an error, a string (error is a string wherever present)",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (error)",
      quote: "| `error` | `str` | Conditional | Error message when status is `failed` |",
    },
  },
  {
    id: "TR-ITEM-ERROR-NONEMPTY",
    level: "SHOULD",
    statement: "A failed item's error is not empty",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (error)",
      quote: "| `error` | `str` | Conditional | Error message when status is `failed` |",
    },
  },
  {
    id: "TR-ITEM-ID-UNIQUE",
    level: "SHOULD",
    statement: "Item ids are unique within data",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (id: unique identifier)",
      quote: "| `id` | `str` | Yes | Unique identifier for device/node/link |",
    },
  },
  {
    id: "TR-LAB-DEVICE",
    level: "SHOULD",
    statement:
      "Against a simulated lab: an item is about the device it names (an id that is a node id of the lab is the id of the node with that name; a controller tool's item of a node carries that node's name)",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (id, name)",
      quote:
        "| `id` | `str` | Yes | Unique identifier for device/node/link | | `name` | `str` | Yes | Human-readable name |",
    },
  },
  {
    id: "TR-LAB-STATUS",
    level: "SHOULD",
    statement:
      "Against a simulated lab: an item's status is what its device did (a console that answered: success; refused, timed out or absent: failed; for a controller tool, a node or template the controller has: success; one it lacks, or a missing project: failed)",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (status)",
      quote: '| `status` | `str` | Yes | `"success"` or `"failed"` |',
    },
  },
  {
    id: "TR-LAB-OUTPUT",
    level: "SHOULD",
    statement:
      "Against a simulated lab: a success item's result holds every line its device printed for the commands (for configuration lines, their echo; for a node action, the node's status read back after it; for a rename, the new name)",
    cite: {
      spec: SPEC,
      section: "Single Item Format: Field Descriptions (result)",
      quote: "| `result` | `str` | Conditional | Output when status is `success` |",
    },
  },
];
