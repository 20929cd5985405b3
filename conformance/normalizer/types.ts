/** What one call of the normalizer gave: a value, or the exception it raised. */
export type NormalizerReply =
  | { result: unknown }
  | { raised: { type: string; message: string; traceback?: string } };

/**
 * The subject of the `gns3.normalizer/v1.0` profile: one `normalize_tool_response(raw,
 * tool_name)` call and, when it returned, the call on its own output.
 */
export interface NormalizerObservation {
  /** The arguments. */
  input: { raw: unknown; tool_name: string };
  /** What `normalize(raw, tool_name)` gave. */
  output: NormalizerReply;
  /** What `normalize(output, tool_name)` gave, when the first call returned. */
  again?: NormalizerReply;
}
