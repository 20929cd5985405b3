// Why a normative unit of a spec is not checked by any rule: the kit's recorded decisions.
// A reason applies to the units of its section (a prefix of the unit's section path or JSON
// Pointer) whose text contains `match`; the first that applies is used. A unit that no rule
// covers and no reason explains fails cli/rules_catalogue_test.ts.

/** A recorded reason for not checking some units of a spec. */
export interface NotCheckedReason {
  /** Prefix of the unit's section (Markdown heading path, or JSON Pointer of a description). */
  section?: string;
  /** Text the unit contains. */
  match?: string;
  /** Why no rule checks it. */
  reason: string;
}

const TR_TABLE =
  "the Python sketch of the format; the Field Descriptions table below states each field with whether it is required, and the rules quote its rows";

const CHAT_MECHANICS =
  "the mechanics of the design's code; an agent is observed only through its transcript (model calls, executed calls, tool messages), which the rules quoting the neighbouring lines check";

/** The reasons, per spec file. */
export const NOT_CHECKED: Readonly<Record<string, readonly NotCheckedReason[]>> = {
  "tool-response-format-standard.en.md": [
    {
      match: "**Field Descriptions**:",
      reason: "a caption: the rows of the table that follows are the units",
    },
    { section: "Standard Response Format › Top-level Structure", reason: TR_TABLE },
    { section: "Standard Response Format › Single Item Format", reason: TR_TABLE },
    {
      match: "from gns3server.agent.gns3_copilot.utils import",
      reason:
        "the function's module in GNS3 Copilot: the kit calls whatever function a target names (docs/normalizer.md)",
    },
    { match: "# Normalize tool response", reason: "a comment of the usage example" },
    {
      match: "`total_nodes` / `total` fields",
      reason:
        "legacy counts are accepted as input and not trusted: the output's counts are recomputed from its items, which NORM-CONFORMS checks through TR-TOTAL, TR-SUCCESSFUL and TR-FAILED (spec-notes/normalizer.md, Forms and item lists)",
    },
    {
      match: "**Frontend**: Rely on standard format",
      reason:
        "a duty of the frontend, which consumes responses; no profile of the kit checks a frontend",
    },
  ],
  "runtime-agent-parameters.md": [
    { match: "**Scope**:", reason: "the scope of the proposed change, not a behaviour" },
    {
      match: "**File**:",
      reason:
        "where GNS3 Copilot keeps the code: the kit checks behaviour through its adapters, never files",
    },
    {
      section:
        "Proposed Solution › Option A: Simple Extension (Recommended) › 1. API Schema Changes",
      match: "Useful for cost control",
      reason: "the field's rationale",
    },
    {
      section:
        "Proposed Solution › Option A: Simple Extension (Recommended) › 1. API Schema Changes",
      reason:
        "the rest of the request model (its class, session_id, stream's default, mode): the kit sends them as a client would and does not vary them; message and the two limits are checked",
    },
    { match: "log.", reason: "logging: not observable through the kit's adapters" },
    {
      section:
        "Proposed Solution › Option A: Simple Extension (Recommended) › 2. Agent Service Changes",
      reason:
        "the signature and state of GNS3 Copilot's service: the kit reaches an agent through the adapter operation run_agent (spec-notes/chat-limits.md, scripted model and transcript); the limits' values are checked by the rules quoting the lines that use them",
    },
    {
      section:
        "Proposed Solution › Option A: Simple Extension (Recommended) › 3. Agent Graph Changes",
      match: 'name=tool_call["name"]',
      reason: "the transcript records a tool message's tool_call_id, not its name",
    },
    {
      section:
        "Proposed Solution › Option A: Simple Extension (Recommended) › 3. Agent Graph Changes",
      reason: CHAT_MECHANICS,
    },
    {
      section: "Proposed Solution › State Management",
      reason:
        "the agent's internal state; its effect is checked through the transcript (CL-TOOL-MAX counts executed calls, CL-PER-REQUEST resets them per request)",
    },
    {
      match: "**Audit logging**",
      reason: "logging: not observable through the kit's adapters",
    },
    { match: "→ Useful for simple Q&A", reason: "the case's rationale" },
    { match: "→ Forces user to break", reason: "the case's rationale" },
    { match: "**Fully backward compatible**", reason: "the summary of the list that follows" },
    { match: "No database migrations", reason: "a deployment fact, not a behaviour" },
    {
      section: "Testing Strategy › Unit Tests",
      reason:
        "the name or docstring of one of the design's tests; what the test asserts is in its comment lines, which the rules quote",
    },
    {
      section: "Testing Strategy › Integration Tests",
      match: "test_tool_limit_error_message",
      reason:
        "the name of one of the design's tests; its comment lines are quoted by CL-LIMIT-MESSAGE and CL-LIMIT-COUNTS",
    },
    {
      section: "Testing Strategy › Integration Tests",
      match: "Test that limit errors are informative",
      reason:
        "the docstring of one of the design's tests; its comment lines are quoted by CL-LIMIT-MESSAGE and CL-LIMIT-COUNTS",
    },
    {
      section: "Testing Strategy › Integration Tests",
      reason:
        "a task with a real model and lab (OSPF on 10 routers); the scripted model checks the limits' arithmetic, not whether a real task completes",
    },
  ],
  "netdryrun-mcp-result-v1.schema.json": [
    {
      match: "The verdict enum is frozen",
      reason:
        "a promise about later v1 schemas, not about a document; the three values are checked by NDR-SCHEMA and NDR-VERDICT",
    },
    {
      match: "fields are only added, never removed or renamed",
      reason:
        "a promise about later v1 schemas; the kit accepts extra properties everywhere (spec-notes/netdryrun.md, Forward compatibility)",
    },
    {
      match: "decide on status, not on this text",
      reason:
        "a duty of the agent that reads results, checked by checkConsumer (conformance/netdryrun/consumer_check.ts), not by a profile of results",
    },
    {
      match: "containerlab lab name",
      reason:
        "any name: the kit cannot tell a server's lab name from the result (its type is NDR-SCHEMA's)",
    },
    {
      match: "Every check, in file order",
      reason:
        "the file's order is not in the result, and a server's netdryrun.yml format is its own (spec-notes/netdryrun-mcp.md, Scenarios and result kinds): not checked yet",
    },
    {
      match: "A verdict applies to these exact files",
      reason: "a duty of the agent that reads results (run again after an edit), not of the result",
    },
    {
      match: "A failed check, with what an agent needs",
      reason:
        "the purpose of the object; its fields are checked by NDR-FAILURES, NDR-NEXT-DIAGNOSTIC and NDR-SCHEMA",
    },
    {
      match: "The lab node the check reads",
      reason: "which node a check reads is not in the result (spec-notes/netdryrun.md, failures)",
    },
    {
      match: "the first command of the final sample that failed",
      reason:
        "which commands a run sent is not in the result but in its evidence file, which the kit reads only for its schema (NDR-EVIDENCE-FILE): not checked yet",
    },
    {
      match: "It needs the lab running",
      reason:
        "guidance for the agent; null when the driver or container is unknown cannot be judged, since the result does not say the node's driver (spec-notes/netdryrun.md, next_diagnostic)",
    },
    {
      match: "Path of the containerlab topology",
      reason:
        "validate's lab path: a scenario knows its topology, but NDM-RESULT-KIND checks only the branch: not checked yet",
    },
    {
      match: "Check names, in file order",
      reason:
        "validate's check names: a scenario knows them, but NDM-RESULT-KIND checks only the branch: not checked yet",
    },
    { match: "Netdryrun version", reason: "any version string: nothing to compare it with" },
  ],
};
