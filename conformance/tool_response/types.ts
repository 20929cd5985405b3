/** One item of a tool response's `data`. */
export interface ToolResponseItem {
  /** Device, node or link id. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** The item's status. */
  status: "success" | "failed";
  /** Output, on success. */
  result?: string;
  /** Error message, on failure. */
  error?: string;
  /** Anything else a tool adds. */
  [key: string]: unknown;
}

/** A GNS3 Copilot tool response (format v1.0). */
export interface ToolResponse {
  /** Whether the overall operation succeeded. */
  success: boolean;
  /** Number of items. */
  total: number;
  /** Number of success items. */
  successful: number;
  /** Number of failed items. */
  failed: number;
  /** One entry per item. */
  data: ToolResponseItem[];
  /** Global error message. */
  error?: string;
  /** Metadata: tool_name, version, execution_time, ... */
  metadata?: Record<string, unknown>;
}
