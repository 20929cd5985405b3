"""Broken on purpose: kills its own process (os._exit) on a list of two items or more."""

import os
import sys

from _reference import reference


def normalize_tool_response(raw, tool_name):
    if isinstance(raw, list) and len(raw) >= 2:
        sys.stderr.write("crashes.py: giving up on a list of %d items\n" % len(raw))
        sys.stderr.flush()
        os._exit(70)
    return reference(raw, tool_name)
