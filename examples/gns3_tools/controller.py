"""A signed-in session on the GNS3 v3 REST API, as every reference tool talks to the controller.

Where the controller is and the JWT come from ``lab_config.py`` (configuration only). A fresh
session serves one tool call; an error status or an unreachable controller raises
:class:`ControllerError` with the controller's own message.
"""

from typing import Any, Optional

import requests

import lab_config


class ControllerError(Exception):
    """The controller answered an error (its message; ``status`` its HTTP code), or could not
    be reached (``status`` None)."""

    def __init__(self, message: str, status: Optional[int] = None) -> None:
        super().__init__(message)
        self.status = status


class Controller:
    """A session on ``<url>/v3`` with the current context's JWT (a context manager)."""

    def __init__(self, url: Optional[str] = None) -> None:
        token = lab_config.current_jwt_token()
        if not token:
            raise ControllerError("no JWT set: the tool is not signed in to the controller")
        self.url = (url or lab_config.controller()[0]) + "/v3"
        self.session = requests.Session()
        self.session.headers.update({"Accept": "application/json", "Authorization": "Bearer " + token})

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """The JSON answer of one request (None for 204); an error status raises."""
        try:
            response = self.session.request(method, self.url + path, json=body, timeout=10.0)
        except requests.RequestException as exc:
            raise ControllerError("controller unreachable: %s" % type(exc).__name__) from exc
        if response.status_code >= 400:
            try:
                message = response.json().get("message")
            except ValueError:
                message = None
            raise ControllerError("%s (HTTP %d)" % (message or response.reason, response.status_code),
                                  response.status_code)
        return None if response.status_code == 204 or not response.content else response.json()

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> "Controller":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()
