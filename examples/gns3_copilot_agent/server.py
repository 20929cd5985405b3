#!/usr/bin/env python3
"""The GNS3 Copilot chat endpoint of the reference agent: FastAPI, the design's pydantic
``ChatRequest`` (422 naming the field), the LangGraph agent of agent.py, served by uvicorn on
127.0.0.1.

    OPENAI_BASE_URL=http://127.0.0.1:8000/v1 OPENAI_API_KEY=x \\
      .venv/agent/bin/python examples/gns3_copilot_agent/server.py
    # prints: listening http://127.0.0.1:<port>   (PORT, default 0; CHAT_TOKEN: bearer token)

``POST /v3/projects/{project_id}/chat/stream`` answers ``text/event-stream`` with only
``data: <json>`` lines: ``content``, ``tool_call``, ``tool_start``, ``tool_end``
(``tool_output``), ``done`` or ``error``. ``--flaw NAME`` starts a mutant (agent.FLAWS).
"""

import argparse
import json
import os
import socket
import sys
from typing import Any, Dict, Optional

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import uvicorn  # noqa: E402
from fastapi import Body, FastAPI, Header, HTTPException  # noqa: E402
from fastapi.encoders import jsonable_encoder  # noqa: E402
from fastapi.responses import JSONResponse, StreamingResponse  # noqa: E402
from pydantic import ValidationError  # noqa: E402

from agent import FLAWS, Agent  # noqa: E402
from schemas import ChatRequest, UncheckedChatRequest  # noqa: E402


# Request-surface faults of the test app only (bench/chat_limits_schemathesis_bench.ts): the
# kit's request rules and Schemathesis side by side on one endpoint.
REQUEST_FLAWS = {
    "request-400": "validation errors answered 400, not 422",
    "request-unnamed": "a 422 whose detail does not name the field",
    "request-rejects-null": "a null limit rejected (Optional[int] accepts None)",
    "request-json-stream": "the event stream sent as application/json",
    "request-malformed-event": "the first event's data is cut JSON",
}


def _events(agent: Agent, request: ChatRequest, flaw: Optional[str] = None):
    async def events():
        if flaw == "request-malformed-event":
            yield 'data: {"type": "content", "cont\n\n'
        try:
            async for event in agent.stream_chat(request.message, request.session_id,
                                                 request.max_iterations, request.max_tool_calls):
                yield "data: %s\n\n" % json.dumps(event)
        except Exception as error:  # the run failed: the stream ends with error
            yield "data: %s\n\n" % json.dumps({"type": "error", "error": str(error)})

    media = "application/json" if flaw == "request-json-stream" else "text/event-stream"
    return StreamingResponse(events(), media_type=media)


# One server-sent event as OpenAPI tools read a text/event-stream body (data: one JSON object).
SSE_EVENT = {"type": "object", "required": ["data"],
             "properties": {"data": {"type": "string"}, "event": {"type": "string"}}}


def create_app(flaw: Optional[str] = None, token: Optional[str] = None) -> FastAPI:
    """The chat endpoint of one agent (``flaw``: a mutant's)."""
    agent = Agent(flaw)
    Request = UncheckedChatRequest if flaw == "unchecked-bounds" else ChatRequest
    app = FastAPI(title="GNS3 Copilot chat (netconform reference)")

    @app.post("/v3/projects/{project_id}/chat/stream", response_class=StreamingResponse,
              responses={200: {"content": {"text/event-stream": {"schema": SSE_EVENT}}}})
    async def chat_stream(project_id: str, request: Request, authorization: Optional[str] = Header(None)):
        if token and authorization != "Bearer " + token:
            raise HTTPException(status_code=401, detail="Not authenticated")
        return _events(agent, request)

    return app


def create_test_app(token: Optional[str] = None) -> FastAPI:
    """For the kit's tests only: one process serving the reference and every mutant, the
    project id naming which (``reference`` or a flaw), so that a test starts Python once."""
    agents: Dict[str, Agent] = {}
    app = FastAPI(title="GNS3 Copilot chat (netconform reference and mutants)")

    @app.post("/v3/projects/{project_id}/chat/stream")
    async def chat_stream(project_id: str, body: Any = Body(None), authorization: Optional[str] = Header(None)):
        if token and authorization != "Bearer " + token:
            raise HTTPException(status_code=401, detail="Not authenticated")
        flaw = None if project_id == "reference" else project_id
        if flaw is not None and flaw not in FLAWS and flaw not in REQUEST_FLAWS:
            raise HTTPException(status_code=404, detail="Unknown project")
        model = UncheckedChatRequest if flaw == "unchecked-bounds" else ChatRequest
        nulls = isinstance(body, dict) and any(
            k in body and body[k] is None for k in ("max_iterations", "max_tool_calls"))
        try:
            if flaw == "request-rejects-null" and nulls:
                raise ValidationError.from_exception_data("ChatRequest", [
                    {"type": "int_type", "loc": ("max_iterations",), "input": None}])
            request = model.model_validate(body)
        except ValidationError as error:
            detail = [{**e, "loc": ["body", *e["loc"]]} for e in error.errors(include_url=False)]
            if flaw == "request-unnamed":
                detail = [{"msg": "invalid request", "type": "value_error"}]
            status = 400 if flaw == "request-400" else 422
            return JSONResponse(status_code=status, content=jsonable_encoder({"detail": detail}))
        agent_flaw = flaw if flaw in FLAWS else None
        if agent_flaw not in agents:
            agents[agent_flaw] = Agent(agent_flaw)
        return _events(agents[agent_flaw], request, flaw)

    return app


def main() -> None:
    parser = argparse.ArgumentParser(description="GNS3 Copilot reference chat endpoint")
    parser.add_argument("--flaw", choices=sorted(FLAWS), default=None)
    parser.add_argument("--all-by-project", action="store_true",
                        help="(the kit's tests) the project id names the flaw, or 'reference'")
    args = parser.parse_args()
    token = os.environ.get("CHAT_TOKEN") or None
    app = create_test_app(token) if args.all_by_project else create_app(args.flaw, token)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", int(os.environ.get("PORT", "0"))))
    sock.listen(128)  # connections made after the ready line wait in the backlog
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    print("listening http://127.0.0.1:%d" % sock.getsockname()[1], flush=True)
    server.run(sockets=[sock])


if __name__ == "__main__":
    main()
