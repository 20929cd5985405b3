"""Broken on purpose: writes half a JSON line to file descriptor 1 before returning.

Only harmful with --raw-stdout (otherwise fd 1 is stderr): the half line glues onto the
response, which is then not JSON, and the case is errored with an excerpt.
"""

import os

from _reference import reference


def normalize_tool_response(raw, tool_name):
    os.write(1, b'{"seq": 0, "type": "respo')
    return reference(raw, tool_name)
