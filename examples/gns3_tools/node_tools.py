"""The reference GNS3 controller tools: node actions, renaming, templates and new nodes.

Each is a LangChain ``BaseTool`` called as the GNS3 Copilot agent calls its tools,
``tool.invoke({"tool_input": "<JSON string>"})``, and talks to the GNS3 v3 REST API only
through ``controller.py``'s session, the one the console tools read the topology with. Every tool
returns the tool response format v1.0, one item per node asked for:

* ``start_gns3_node``, ``stop_gns3_node``, ``suspend_gns3_node``: ``{project_id, node_ids}``;
  an item's ``result`` is the node's status read back after the action.
* ``update_gns3_node_name``: ``{project_id, nodes: [{node_id, new_name}]}``; ``result`` is the
  name read back.
* ``create_gns3_node``: ``{project_id, nodes: [{template_id, x, y, name?}]}``; an item's ``id``
  is the new node's.
* ``get_gns3_templates``: no input; one item per template.
"""

import json
import time
from typing import Any, Dict

from langchain_core.tools import BaseTool

from controller import Controller, ControllerError
from response_format import failed_item, success_item, v1_response


class _ControllerTool(BaseTool):
    """A tool whose input is a JSON string with a ``project_id`` and one list of entries."""

    #: The key of the entries' list in the input.
    entries_key: str = "node_ids"

    def _run(self, tool_input: Any = None, **kwargs: Any) -> Dict[str, Any]:
        started = time.monotonic()
        try:
            payload = json.loads(tool_input) if isinstance(tool_input, (str, bytes)) else tool_input
        except ValueError as exc:
            return v1_response(self.name, [], started, "Invalid JSON input: %s" % exc)
        if not isinstance(payload, dict) or not isinstance(payload.get("project_id"), str):
            return v1_response(self.name, [], started, "Missing required field: project_id")
        entries = payload.get(self.entries_key)
        if not isinstance(entries, list) or not entries:
            return v1_response(self.name, [], started, "%s must be a non-empty list" % self.entries_key)
        try:
            controller = Controller()
        except ControllerError as exc:
            return v1_response(self.name, [], started, str(exc))
        with controller:
            try:
                controller.call("GET", "/projects/%s" % payload["project_id"])
                data = [self.entry(controller, payload["project_id"], i, e) for i, e in enumerate(entries)]
            except ControllerError as exc:
                return v1_response(self.name, [], started, "Project %s: %s" % (payload["project_id"], exc))
        return v1_response(self.name, data, started, what="nodes")

    def entry(self, controller: Controller, project_id: str, i: int, entry: Any) -> Dict[str, Any]:
        """One entry's item; a ControllerError on the entry's own request fails the item only."""
        node_id = self.entry_id(entry)
        try:
            return self.act(controller, "/projects/%s/nodes/%s" % (project_id, node_id), entry)
        except ControllerError as exc:
            return failed_item(node_id, node_id, str(exc))

    def entry_id(self, entry: Any) -> str:
        """The node id an entry names."""
        return str(entry)

    def act(self, controller: Controller, node_path: str, entry: Any) -> Dict[str, Any]:
        """The item of one entry's node (``node_path``: its REST path)."""
        raise NotImplementedError


class _NodeActionTool(_ControllerTool):
    """GET the node, POST its action, GET it again: the status it now has."""

    action: str = "start"

    def act(self, controller: Controller, node_path: str, entry: Any) -> Dict[str, Any]:
        node = controller.call("GET", node_path)
        controller.call("POST", "%s/%s" % (node_path, self.action))
        after = controller.call("GET", node_path)
        return success_item(str(node["node_id"]), str(node["name"]), str(after.get("status")))


class GNS3StartNodeTool(_NodeActionTool):
    """Start nodes of a GNS3 project."""

    name: str = "start_gns3_node"
    description: str = 'Start nodes. Input: {"tool_input": "<JSON: {project_id, node_ids: [str]}>"}'
    action: str = "start"


class GNS3StopNodeTool(_NodeActionTool):
    """Stop nodes of a GNS3 project."""

    name: str = "stop_gns3_node"
    description: str = 'Stop nodes. Input: {"tool_input": "<JSON: {project_id, node_ids: [str]}>"}'
    action: str = "stop"


class GNS3SuspendNodeTool(_NodeActionTool):
    """Suspend nodes of a GNS3 project."""

    name: str = "suspend_gns3_node"
    description: str = 'Suspend nodes. Input: {"tool_input": "<JSON: {project_id, node_ids: [str]}>"}'
    action: str = "suspend"


class GNS3UpdateNodeNameTool(_ControllerTool):
    """Rename nodes of a GNS3 project, and check the name read back."""

    name: str = "update_gns3_node_name"
    description: str = ('Rename nodes. Input: {"tool_input": "<JSON: {project_id, nodes: '
                        '[{node_id, new_name}]}>"}')
    entries_key: str = "nodes"

    def entry(self, controller: Controller, project_id: str, i: int, entry: Any) -> Dict[str, Any]:
        if not isinstance(entry, dict) or not entry.get("node_id") or not entry.get("new_name"):
            return failed_item("entry-%d" % i, "entry %d" % i, "Node %d missing node_id or new_name" % (i + 1))
        return super().entry(controller, project_id, i, entry)

    def act(self, controller: Controller, node_path: str, entry: Any) -> Dict[str, Any]:
        controller.call("GET", node_path)
        controller.call("PUT", node_path, {"name": str(entry["new_name"])})
        after = controller.call("GET", node_path)
        if after.get("name") != entry["new_name"]:
            return failed_item(str(after["node_id"]), str(after.get("name")), "Name verification failed")
        return success_item(str(after["node_id"]), str(after["name"]), str(after["name"]))

    def entry_id(self, entry: Any) -> str:
        return str(entry["node_id"])


class GNS3CreateNodeTool(_ControllerTool):
    """Create nodes from templates in a GNS3 project, placed and named."""

    name: str = "create_gns3_node"
    description: str = ('Create nodes. Input: {"tool_input": "<JSON: {project_id, nodes: '
                        '[{template_id, x, y, name?}]}>"}')
    entries_key: str = "nodes"

    def entry(self, controller: Controller, project_id: str, i: int, entry: Any) -> Dict[str, Any]:
        if not isinstance(entry, dict) or not isinstance(entry.get("template_id"), str):
            return failed_item("entry-%d" % i, "entry %d" % i, "Node %d missing or invalid template_id" % (i + 1))
        try:
            node = controller.call("POST", "/projects/%s/templates/%s" % (project_id, entry["template_id"]),
                                   {"x": 0, "y": 0, "compute_id": "local"})
            body = {"compute_id": "local", "x": int(entry.get("x", 0)), "y": int(entry.get("y", 0))}
            if entry.get("name"):
                body["name"] = str(entry["name"])
            node = controller.call("PUT", "/projects/%s/nodes/%s" % (project_id, node["node_id"]), body)
        except ControllerError as exc:
            return failed_item("entry-%d" % i, str(entry.get("name") or entry["template_id"]),
                               "Node %d creation failed: %s" % (i + 1, exc))
        return success_item(str(node["node_id"]), str(node["name"]),
                            "created from template %s" % entry["template_id"])


class GNS3TemplateTool(BaseTool):
    """List the templates nodes can be created from (switches, hubs and clouds left out)."""

    name: str = "get_gns3_templates"
    description: str = 'List node templates. Input: {"tool_input": ""}'

    def _run(self, tool_input: Any = None, **kwargs: Any) -> Dict[str, Any]:
        started = time.monotonic()
        left_out = {"atm_switch", "cloud", "ethernet_hub", "ethernet_switch", "frame_relay_switch", "nat"}
        try:
            with Controller() as controller:
                templates = controller.call("GET", "/templates")
        except ControllerError as exc:
            return v1_response(self.name, [], started, "Failed to retrieve templates: %s" % exc)
        data = [success_item(str(t.get("template_id")), str(t.get("name")), str(t.get("template_type")))
                for t in templates if isinstance(t, dict) and t.get("template_type") not in left_out]
        return v1_response(self.name, data, started, what="templates")
