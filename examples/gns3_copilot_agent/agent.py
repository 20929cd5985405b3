"""A GNS3-Copilot-style agent on LangGraph (Python) with the runtime parameters of
runtime-agent-parameters.md: ``remaining_steps`` (``max_iterations or 20``) counts model calls,
and the design's ``tool_node`` refuses a batch with ``current + len(tool_calls) >
max_tool_calls`` (999 when absent) whole, answering every call with a ToolMessage. The model is
``langchain_openai.ChatOpenAI`` on any OpenAI-compatible endpoint (``OPENAI_BASE_URL``,
``OPENAI_API_KEY``); under the kit, its scripted model.

``stream_chat`` yields the GNS3 Copilot chat events: ``content``, ``tool_call``, ``tool_start``,
``tool_end`` (the tool's message as ``tool_output``), then ``done`` (or ``error``).

``flaw`` breaks it on purpose, one fault per mutant (see FLAWS).
"""

import os
from typing import Any, AsyncIterator, Dict, Optional
from uuid import uuid4

from langchain_core.messages import AIMessage, HumanMessage, ToolMessage
from langchain_core.tools import tool
from langchain_openai import ChatOpenAI
from langgraph.checkpoint.memory import MemorySaver
from langgraph.config import get_stream_writer
from langgraph.graph import END, START, MessagesState, StateGraph

DEFAULT_MAX_ITERATIONS = 20
DEFAULT_MAX_TOOL_CALLS = 999

FLAWS = {
    "unchecked-bounds": "the ChatRequest declares no ge/le bounds on the limits",
    "check-after-execute": "the tool limit is checked after the batch ran",
    "unanswered-refusal": "calls of an over-limit batch get no ToolMessage",
    "leaks-count": "tool_calls_count is not reset per request (the checkpointer keeps it)",
    "ignores-remaining-steps": "remaining_steps is not consulted: the loop runs until a final answer",
    "tool-on-last-iteration": "the tools of the last allowed model call are executed",
    "no-limit-message": "refused calls are answered with a bare 'skipped', no limit message",
    "silent-iteration-stop": "the stop at max_iterations says nothing",
}

NODES = {"R1": "router", "R2": "router", "SW1": "switch"}


@tool
def list_nodes() -> str:
    """List the nodes of the current GNS3 project."""
    return ", ".join("%s (%s)" % item for item in NODES.items())


@tool
def execute_command(node: str, command: str) -> str:
    """Run a show command on a node's console and return its output."""
    if node not in NODES:
        raise ValueError('Node "%s" not found in the project' % node)
    return "%s# %s\n(ok)" % (node, command)


@tool
def start_node(node: str) -> str:
    """Start a node of the project."""
    if node not in NODES:
        raise ValueError('Node "%s" not found in the project' % node)
    return "Node %s started" % node


TOOLS = [list_nodes, execute_command, start_node]
TOOLS_BY_NAME = {t.name: t for t in TOOLS}


class AgentState(MessagesState):
    llm_calls: int
    remaining_steps: int
    max_tool_calls: int
    tool_calls_count: int


def limit_notice(max_tool_calls: int, current: int) -> str:
    """The design's ToolMessage content, verbatim."""
    return (
        f"Tool call limit reached ({max_tool_calls} calls). "
        f"Please simplify your request or break it into smaller steps. "
        f"Current tool call count: {current}/{max_tool_calls}."
    )


def iteration_notice(max_iterations: int) -> str:
    """What the agent says when it stops at max_iterations with tools still asked for."""
    return (
        f"Iteration limit reached (max_iterations {max_iterations}): "
        f"the tools of the last model call were not run."
    )


def build_graph(flaw: Optional[str] = None):
    """The compiled graph (llm_call -> tool_node -> llm_call ...), a checkpointer per thread."""
    model = ChatOpenAI(
        model=os.environ.get("OPENAI_MODEL", "gpt-4o-mini"),
        api_key=os.environ.get("OPENAI_API_KEY", "unset"),
        base_url=os.environ.get("OPENAI_BASE_URL"),
        temperature=0,
        max_retries=0,
        timeout=30,
    ).bind_tools(TOOLS)

    # A sync node (LangGraph runs it in a worker thread): the OpenAI SDK's request
    # transform is several times cheaper on its sync path than as nested coroutines.
    def llm_call(state: AgentState) -> Dict[str, Any]:
        ai = model.invoke(state["messages"])
        return {
            "messages": [ai],
            "llm_calls": state.get("llm_calls", 0) + 1,
            "remaining_steps": state["remaining_steps"] - 1,
        }

    def should_continue(state: AgentState) -> str:
        last = state["messages"][-1]
        if not getattr(last, "tool_calls", None):
            return END
        if state["remaining_steps"] <= 0 and flaw not in ("ignores-remaining-steps", "tool-on-last-iteration"):
            return END  # the last allowed model call: its tools are not executed
        return "tool_node"

    def after_tools(state: AgentState) -> str:
        if flaw == "tool-on-last-iteration" and state["remaining_steps"] <= 0:
            return END
        return "llm_call"

    def tool_node(state: AgentState) -> Dict[str, Any]:
        write = get_stream_writer()
        tool_calls = state["messages"][-1].tool_calls
        max_tool_calls = state.get("max_tool_calls", DEFAULT_MAX_TOOL_CALLS)
        current = state.get("tool_calls_count", 0)
        over = current >= max_tool_calls if flaw == "check-after-execute" else current + len(tool_calls) > max_tool_calls
        if over:
            if flaw == "unanswered-refusal":
                return {"messages": []}
            content = "skipped" if flaw == "no-limit-message" else limit_notice(max_tool_calls, current)
            return {
                "messages": [
                    ToolMessage(content=content, tool_call_id=c["id"], name=c["name"]) for c in tool_calls
                ]
            }
        result = []
        for c in tool_calls:
            write({"type": "tool_start", "tool_call_id": c["id"], "tool_name": c["name"]})
            t = TOOLS_BY_NAME.get(c["name"])
            try:
                if t is None:
                    raise ValueError('Unknown tool "%s"' % c["name"])
                observation = str(t.invoke(c["args"]))
            except Exception as e:  # the design's: a tool error becomes the observation
                observation = f"Error: {str(e)}"
            result.append(ToolMessage(content=observation, tool_call_id=c["id"], name=c["name"]))
        return {"messages": result, "tool_calls_count": current + len(tool_calls)}

    graph = StateGraph(AgentState)
    graph.add_node("llm_call", llm_call)
    graph.add_node("tool_node", tool_node)
    graph.add_edge(START, "llm_call")
    graph.add_conditional_edges("llm_call", should_continue, ["tool_node", END])
    graph.add_conditional_edges("tool_node", after_tools, ["llm_call", END])
    return graph.compile(checkpointer=MemorySaver())


class Agent:
    """The graph and the chat stream of one server."""

    def __init__(self, flaw: Optional[str] = None) -> None:
        self.flaw = flaw
        self.graph = build_graph(flaw)

    async def stream_chat(
        self,
        message: str,
        session_id: Optional[str],
        max_iterations: Optional[int] = None,
        max_tool_calls: Optional[int] = None,
    ) -> AsyncIterator[Dict[str, Any]]:
        """One request: yields its events, ``done`` last (or ``error``)."""
        iterations = max_iterations or DEFAULT_MAX_ITERATIONS
        if self.flaw == "ignores-remaining-steps":
            iterations = DEFAULT_MAX_ITERATIONS
        inputs: Dict[str, Any] = {
            "messages": [HumanMessage(content=message, id=str(uuid4()))],
            "llm_calls": 0,
            "remaining_steps": iterations,
            "max_tool_calls": max_tool_calls or DEFAULT_MAX_TOOL_CALLS,
        }
        if self.flaw != "leaks-count":
            inputs["tool_calls_count"] = 0
        config = {"configurable": {"thread_id": session_id or str(uuid4())}, "recursion_limit": 1000}
        last: Optional[AIMessage] = None
        asked: Dict[str, str] = {}
        answered = set()
        async for mode, chunk in self.graph.astream(inputs, config, stream_mode=["custom", "updates"],
                                                    durability="exit"):
            if mode == "custom":
                yield chunk
                continue
            for node, update in chunk.items():
                for m in (update or {}).get("messages", []):
                    if isinstance(m, AIMessage):
                        last = m
                        if m.content:
                            yield {"type": "content", "content": m.content}
                        for c in m.tool_calls:
                            asked[c["id"]] = c["name"]
                            yield {"type": "tool_call", "tool_call_id": c["id"], "tool_name": c["name"],
                                   "tool_input": c["args"]}
                    elif isinstance(m, ToolMessage):
                        answered.add(m.tool_call_id)
                        yield {"type": "tool_end", "tool_call_id": m.tool_call_id, "tool_name": m.name,
                               "tool_output": m.content}
        pending = [i for i in asked if i not in answered]
        if last is not None and last.tool_calls and pending and self.flaw != "silent-iteration-stop":
            yield {"type": "content", "content": iteration_notice(iterations)}
        yield {"type": "done"}
