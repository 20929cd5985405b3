"""Broken on purpose: returns a result of several megabytes for a list (the kit's line limit
turns it into an errored case instead of reading without bound)."""

from _reference import reference

SIZE = 3 * 1024 * 1024


def normalize_tool_response(raw, tool_name):
    out = reference(raw, tool_name)
    if isinstance(raw, list) and raw:
        out["metadata"]["padding"] = "x" * SIZE
    return out
