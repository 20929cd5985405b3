"""Broken on purpose: drops the last data item (counts kept consistent), so only
preservation breaks (NORM-ITEM-COUNT)."""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    out = reference(raw, tool_name)
    data = out.get("data")
    if isinstance(data, list) and len(data) >= 2:
        dropped = data.pop()
        out["total"] = len(data)
        if dropped.get("status") == "success":
            out["successful"] -= 1
        else:
            out["failed"] -= 1
    return out
