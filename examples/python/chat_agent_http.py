#!/usr/bin/env python3
"""The scripted agent loop of chat_agent.py behind a chat endpoint, its model any
OpenAI-compatible API reached with urllib (standard library only; Python 3.9 or later).

    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=x python3 examples/python/chat_agent_http.py
    # prints: listening http://127.0.0.1:<port>   (PORT, default 0)

``POST /v3/projects/{project_id}/chat/stream`` takes the design's ChatRequest (422 naming the
field when a limit is out of range or not an integer) and streams ``data: <json>`` events:
``{"type": "tool", "tool_call_id", "content"}`` per tool message, ``{"type": "message"}`` for the
final answer, ``{"type": "done"}`` (or ``{"type": "error", "message"}``). Tools offered to the
model: ``echo(text)`` and ``fail(message)``. Under the kit: ``kind: http-agent`` with
``surface: http-agent`` (docs/chat-limits.md). ``--flaw carry-over`` keeps the tool call count
across the requests of a session.
"""

import argparse
import json
import os
import re
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, List, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from chat_agent import DEFAULT_MAX_ITERATIONS, DEFAULT_MAX_TOOL_CALLS, iteration_notice, tool_node  # noqa: E402

ROUTE = re.compile(r"^/v3/projects/[^/]+/chat/stream$")
TOOLS = [
    {"type": "function", "function": {"name": "echo", "description": "Return the text.",
                                      "parameters": {"type": "object", "properties": {"text": {"type": "string"}}}}},
    {"type": "function", "function": {"name": "fail", "description": "Raise an error.",
                                      "parameters": {"type": "object", "properties": {"message": {"type": "string"}}}}},
]


def call_model(messages: List[Dict[str, Any]]) -> Dict[str, Any]:
    """One Chat Completions call (non-streaming) to OPENAI_BASE_URL."""
    base = os.environ.get("OPENAI_BASE_URL", "https://api.openai.com/v1").rstrip("/")
    body = json.dumps({"model": os.environ.get("OPENAI_MODEL", "gpt-4o-mini"), "messages": messages,
                       "tools": TOOLS, "tool_choice": "auto"}).encode()
    request = urllib.request.Request(base + "/chat/completions", data=body, method="POST", headers={
        "content-type": "application/json",
        "authorization": "Bearer " + os.environ.get("OPENAI_API_KEY", ""),
    })
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())["choices"][0]["message"]


def validate(body: Any) -> List[Dict[str, Any]]:
    """The design's Pydantic model, strict integers: FastAPI-style error details."""
    if not isinstance(body, dict):
        return [{"type": "model_attributes_type", "loc": ["body"], "msg": "Input should be an object"}]
    detail = []
    if not isinstance(body.get("message"), str):
        detail.append({"type": "missing" if "message" not in body else "string_type", "loc": ["body", "message"],
                       "msg": "Field required" if "message" not in body else "Input should be a valid string"})
    if body.get("mode", "text") != "text":
        detail.append({"type": "literal_error", "loc": ["body", "mode"], "msg": "Input should be 'text'"})
    for field, top in (("max_iterations", 100), ("max_tool_calls", 50)):
        value = body.get(field)
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool):
            detail.append({"type": "int_type", "loc": ["body", field], "msg": "Input should be a valid integer"})
        elif not 1 <= value <= top:
            detail.append({"type": "less_than_equal" if value > top else "greater_than_equal",
                           "loc": ["body", field], "msg": "Input should be within 1..%d" % top})
    return detail


class Agent:
    """Sessions (OpenAI-format history and the carried count) and the loop."""

    def __init__(self, flaw: Optional[str]) -> None:
        self.flaw = flaw
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.lock = threading.Lock()

    def run(self, body: Dict[str, Any], emit) -> None:
        with self.lock:
            key = body.get("session_id") or "anonymous-%d" % id(body)
            session = self.sessions.setdefault(key, {"history": [], "count": 0})
        messages = session["history"] + [{"role": "user", "content": body["message"]}]
        remaining = body.get("max_iterations") or DEFAULT_MAX_ITERATIONS
        state = {"max_tool_calls": body.get("max_tool_calls") or DEFAULT_MAX_TOOL_CALLS,
                 "tool_calls_count": session["count"] if self.flaw == "carry-over" else 0}
        while True:
            ai = call_model(messages)
            messages.append({k: v for k, v in ai.items() if k in ("role", "content", "tool_calls")})
            remaining -= 1
            calls = ai.get("tool_calls") or []
            if not calls:
                emit({"type": "message", "content": ai.get("content") or ""})
                break
            if remaining <= 0:  # the last allowed model call: its tools are not executed
                emit({"type": "message", "content": iteration_notice(body.get("max_iterations") or DEFAULT_MAX_ITERATIONS)})
                break
            batch = [{"id": c["id"], "name": c["function"]["name"],
                      "args": json.loads(c["function"].get("arguments") or "{}")} for c in calls]
            update = tool_node({"messages": [{"tool_calls": batch}], **state})
            state["tool_calls_count"] = update.get("tool_calls_count", state["tool_calls_count"])
            for m in update["messages"]:
                messages.append({"role": "tool", "tool_call_id": m["tool_call_id"], "content": m["content"]})
                emit({"type": "tool", "tool_call_id": m["tool_call_id"], "content": m["content"]})
        session["history"] = messages[-1000:]
        session["count"] = state["tool_calls_count"]
        emit({"type": "done"})


def handler_for(agent: Agent):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args: Any) -> None:  # quiet
            pass

        def reply_json(self, status: int, value: Any) -> None:
            data = json.dumps(value).encode()
            self.send_response(status)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self) -> None:
            if not ROUTE.match(self.path):
                return self.reply_json(404, {"detail": "Not Found"})
            try:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"null")
            except ValueError:
                return self.reply_json(422, {"detail": [{"type": "json_invalid", "loc": ["body"]}]})
            detail = validate(body)
            if detail:
                return self.reply_json(422, {"detail": detail})
            self.send_response(200)
            self.send_header("content-type", "text/event-stream")
            self.send_header("connection", "close")
            self.end_headers()
            self.close_connection = True

            def emit(event: Dict[str, Any]) -> None:
                self.wfile.write(("data: %s\n\n" % json.dumps(event)).encode())
                self.wfile.flush()

            try:
                agent.run(body, emit)
            except (urllib.error.URLError, OSError, ValueError, KeyError) as error:
                emit({"type": "error", "message": str(error)})

    return Handler


def main(argv: Optional[List[str]] = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flaw", choices=["carry-over"], default=None)
    args = parser.parse_args(argv)
    server = ThreadingHTTPServer(("127.0.0.1", int(os.environ.get("PORT", "0"))), handler_for(Agent(args.flaw)))
    server.daemon_threads = True
    print("listening http://127.0.0.1:%d" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
