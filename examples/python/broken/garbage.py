"""Broken on purpose: prints debugging text to stdout on every call.

Through netconform_adapter.py the prints land on stderr (the protocol channel is private),
so this normalizer conforms; with --raw-stdout they corrupt the channel and every case is
errored with an excerpt of the garbage.
"""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    print("DEBUG normalizing %s \x1b[31mred\x1b[0m" % tool_name, flush=True)
    return reference(raw, tool_name)
