"""The GNS3 Copilot tool response format v1.0, as every reference tool returns it."""

import time
from typing import Any, Dict, List, Optional


def success_item(item_id: str, name: str, result: str) -> Dict[str, Any]:
    """A v1.0 item that succeeded: ``{id, name, status: "success", result}``."""
    return {"id": item_id, "name": name, "status": "success", "result": result}


def failed_item(item_id: str, name: str, error: str) -> Dict[str, Any]:
    """A v1.0 item that failed: ``{id, name, status: "failed", error}``."""
    return {"id": item_id, "name": name, "status": "failed", "error": error}


def v1_response(tool_name: str, data: List[Dict[str, Any]], started: float,
                error: Optional[str] = None, what: str = "items") -> Dict[str, Any]:
    """``{success, total, successful, failed, data, error?, metadata}`` around the items.

    ``success`` is false with a global error when the call failed as a whole (``error``) or
    when every item failed; ``started`` is the ``time.monotonic()`` of the call's start.
    """
    failed = sum(1 for item in data if item["status"] == "failed")
    if error is None and data and failed == len(data):
        error = "All %d %s failed" % (len(data), what)
    response: Dict[str, Any] = {
        "success": error is None,
        "total": len(data),
        "successful": len(data) - failed,
        "failed": failed,
        "data": data,
        "metadata": {"tool_name": tool_name, "version": "v1.0",
                     "execution_time": round(time.monotonic() - started, 3)},
    }
    if error is not None:
        response["error"] = error
    return response
