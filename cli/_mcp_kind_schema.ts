// Config schema members that the mcp-stdio and mcp-http adapter kinds share.
// Private helper of kind_mcp_stdio.ts and kind_mcp_http.ts.

/** `version`: the implementation's version when the server reports an empty one. */
export const DECLARED_VERSION = {
  description:
    "The implementation's version for the report when the server's serverInfo.version is empty (the version you pinned); a version the server reports wins, and the report says where it came from.",
  type: "string",
  minLength: 1,
  maxLength: 100,
} as const;
