import type { Rule } from "../../src/core/types.ts";

const SPEC = "runtime-agent-parameters.md";
const NOTES = "spec-notes/chat-limits.md";

/** Every rule of the `gns3.chat-limits/v1` profile, in report order. */
export const chatLimitsRules: readonly Rule[] = [
  {
    id: "CL-OBSERVATION",
    level: "MUST",
    statement:
      "The observation is well formed: a scripted session (valid script and requests) or an HTTP exchange (status, content type)",
    cite: {
      spec: NOTES,
      section: "observation documents",
      quote:
        "**CL-OBSERVATION** (MUST) fires when the envelope is malformed (the kit's or its adapter's fault, for example a status that is not an integer, or a script whose tool call ids repeat); nothing else is judged then.",
    },
  },
  // Request rules: a chat endpoint validates the two limits.
  {
    id: "CL-REQ-ACCEPT",
    level: "MUST",
    statement:
      "A valid chat request (limits in range, absent or null) is accepted with a 2xx status",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 1. API Schema Changes",
      quote:
        "max_iterations: Optional[int] = Field( None, ge=1, le=100, […] max_tool_calls: Optional[int] = Field( None, ge=1, le=50, […] - All new parameters are `Optional` […] - Existing clients continue to work without changes",
    },
  },
  {
    id: "CL-REQ-REJECT",
    level: "MUST",
    statement:
      "A request with an out-of-range or non-integer limit (or no message) is rejected with a 4xx, never accepted and silently ignored",
    cite: {
      spec: SPEC,
      section: "Security Considerations: Risk Mitigation (Upper bounds enforced)",
      quote:
        '1. **Upper bounds enforced**: Pydantic validation prevents excessive values […] message: str = Field(..., description="User message content") […] | `max_iterations` | 1 | 100 | 20 | Prevent infinite loops, allow complex tasks | […] | `max_tool_calls` | 1 | 50 | unlimited (999) | Prevent tool abuse, control cost |',
    },
  },
  {
    id: "CL-REQ-NAMES-FIELD",
    level: "SHOULD",
    statement: "A rejection's body names the offending field (for example max_iterations)",
    cite: {
      spec: NOTES,
      section: "rejections name the field",
      quote: "1. **Upper bounds enforced**: Pydantic validation prevents excessive values",
    },
  },
  {
    id: "CL-REQ-422",
    level: "SHOULD",
    statement: "A rejection uses status 422, as the design's FastAPI/Pydantic validation does",
    cite: {
      spec: NOTES,
      section: "rejections name the field",
      quote: "1. **Upper bounds enforced**: Pydantic validation prevents excessive values",
    },
  },
  {
    id: "CL-REQ-STRICT-TYPES",
    level: "SHOULD",
    statement: 'A limit sent as a numeric string ("10") is rejected rather than coerced',
    cite: {
      spec: NOTES,
      section: "numeric strings and null",
      quote: "max_iterations: Optional[int] = Field(",
    },
  },
  {
    id: "CL-SSE-CONTENT-TYPE",
    level: "MUST",
    statement: "An accepted streaming request is answered with Content-Type text/event-stream",
    cite: {
      spec: SPEC,
      section: "Current Architecture: Parameter Flow (POST .../chat/stream)",
      quote:
        'stream: bool = Field(default=True, description="Enable streaming response") […] Dict containing SSE-compatible response chunks',
    },
  },
  {
    id: "CL-SSE-EVENTS",
    level: "MUST",
    statement:
      "The event stream has at least one event, every line is an SSE field and every event's data is JSON",
    cite: {
      spec: NOTES,
      section: "the event stream",
      quote: "Dict containing SSE-compatible response chunks",
    },
  },
  // Enforcement rules: what an agent does with the limits, seen through a scripted model.
  {
    id: "CL-TRANSCRIPT",
    level: "MUST",
    statement:
      "The agent returns one well-formed transcript per request (model_calls, tool_calls, tool_messages, ended)",
    cite: {
      spec: NOTES,
      section: "scripted model and transcript",
      quote:
        "**CL-TRANSCRIPT** (MUST) fires when the agent's transcripts are malformed or not one per request (the agent's fault); that transcript is not judged further.",
    },
  },
  {
    id: "CL-ITER-MAX",
    level: "MUST",
    statement: "Model calls in a request <= max_iterations (20 when absent or null)",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 2. Agent Service Changes (remaining_steps)",
      quote:
        '"remaining_steps": max_iterations or 20, # Use runtime parameter or default […] # Verify agent stops after 5 iterations […] max_iterations: Maximum LLM-tool iterations (default: 20) […] | `max_iterations` | 1 | 100 | 20 | Prevent infinite loops, allow complex tasks | […] # Create request with max_iterations=5 […] - Default values match current behavior […] # Create request without new parameters # Verify behavior matches current implementation',
    },
  },
  {
    id: "CL-ITER-LAST",
    level: "MUST",
    statement:
      "Tool calls requested by the last allowed model call (number max_iterations) are not executed",
    cite: {
      spec: SPEC,
      section: "Security Considerations: Edge Cases (Case 1: max_iterations = 1)",
      quote: "Case 1: max_iterations = 1 → Only one LLM call, no tool execution",
    },
  },
  {
    id: "CL-ITER-NOTICE",
    level: "SHOULD",
    statement:
      "A request stopped by max_iterations with tools still asked for says so (a notice or a message for those calls naming the iteration limit)",
    cite: {
      spec: SPEC,
      section: "Security Considerations: Risk Mitigation (Graceful degradation)",
      quote:
        "2. **Graceful degradation**: Agent returns informative error messages when limits are reached […] # Verify agent stops after 5 iterations",
    },
  },
  {
    id: "CL-LOOP",
    level: "SHOULD",
    statement:
      "The model is called at least once, not again after a final answer, and again after executed tools while iterations remain",
    cite: {
      spec: NOTES,
      section: "what ends a request",
      quote:
        'description="Maximum number of LLM-tool iterations (default: 20). " "Each iteration = LLM call + optional tool execution."',
    },
  },
  {
    id: "CL-TOOL-MAX",
    level: "MUST",
    statement: "Tool calls executed in a request <= max_tool_calls (999 when absent or null)",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (tool_node)",
      quote:
        '"max_tool_calls": max_tool_calls or 999, # New: tool call limit […] if current_tool_calls + len(tool_calls) > max_tool_calls: […] description="Maximum number of tool calls per request (default: unlimited). " […] max_tool_calls: Maximum tool calls per request (default: unlimited) […] "tool_calls_count": current_tool_calls + len(tool_calls) […] | `max_tool_calls` | 1 | 50 | unlimited (999) | Prevent tool abuse, control cost | […] Case 2: max_tool_calls = 1 → Agent can only call one tool […] Case 3: LLM ignores limits → Agent enforces limits at execution time',
    },
  },
  {
    id: "CL-TOOL-FITS",
    level: "MUST",
    statement:
      "A batch that fits (executed so far + batch size <= max_tool_calls), requested before the last allowed model call, is executed",
    cite: {
      spec: SPEC,
      section: "Testing Strategy: test_max_tool_calls_enforced",
      quote:
        "# Create request with max_tool_calls=3 # Trigger 5 tool calls # Verify only 3 execute, rest return error",
    },
  },
  {
    id: "CL-TOOL-BATCH",
    level: "MUST",
    statement:
      "Executed calls are calls the model asked for in the request, under their name, each once",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (current + len(tool_calls) exceeds max)",
      quote:
        "if current_tool_calls + len(tool_calls) > max_tool_calls: […] # Return error message for each tool call for tool_call in tool_calls:",
    },
  },
  {
    id: "CL-TOOL-WHOLE-BATCH",
    level: "SHOULD",
    statement:
      "A batch that would pass max_tool_calls is refused whole, as the design's tool_node does (its testing strategy also reads as executing the part that fits)",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (current + len(tool_calls) exceeds max)",
      quote:
        "if current_tool_calls + len(tool_calls) > max_tool_calls: […] # Return error message for each tool call for tool_call in tool_calls: […] # Verify only 3 execute, rest return error",
    },
  },
  {
    id: "CL-TOOL-COUNTS-EXECUTED",
    level: "SHOULD",
    statement:
      "Only executed calls count toward max_tool_calls: a refused batch does not raise the count, as in the design's tool_node",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (Update tool call counter)",
      quote:
        '# Update tool call counter return { "messages": result, "tool_calls_count": current_tool_calls + len(tool_calls) }',
    },
  },
  {
    id: "CL-TOOL-ANSWERED",
    level: "MUST",
    statement:
      "Every executed or refused tool call gets exactly one tool message with its tool_call_id, and no message answers an unknown id",
    cite: {
      spec: SPEC,
      section:
        "Proposed Solution: 3. Agent Graph Changes (Return error message for each tool call)",
      quote: '# Return error message for each tool call […] tool_call_id=tool_call["id"],',
    },
  },
  {
    id: "CL-LIMIT-MESSAGE",
    level: "MUST",
    statement:
      "A call refused by the tool limit gets a message marked as a limit refusal (an error); executed calls are not marked limited",
    cite: {
      spec: SPEC,
      section: "Security Considerations: Risk Mitigation (Graceful degradation)",
      quote:
        "2. **Graceful degradation**: Agent returns informative error messages when limits are reached […] # Verify only 3 execute, rest return error […] → Returns error when limit exceeded […] # Set max_tool_calls=2 # Trigger 3 tool calls # Verify third call returns helpful error message […] Dict with tool execution results or error message if limit exceeded",
    },
  },
  {
    id: "CL-LIMIT-COUNTS",
    level: "SHOULD",
    statement: "A refusal states the limit N and the count c, as the design's message does",
    cite: {
      spec: SPEC,
      section: "Security Considerations: Risk Mitigation (Graceful degradation)",
      quote:
        "2. **Graceful degradation**: Agent returns informative error messages when limits are reached […] # Verify third call returns helpful error message",
    },
  },
  {
    id: "CL-LIMIT-WORDING",
    level: "SHOULD",
    statement:
      'The refusal reads "Tool call limit reached (N calls). Please simplify your request or break it into smaller steps. Current tool call count: c/N."',
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (ToolMessage content)",
      quote:
        'content=f"Tool call limit reached ({max_tool_calls} calls). " f"Please simplify your request or break it into smaller steps. " f"Current tool call count: {current_tool_calls}/{max_tool_calls}.",',
    },
  },
  {
    id: "CL-PER-REQUEST",
    level: "MUST",
    statement:
      "Limits are per request: a later request of the same session counts its tool calls from zero",
    cite: {
      spec: SPEC,
      section: "Discussion Points: Open Questions 1 (Current: Per-message)",
      quote:
        '- Current: Per-message (per request) […] 3. **Per-request scope**: Parameters don\'t persist across sessions […] "tool_calls_count": 0, # New: counter',
    },
  },
  {
    id: "CL-TOOL-ERROR",
    level: "MUST",
    statement:
      "A tool that raises becomes a tool message carrying the error text; the agent neither raises nor ends the request in error",
    cite: {
      spec: SPEC,
      section: "Proposed Solution: 3. Agent Graph Changes (except Exception as e)",
      quote:
        'except Exception as e: log.error("Error executing tool %s: %s", tool_name, e) observation = f"Error: {str(e)}"',
    },
  },
];

/** Rule ids of the request (HTTP) rules. */
export const REQUEST_RULE_IDS: readonly string[] = [
  "CL-OBSERVATION",
  "CL-REQ-ACCEPT",
  "CL-REQ-REJECT",
  "CL-REQ-NAMES-FIELD",
  "CL-REQ-422",
  "CL-REQ-STRICT-TYPES",
  "CL-SSE-CONTENT-TYPE",
  "CL-SSE-EVENTS",
];

/** Rule ids of the enforcement (scripted agent) rules. */
export const ENFORCEMENT_RULE_IDS: readonly string[] = chatLimitsRules
  .map((r) => r.id)
  .filter((id) => id === "CL-OBSERVATION" || !REQUEST_RULE_IDS.includes(id));
