"""Broken on purpose: raises TypeError when raw is None (breaks NORM-TOTAL)."""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    if raw is None:
        raise TypeError("'NoneType' object is not iterable")
    return reference(raw, tool_name)
