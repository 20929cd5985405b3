// Which checked units of a spec the rules enforce only in part, and what part is left: the kit's
// recorded decisions. An entry applies to the units of its section (a prefix of the unit's
// section path or JSON Pointer) whose text contains `match`; a checked unit no entry names is
// enforced in full. An entry that names no checked unit fails cli/rules_catalogue_test.ts.

/** A checked unit that its rules enforce only in part. */
export interface PartialEnforcement {
  /** Prefix of the unit's section (Markdown heading path, or JSON Pointer of a description). */
  section?: string;
  /** Text the unit contains. */
  match: string;
  /** What the rules leave unchecked, and why. */
  left: string;
}

/** The partial units, per spec file. */
export const PARTIAL: Readonly<Record<string, readonly PartialEnforcement[]>> = {
  "tool-response-format-standard.en.md": [
    {
      match: "`device_name` / `name` fields",
      left:
        "a legacy item in a form the standard does not name (a single dict, created_nodes, templates, a tuple) keeps its name at SHOULD only (NORM-NAME-OTHER)",
    },
    {
      match: "`output` / `result` fields",
      left:
        "a failed item's output and forms the standard does not name are judged at SHOULD only (NORM-RESULT-OTHER)",
    },
  ],
  "netdryrun-mcp-result-v1.schema.json": [
    {
      section: "#/$defs/verdict",
      match: "INCONCLUSIVE: the lab never reached a testable state",
      left:
        "retry at most once is judged only for a consumer run with the option attempts (NDC-RETRY-ONCE), one call at a time; an agent that re-runs the tool itself is not watched",
    },
    {
      section: "#/$defs/run_result/properties/tested",
      match: "a sha256 of netdryrun.yml, the topology and every file the topology binds",
      left:
        "a captured document shows only the netdryrun.yml entry (NDR-TESTED-COMPLETE); the topology and the files it binds are checked only by a server run on files the kit laid out (NDM-TESTED-FILES)",
    },
    {
      section: "#/$defs/run_result/properties/tested/properties/complete",
      match: "false when a file could not be read",
      left:
        "complete false is not judged: a file that could not be read or was outside NETDRYRUN_MCP_ROOT does not show in a document; only more than 200 files, or a complete list without netdryrun.yml, is a finding",
    },
    {
      section: "#/$defs/failure/properties/next_diagnostic",
      match: "One read-only command",
      left:
        "read-only is judged by the kit's list of state-changing words, not by running the command; that it shows the state the check looked at is not judged",
    },
  ],
};
