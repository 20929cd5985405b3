#!/usr/bin/env python3
"""Certify a gate that is an HTTP endpoint: forward each netconform request to it.

Standard library only; Python 3.9 or later.

Command line::

    python3 http_gate_bridge.py [--operation decide] [--timeout SECONDS] URL

serves the operation (default ``decide``) over the kit's subprocess protocol (through
``netconform_adapter.serve``) and, for each request, POSTs its input as JSON to ``URL``. The
endpoint answers ``200`` with a JSON body: the decision itself (``"apply"``) or an object
``{"decision": "apply"}``. Whatever else happens is the endpoint's failure and is answered
``raised`` (the kit reports it as a finding, with the status code and the start of the body):
another status code, a body that is not JSON, a timeout, a refused connection.

For ``netdryrun.consumer/v1`` the input is ``{"result": ...}`` (and ``"attempt": n`` with the option ``attempts``).
"""

import argparse
import json
import os
import sys
import urllib.error
import urllib.request
from typing import Any, Callable

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from netconform_adapter import serve  # noqa: E402

_MAX_BODY = 1 << 20


class HttpGateError(Exception):
    """The endpoint did not answer 200 with JSON."""


def forwarder(url: str, timeout: float) -> Callable[[Any], Any]:
    """A function of a request's input that POSTs it to ``url`` and returns the decision."""

    def forward(input: Any) -> Any:
        body = json.dumps(input, allow_nan=False).encode("utf-8")
        request = urllib.request.Request(
            url, data=body, method="POST", headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                raw = response.read(_MAX_BODY + 1)
        except urllib.error.HTTPError as error:
            text = error.read(200).decode("utf-8", "replace")
            raise HttpGateError("HTTP %d from the gate: %s" % (error.code, text)) from None
        if len(raw) > _MAX_BODY:
            raise HttpGateError("the gate's answer is larger than %d bytes" % _MAX_BODY)
        try:
            value = json.loads(raw.decode("utf-8"))
        except ValueError:
            raise HttpGateError("the gate's answer is not JSON: %r" % raw[:200]) from None
        if isinstance(value, dict) and "decision" in value:
            return value["decision"]
        return value

    return forward


def main(argv: Any = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("url", help="the gate's endpoint, for example http://127.0.0.1:8080/decide")
    parser.add_argument("--operation", default="decide", help="operation served (default decide)")
    parser.add_argument("--timeout", type=float, default=5.0, help="seconds per request (default 5)")
    args = parser.parse_args(argv)
    serve({args.operation: forwarder(args.url, args.timeout)}, name="http gate %s" % args.url)


if __name__ == "__main__":
    main()
