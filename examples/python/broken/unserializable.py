"""Broken on purpose: puts a Python set (not JSON) into the output of lists (breaks NORM-TOTAL)."""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    out = reference(raw, tool_name)
    if isinstance(raw, list) and raw:
        out["metadata"]["devices"] = {str(i) for i in range(len(raw))}
    return out
