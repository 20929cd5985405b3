"""Deliberately broken versions of the reference GNS3 tools, one fault each.

The kit's embedded targets ``gns3-tools-mutant-*`` run them against the simulated lab, and a
test checks that each is caught by exactly the rule it breaks. Each subclasses the reference
tool and overrides one step, as a real bug would.
"""

from typing import Any, Dict, List, Optional

from config_tool import ExecuteMultipleDeviceConfigCommands
from display_tool import ExecuteMultipleDeviceCommands
from node_tools import GNS3StopNodeTool, GNS3UpdateNodeNameTool
from response_format import success_item


class CountsOff(ExecuteMultipleDeviceCommands):
    """Counts one device too many into ``total``."""

    def respond(self, data, started, error=None):
        response = super().respond(data, started, error)
        if data:
            response["total"] += 1
        return response


class RefusedAsSuccess(ExecuteMultipleDeviceCommands):
    """Reports a device whose console refused the connection as a success (empty output)."""

    def item(self, i, name, node, outcome):
        item = super().item(i, name, node, outcome)
        if item["status"] == "failed" and "refused" in item.get("error", ""):
            return success_item(item["id"], name, "")
        return item


class TimeoutRaises(ExecuteMultipleDeviceCommands):
    """Lets a console's read timeout escape instead of reporting the device as failed."""

    def outcome(self, multi: Any, timeout: float):
        for result in multi:
            if type(result.exception).__name__ == "ReadTimeout":
                raise result.exception
        return super().outcome(multi, timeout)


class TruncatedOutput(ExecuteMultipleDeviceCommands):
    """Keeps only the first 8 characters of each device's output."""

    def item(self, i, name, node, outcome):
        item = super().item(i, name, node, outcome)
        if isinstance(item.get("result"), str):
            item["result"] = item["result"][:8]
        return item


class WrongDevice(ExecuteMultipleDeviceCommands):
    """Matches the requested names to the project's nodes by position, not by name."""

    def match(self, names: List[str], nodes: List[Dict[str, Any]]) -> List[Optional[Dict[str, Any]]]:
        return [nodes[i] if i < len(nodes) else None for i in range(len(names))]


class StopReportsOldStatus(GNS3StopNodeTool):
    """Reports each node's status as it was before the stop, not as it is read back after."""

    def act(self, controller, node_path, entry):
        before = controller.call("GET", node_path)
        item = super().act(controller, node_path, entry)
        item["result"] = str(before.get("status"))
        return item


class GhostRenamed(GNS3UpdateNodeNameTool):
    """Reports a node the controller answers 404 for as renamed."""

    def entry(self, controller, project_id, i, entry):
        item = super().entry(controller, project_id, i, entry)
        if item["status"] == "failed" and "404" in item.get("error", ""):
            return success_item(item["id"], str(entry.get("new_name")), str(entry.get("new_name")))
        return item


class ConfigOutputDropped(ExecuteMultipleDeviceConfigCommands):
    """Returns an empty output for every device it configured."""

    def item(self, i, name, node, outcome):
        item = super().item(i, name, node, outcome)
        if item["status"] == "success":
            item["result"] = ""
        return item
