"""The reference ``execute_multiple_device_commands`` tool: GNS3 v3 REST API + nornir + netmiko.

A LangChain ``BaseTool``, called as the GNS3 Copilot agent calls its tools:
``tool.invoke({"tool_input": json.dumps({"project_id": ..., "device_configs": [{"device_name":
..., "commands": [...]}]})})``. It reads the project's nodes from the controller (their console
ports and ``device_type:`` tags), opens every device's telnet console at once with nornir
(threaded runner) and nornir-netmiko, runs the display commands, and returns the GNS3 Copilot
tool response format v1.0. Where the controller is comes from configuration only
(``lab_config.py``).
"""

import json
import re
import time
from typing import Any, Dict, List, Optional, Tuple

from langchain_core.tools import BaseTool
from nornir.core import Nornir
from nornir.core.configuration import Config
from nornir.core.exceptions import NornirSubTaskError
from nornir.core.inventory import ConnectionOptions, Defaults, Groups, Host, Hosts, Inventory
from nornir.core.plugins.connections import ConnectionPluginRegister
from nornir.core.task import Task
from nornir.plugins.runners import ThreadedRunner
from nornir_netmiko.tasks import netmiko_send_command

import lab_config
from controller import Controller, ControllerError
from response_format import failed_item, success_item, v1_response

TOOL_NAME = "execute_multiple_device_commands"
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.I)
ConnectionPluginRegister.auto_register()


def _commands(task: Task, timeout: float) -> str:
    """Run the host's display commands one by one (each answer ends with the prompt)."""
    outputs = []
    for command in task.host.data["commands"]:
        result = task.run(task=netmiko_send_command, command_string=command, read_timeout=timeout)
        outputs.append(result.result)
    return "\n".join(outputs)


def describe(exc: BaseException, timeout: float) -> str:
    """A device's failure, in one line."""
    kind = type(exc).__name__
    if isinstance(exc, ConnectionRefusedError):
        return "Connection refused by the device console"
    if kind == "ReadTimeout":
        return "Timed out: no prompt within %g s" % timeout
    if kind == "NetmikoAuthenticationException":
        return "Login failed on the device console"
    if isinstance(exc, (TimeoutError, OSError)) or kind == "NetmikoTimeoutException":
        return "Console connection failed: %s" % kind
    return ("%s: %s" % (kind, exc))[:300]


class ExecuteMultipleDeviceCommands(BaseTool):
    """Run display commands on several devices of a GNS3 project at once."""

    name: str = TOOL_NAME
    description: str = (
        'Run display commands on devices. Input: {"tool_input": "<JSON: {project_id, '
        'device_configs: [{device_name, commands: [str]}]}>"}'
    )
    #: The key of each ``device_configs`` entry that holds its lines.
    commands_key: str = "commands"

    def _run(self, tool_input: Any = None, **kwargs: Any) -> Dict[str, Any]:
        started = time.monotonic()
        try:
            payload = json.loads(tool_input) if isinstance(tool_input, (str, bytes)) else tool_input
        except ValueError as exc:
            return self.respond([], started, "Invalid JSON input: %s" % exc)
        if not isinstance(payload, dict):
            return self.respond([], started, "Input must be an object with project_id and device_configs")
        project_id = payload.get("project_id")
        configs = payload.get("device_configs")
        if not isinstance(project_id, str) or not _UUID.match(project_id):
            return self.respond([], started, "Invalid project_id format")
        if not isinstance(configs, list) or not all(isinstance(c, dict) for c in configs):
            return self.respond([], started, "'device_configs' must be an array of objects")
        if configs and not any(c.get(self.commands_key) for c in configs):
            return self.respond([], started, "No commands given")
        url, console_host, timeout = lab_config.controller()
        try:
            nodes = self.topology(url, project_id)
        except ValueError as exc:
            return self.respond([], started, "Could not read the project's nodes: %s" % exc)
        names = [str(c.get("device_name", "")) for c in configs]
        matched = self.match(names, nodes)
        outcomes = self.consoles(matched, configs, console_host, timeout)
        data = [self.item(i, name, matched[i], outcomes.get(i)) for i, name in enumerate(names)]
        return self.respond(data, started)

    def topology(self, url: str, project_id: str) -> List[Dict[str, Any]]:
        """The project's nodes, from the controller (the JWT of the current context)."""
        try:
            with Controller(url) as controller:
                controller.call("GET", "/projects/%s" % project_id)
                nodes = controller.call("GET", "/projects/%s/nodes" % project_id)
        except ControllerError as exc:
            if exc.status == 404:
                raise ValueError("project %s not found on the controller" % project_id) from exc
            raise ValueError(str(exc)) from exc
        if not isinstance(nodes, list):
            raise ValueError("the controller's node list is not a list")
        return [n for n in nodes if isinstance(n, dict)]

    def match(self, names: List[str], nodes: List[Dict[str, Any]]) -> List[Optional[Dict[str, Any]]]:
        """The node of each requested name (exact, case-sensitive), or None."""
        by_name = {n.get("name"): n for n in nodes}
        return [by_name.get(name) for name in names]

    def consoles(self, matched, configs, console_host: str, timeout: float) -> Dict[int, Tuple[bool, str]]:
        """Run each matched device's commands over its telnet console, all at once."""
        hosts = {}
        for i, node in enumerate(matched):
            if node is None or not configs[i].get(self.commands_key):
                continue
            tags = [t for t in node.get("tags") or [] if isinstance(t, str)]
            device_type = ([t.split(":", 1)[1].strip() for t in tags if t.startswith("device_type:")]
                           or ["cisco_ios_telnet"])[-1]
            hosts[str(i)] = Host(
                name=str(i), hostname=console_host, port=node.get("console"), username="", password="",
                platform=device_type, data={"commands": [str(c) for c in configs[i][self.commands_key]]},
                connection_options={"netmiko": ConnectionOptions(extras={"device_type": device_type, "conn_timeout": 5})},
            )
        if not hosts:
            return {}
        nr = Nornir(
            inventory=Inventory(hosts=Hosts(hosts), groups=Groups(), defaults=Defaults()),
            runner=ThreadedRunner(num_workers=10),
            config=Config(),
        )
        try:
            results = nr.run(task=self.task, timeout=timeout)
        finally:
            nr.close_connections()
        return {int(k): self.outcome(r, timeout) for k, r in results.items()}

    def task(self, task: Task, timeout: float) -> str:
        """The nornir task one device runs (its lines are ``task.host.data["commands"]``)."""
        return _commands(task, timeout)

    def outcome(self, multi: Any, timeout: float) -> Tuple[bool, str]:
        """(answered, output or error) of one device's nornir result."""
        if not multi.failed:
            return True, multi[0].result
        causes = [r.exception for r in multi if r.exception is not None
                  and not isinstance(r.exception, NornirSubTaskError)]
        return False, describe(causes[-1] if causes else multi[0].exception, timeout)

    def item(self, i: int, name: str, node: Optional[Dict[str, Any]], outcome) -> Dict[str, Any]:
        """One device's item of the response."""
        if node is None:
            return failed_item("missing-%d" % i, name, "Device '%s' not found in the project" % name)
        node_id = str(node.get("node_id"))
        if outcome is None:
            return success_item(node_id, name, "")
        ok, text = outcome
        if ok:
            return success_item(node_id, name, text)
        return failed_item(node_id, name, text)

    def respond(self, data: List[Dict[str, Any]], started: float, error: Optional[str] = None) -> Dict[str, Any]:
        """The v1.0 response around the items (a global error when every device failed)."""
        return v1_response(self.name, data, started, error, what="devices")
