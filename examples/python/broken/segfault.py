"""Broken on purpose: a real segmentation fault (a NULL read through ctypes) on any string."""

import ctypes

from _reference import reference


def normalize_tool_response(raw, tool_name):
    if isinstance(raw, str):
        ctypes.string_at(0)
    return reference(raw, tool_name)
