#!/usr/bin/env python3
"""Serve real GNS3 tools to the netconform kit's ``call_tool`` operation, unchanged.

Command line::

    python3 netconform_tools.py --tool MODULE:ATTR [--tool ...] [--normalizer MODULE:FUNCTION]
                                [--jwt-setter MODULE:FUNCTION] [--jwt TOKEN]

Each ``--tool`` names a tool object the way an agent holds it: a LangChain ``BaseTool``
instance, a ``BaseTool`` subclass (instantiated with no arguments) or a plain function.
A request ``{"name", "arguments"}`` calls the tool of that name (a BaseTool's ``name``, a
function's ``__name__``) as the GNS3 Copilot agent does: ``tool.invoke(arguments)`` for a
BaseTool, ``fn(**arguments)`` for a function. What it raises is answered ``raised``.

``--normalizer`` names a function ``fn(raw, tool_name)`` (GNS3's ``normalize_tool_response``)
applied to every result before the kit judges it, as the agent's frontend path applies it;
the handshake says which. ``--jwt-setter`` and ``--jwt`` sign the tools in to the controller
as the chat API does (for GNS3 Copilot:
``gns3server.agent.gns3_copilot.gns3_client.context_helpers:set_current_jwt_token``); the
setter runs before each call, in the calling thread. Where the controller is, the tools read
from their own configuration (``gns3_server.conf``), which the kit writes into ``$HOME``.
"""

import argparse
import importlib
import json
import os
import sys
import traceback
from typing import Any, Callable, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import netconform_adapter  # noqa: E402


def load_object(target: str) -> Any:
    """Import ``module:attribute`` (dotted attribute allowed) from PYTHONPATH or the cwd."""
    module_part, sep, attribute = target.rpartition(":")
    if not sep or not module_part or not attribute:
        raise ValueError("%s is not module:attribute" % json.dumps(target))
    if os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    value: Any = importlib.import_module(module_part)
    for part in attribute.split("."):
        value = getattr(value, part)
    return value


def _as_tool(value: Any) -> Any:
    if isinstance(value, type) and hasattr(value, "invoke"):
        return value()  # a BaseTool subclass: the agent instantiates it with no arguments
    if hasattr(value, "invoke") or callable(value):
        return value
    raise TypeError("%r is neither a tool (with invoke) nor a function" % (value,))


def _name_of(tool: Any) -> str:
    name = getattr(tool, "name", None)
    return name if isinstance(name, str) and name else getattr(tool, "__name__", repr(tool))


def call_tool_operation(tools: List[Any], normalizer: Optional[Callable[[Any, Any], Any]] = None,
                        sign_in: Optional[Callable[[], None]] = None) -> Callable[[Any], Any]:
    """The ``call_tool`` operation over these tools."""
    by_name = {_name_of(t): t for t in tools}

    def call_tool(request: Any) -> Any:
        if not isinstance(request, dict) or not isinstance(request.get("name"), str):
            raise TypeError("a call_tool request is {name, arguments}")
        tool = by_name.get(request["name"])
        if tool is None:
            raise LookupError("no tool named %s (tools: %s)" % (json.dumps(request["name"]), sorted(by_name)))
        arguments = request.get("arguments") or {}
        if sign_in is not None:
            sign_in()
        result = tool.invoke(arguments) if hasattr(tool, "invoke") else tool(**arguments)
        return normalizer(result, request["name"]) if normalizer is not None else result

    return call_tool


def _set_name(tools: List[str]) -> str:
    """The handshake's name of a tool set: every tool when short, else the first and a count."""
    joined = ",".join(tools)
    return joined if len(joined) <= 120 else "%s and %d more tools" % (tools[0][:100], len(tools) - 1)


def main(argv: Optional[list] = None) -> None:
    parser = argparse.ArgumentParser(description="Serve GNS3 tools to the netconform kit (call_tool).")
    parser.add_argument("--tool", action="append", required=True, help="module:attribute of a tool")
    parser.add_argument("--normalizer", help="module:function fn(raw, tool_name) applied to every result")
    parser.add_argument("--jwt-setter", help="module:function that sets the tools' JWT")
    parser.add_argument("--jwt", default=os.environ.get("NETCONFORM_LAB_TOKEN"), help="the JWT to set")
    parser.add_argument("--name", help="implementation name for the handshake")
    args = parser.parse_args(argv)
    stdout_fd = netconform_adapter._protect_stdout(1)
    refuse = None
    operations: Dict[str, Callable[[Any], Any]] = {}
    name = args.name or _set_name(args.tool)
    info = {}
    try:
        tools = [_as_tool(load_object(t)) for t in args.tool]
        normalizer = load_object(args.normalizer) if args.normalizer else None
        setter = load_object(args.jwt_setter) if args.jwt_setter else None
        sign_in = (lambda: setter(args.jwt)) if setter is not None else None
        operations["call_tool"] = call_tool_operation(tools, normalizer, sign_in)
        if args.normalizer:
            name = (name + " via normalizer " + args.normalizer)[:200]
            info["normalizer"] = args.normalizer
    except BaseException as error:  # noqa: BLE001 - reported in the handshake
        traceback.print_exc()
        refuse = "could not load the tools: %s: %s" % (type(error).__name__, error)
    netconform_adapter.serve(operations, name=name, protect_stdout=False, refuse=refuse,
                             stdout_fd=stdout_fd, private_channel=True,
                             capabilities=["normalizer:" + info["normalizer"]] if info else ())


if __name__ == "__main__":
    main()
