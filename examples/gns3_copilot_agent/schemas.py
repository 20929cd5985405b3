"""The chat request of runtime-agent-parameters.md ("1. API Schema Changes"), as its pydantic
model. ``unchecked_bounds`` is the same model without the ``ge``/``le`` bounds (a mutant)."""

from typing import Literal, Optional

from pydantic import BaseModel, Field


class ChatRequest(BaseModel):
    """Chat request model."""

    message: str = Field(..., description="User message content")
    session_id: Optional[str] = Field(None, description="Session ID")
    stream: bool = Field(default=True, description="Enable streaming response")
    mode: Literal["text"] = Field(default="text", description="Interaction mode")
    # New runtime control parameters
    max_iterations: Optional[int] = Field(
        None,
        ge=1,
        le=100,
        description="Maximum number of LLM-tool iterations (default: 20). "
        "Each iteration = LLM call + optional tool execution.",
    )
    max_tool_calls: Optional[int] = Field(
        None,
        ge=1,
        le=50,
        description="Maximum number of tool calls per request (default: unlimited). "
        "Useful for cost control and preventing runaway automation.",
    )


class UncheckedChatRequest(BaseModel):
    """The mutant ``unchecked-bounds``: the limits' bounds are not declared."""

    message: str = Field(..., description="User message content")
    session_id: Optional[str] = Field(None, description="Session ID")
    stream: bool = Field(default=True, description="Enable streaming response")
    mode: Literal["text"] = Field(default="text", description="Interaction mode")
    max_iterations: Optional[int] = Field(None, description="Maximum number of LLM-tool iterations")
    max_tool_calls: Optional[int] = Field(None, description="Maximum number of tool calls per request")
