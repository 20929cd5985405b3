"""A legacy-shaped display tool: the reference tool's work, returned as the GNS3 Copilot tools
returned it before the v1.0 format (a list of ``{"device_name", "status", "output" | "error"}``,
``[{"error": ...}]`` for a global error). It relies on ``normalize_tool_response`` to reach the
v1.0 format, as the agent applies it: certify it with the kit's ``normalizer`` option.
"""

from typing import Any, Dict, List, Optional

from display_tool import ExecuteMultipleDeviceCommands


class LegacyDeviceCommands(ExecuteMultipleDeviceCommands):
    """The reference display tool with the legacy return shape."""

    def respond(self, data: List[Dict[str, Any]], started: float, error: Optional[str] = None) -> Any:
        if error is not None:
            return [{"error": error}]
        legacy = []
        for item in data:
            if item["status"] == "success":
                legacy.append({"device_name": item["name"], "status": "success", "output": item["result"]})
            else:
                legacy.append({"device_name": item["name"], "status": "failed", "error": item["error"]})
        return legacy
