#!/usr/bin/env python3
"""A scripted GNS3-Copilot-style agent loop for the kit's ``gns3.chat-limits/v1`` profile.

Standard library only; Python 3.9 or later. It serves one operation, ``run_agent``, over
``netconform_adapter.serve``: the input is ``{"script": {"turns": [...]}, "requests": [...]}``
(one session), the result ``{"transcripts": [...]}`` (one per request). See
docs/chat-limits.md for the script and transcript formats.

The loop follows runtime-agent-parameters.md: ``remaining_steps = max_iterations or 20``,
``max_tool_calls or 999``, and the design's ``tool_node`` (a batch that would pass the limit
is refused whole, each call answered with the limit notice; tool errors become
``Error: <message>`` tool messages). A real agent plugs in the same way: run its graph with a
fake chat model that answers the script's turns, and record the transcript.

Run it under the kit::

    python3 examples/python/chat_agent.py              # the reference behaviour
    python3 examples/python/chat_agent.py --flaw carry-over

``--flaw`` breaks the loop on purpose, to show the kit catching it: ``carry-over`` keeps the
tool call count across the requests of a session, ``off-by-one`` refuses a batch only when it
passes the limit by two.
"""

import argparse
import os
import sys
from typing import Any, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from netconform_adapter import serve  # noqa: E402

DEFAULT_MAX_ITERATIONS = 20
DEFAULT_MAX_TOOL_CALLS = 999
EXHAUSTED = "(script exhausted)"
MAX_HISTORY = 1000


def iteration_notice(max_iterations: int) -> str:
    """What the agent says when max_iterations stops it with tools asked for."""
    return ("Iteration limit reached (max_iterations %d): "
            "the tools of the last model call were not run." % max_iterations)


class ScriptedModel:
    """A fake chat model: its i-th call in a request answers the script's i-th turn."""

    def __init__(self, script: Dict[str, Any]) -> None:
        self.turns = list(script.get("turns", []))
        self.calls = 0

    def invoke(self, messages: List[Dict[str, Any]]) -> Dict[str, Any]:
        del messages  # a scripted model does not read the conversation
        turn = self.turns[self.calls] if self.calls < len(self.turns) else {"final": EXHAUSTED}
        self.calls += 1
        if "tool_calls" in turn:
            return {"role": "ai", "content": "", "tool_calls": turn["tool_calls"]}
        return {"role": "ai", "content": turn["final"], "tool_calls": []}


class ScriptedToolError(Exception):
    """What the ``fail`` tool raises."""


def echo(args: Dict[str, Any]) -> str:
    return str(args.get("text", ""))


def fail(args: Dict[str, Any]) -> str:
    raise ScriptedToolError(str(args.get("message", "tool failed")))


TOOLS_BY_NAME = {"echo": echo, "fail": fail}


def tool_node(state: Dict[str, Any], slack: int = 0) -> Dict[str, Any]:
    """The design's tool node: refuse the whole batch when it would pass the limit."""
    tool_calls = state["messages"][-1]["tool_calls"]
    max_tool_calls = state.get("max_tool_calls", DEFAULT_MAX_TOOL_CALLS)
    current = state.get("tool_calls_count", 0)
    if current + len(tool_calls) > max_tool_calls + slack:
        return {
            "messages": [
                {
                    "role": "tool",
                    "tool_call_id": call["id"],
                    "name": call["name"],
                    "limited": True,
                    "content": "Tool call limit reached (%d calls). "
                    "Please simplify your request or break it into smaller steps. "
                    "Current tool call count: %d/%d." % (max_tool_calls, current, max_tool_calls),
                }
                for call in tool_calls
            ],
            "executed": [],
        }
    result = []
    for call in tool_calls:
        try:
            observation = TOOLS_BY_NAME[call["name"]](call.get("args", {}))
        except Exception as error:  # noqa: BLE001 - the design turns every tool error into a message
            observation = "Error: %s" % error
        result.append(
            {"role": "tool", "tool_call_id": call["id"], "name": call["name"], "limited": False, "content": observation}
        )
    return {"messages": result, "executed": tool_calls, "tool_calls_count": current + len(tool_calls)}


class Agent:
    """One agent with its sessions (conversation history by session id)."""

    def __init__(self, flaw: Optional[str] = None) -> None:
        self.flaw = flaw
        self.sessions: Dict[str, Dict[str, Any]] = {}

    def run_request(self, script: Dict[str, Any], request: Dict[str, Any]) -> Dict[str, Any]:
        session = self.sessions.setdefault(str(request.get("session_id")), {"history": [], "count": 0})
        max_iterations = request.get("max_iterations") or DEFAULT_MAX_ITERATIONS
        state = {
            "messages": session["history"] + [{"role": "human", "content": request.get("message", "")}],
            "remaining_steps": max_iterations,
            "max_tool_calls": request.get("max_tool_calls") or DEFAULT_MAX_TOOL_CALLS,
            "tool_calls_count": session["count"] if self.flaw == "carry-over" else 0,
        }
        model = ScriptedModel(script)
        executed: List[Dict[str, Any]] = []
        tool_messages: List[Dict[str, Any]] = []
        transcript: Dict[str, Any] = {}
        while True:
            ai = model.invoke(state["messages"])
            state["messages"].append(ai)
            state["remaining_steps"] -= 1
            if not ai["tool_calls"]:
                transcript = {"ended": "final", "final": ai["content"]}
                break
            if state["remaining_steps"] <= 0:
                # The last allowed model call: no model call would read tool results, so the
                # batch is not executed (max_iterations 1 gives one call and no tools).
                transcript = {"ended": "iteration_limit", "notice": iteration_notice(max_iterations)}
                break
            update = tool_node(state, slack=1 if self.flaw == "off-by-one" else 0)
            state["messages"].extend(update["messages"])
            state["tool_calls_count"] = update.get("tool_calls_count", state["tool_calls_count"])
            executed.extend(update["executed"])
            tool_messages.extend(
                {"tool_call_id": m["tool_call_id"], "content": m["content"], "limited": m["limited"]}
                for m in update["messages"]
            )
        session["history"] = state["messages"][-MAX_HISTORY:]
        session["count"] = state["tool_calls_count"]
        transcript.update(
            {
                "model_calls": model.calls,
                "tool_calls": [{"id": c["id"], "name": c["name"], "args": c.get("args", {})} for c in executed],
                "tool_messages": tool_messages,
            }
        )
        return transcript

    def run_agent(self, input: Any) -> Dict[str, Any]:
        if not isinstance(input, dict) or not isinstance(input.get("script"), dict):
            raise ValueError('the input of "run_agent" must be {"script": {...}, "requests": [...]}')
        self.sessions.clear()  # one run_agent call is one fresh session
        return {"transcripts": [self.run_request(input["script"], r) for r in input.get("requests", [])]}


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flaw", choices=["carry-over", "off-by-one"], default=None)
    args = parser.parse_args(argv)
    agent = Agent(args.flaw)
    name = "chat_agent.py" + (" (flaw: %s)" % args.flaw if args.flaw else "")
    serve({"run_agent": agent.run_agent}, name=name, version="1.0")


if __name__ == "__main__":
    main()
