"""GNS3 Copilot-style tools served to netconform's tool-response profile (call_tool).

Each tool returns the Tool Response Format v1.0. Serve them with::

    python3 netconform_adapter.py --operation call_tool gns3_tools_example.py:call_tool

and list the calls to make in the target's options (examples/conform.yaml). The tools here
simulate a lab. Tools that need a real lab (a GNS3 controller and device consoles) run
unchanged against the kit's simulated GNS3 lab instead: see docs/gns3-tools.md.
"""

import time
from typing import Any, Callable, Dict, List

_DEVICES = {
    "R1": {"id": "n1", "reachable": True, "output": "Cisco IOS Software, Version 15.2\nR1#"},
    "R2": {"id": "n2", "reachable": True, "output": "路由器 R2\r\nGi0/0 up"},
    "R3": {"id": "n3", "reachable": False, "output": ""},
}


def execute_multiple_device_commands(project_id: str, device_names: List[str], commands: List[str]) -> Dict[str, Any]:
    started = time.monotonic()
    metadata: Dict[str, Any] = {"tool_name": "execute_multiple_device_commands", "version": "v1.0"}
    if not project_id:
        return {"success": False, "total": 0, "successful": 0, "failed": 0, "data": [],
                "error": "Invalid project_id format", "metadata": metadata}
    data = []
    for name in device_names:
        device = _DEVICES.get(name)
        if device is None:
            data.append({"id": "unknown-" + name, "name": name, "status": "failed", "error": "Device not found"})
        elif device["reachable"]:
            data.append({"id": device["id"], "name": name, "status": "success", "result": device["output"]})
        else:
            data.append({"id": device["id"], "name": name, "status": "failed", "error": "Connection refused"})
    failed = sum(1 for item in data if item["status"] == "failed")
    response: Dict[str, Any] = {
        "success": not data or failed < len(data),
        "total": len(data),
        "successful": len(data) - failed,
        "failed": failed,
        "data": data,
        "metadata": dict(metadata, execution_time=time.monotonic() - started),
    }
    if data and failed == len(data):
        response["error"] = "All %d devices failed" % len(data)
    return response


_TOOLS: Dict[str, Callable[..., Dict[str, Any]]] = {
    "execute_multiple_device_commands": execute_multiple_device_commands,
}


def call_tool(request: Dict[str, Any]) -> Dict[str, Any]:
    """The call_tool operation: ``{name, arguments}`` in, the tool's response out."""
    tool = _TOOLS[request["name"]]  # an unknown tool raises KeyError: reported as raised
    return tool(**request.get("arguments", {}))
