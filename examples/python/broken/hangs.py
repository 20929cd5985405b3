"""Broken on purpose: never returns for a dict holding "nodes" (the kit must time it out)."""

import time

from _reference import reference


def normalize_tool_response(raw, tool_name):
    if isinstance(raw, dict) and "nodes" in raw:
        while True:
            time.sleep(3600)
    return reference(raw, tool_name)
