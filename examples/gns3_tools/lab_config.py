"""Where the reference GNS3 tools find their controller: configuration only, as GNS3 reads it.

* The controller URL comes from the ``[Server]`` section (``protocol``, ``host``, ``port``) of
  the GNS3 server's configuration files, searched as gns3server searches them:
  ``./gns3_server.conf``, ``$HOME/.config/GNS3/3.0/gns3_server.conf``, ``$HOME/.config/GNS3.conf``,
  ``/etc/gns3/gns3_server.conf``, ``/etc/xdg/GNS3/gns3_server.conf``, ``/etc/xdg/GNS3.conf``;
  every existing file is read, later files override earlier keys. Default
  ``http://127.0.0.1:3080``. The consoles are reached on the same host.
* ``[Tools] command_timeout`` (seconds, default 10) bounds each console command.
* The JWT is a context variable the caller sets (the chat API sets it from the request's
  ``Authorization: Bearer`` header): :func:`set_current_jwt_token`.
"""

import configparser
import contextvars
import os
from typing import Optional, Tuple

_JWT: "contextvars.ContextVar[Optional[str]]" = contextvars.ContextVar("gns3_jwt", default=None)


def set_current_jwt_token(token: Optional[str]) -> None:
    """Set the JWT the tools send to the controller (for the current context)."""
    _JWT.set(token)


def current_jwt_token() -> Optional[str]:
    """The JWT set for the current context, or None."""
    return _JWT.get()


def _files() -> list:
    home = os.path.expanduser("~")
    return [
        os.path.join(os.getcwd(), "gns3_server.conf"),
        os.path.join(home, ".config", "GNS3", "3.0", "gns3_server.conf"),
        os.path.join(home, ".config", "GNS3.conf"),
        "/etc/gns3/gns3_server.conf",
        "/etc/xdg/GNS3/gns3_server.conf",
        "/etc/xdg/GNS3.conf",
    ]


def read_config() -> configparser.ConfigParser:
    """Every existing configuration file, in search order (later keys win)."""
    parser = configparser.ConfigParser()
    parser.read([f for f in _files() if os.path.isfile(f)], encoding="utf-8")
    return parser


def controller() -> Tuple[str, str, float]:
    """The controller's base URL, the console host and the per-command timeout."""
    config = read_config()
    protocol = config.get("Server", "protocol", fallback="http")
    host = config.get("Server", "host", fallback="127.0.0.1")
    port = config.getint("Server", "port", fallback=3080)
    timeout = config.getfloat("Tools", "command_timeout", fallback=10.0)
    return "%s://%s:%d" % (protocol, host, port), host, timeout
