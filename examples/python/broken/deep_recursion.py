"""Broken on purpose: decodes JSON text and walks it recursively, so input nested 1,000 to
10,000 deep raises RecursionError under Python's default recursion limit (breaks NORM-TOTAL).

A kit that raised the recursion limit around the call would pass it; deeper text is skipped
by a bracket count, so the 100,000-level case alone does not catch it either.
"""

import json

from _reference import reference


def _leaves(value):
    if isinstance(value, list):
        return sum(_leaves(v) for v in value)
    if isinstance(value, dict):
        return sum(_leaves(v) for v in value.values())
    return 1


def normalize_tool_response(raw, tool_name):
    if isinstance(raw, str) and raw.count("[") + raw.count("{") <= 10000:
        try:
            value = json.loads(raw)
        except ValueError:
            value = None
        _leaves(value)
    return reference(raw, tool_name)
