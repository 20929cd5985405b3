"""Broken on purpose: written for JSON-decoded input only, so real Python objects crash it
(breaks NORM-TOTAL), as they crash many real normalizers:

- a tuple is neither a list nor a dict, so it is taken for a dict: ``raw.get`` raises
  AttributeError;
- a scalar is shown with ``str(raw)``: an int of more than 4,300 digits raises ValueError
  under CPython's default ``sys.get_int_max_str_digits()`` (3.11 and later), as in production;
- a dict's keys are joined as text for a log line: an int, float, None or tuple key raises
  TypeError.

JSON-decoded input (lists, dicts with str keys, strings) never reaches these lines, so a kit
that passes only JSON or Python-literal strings never catches it.
"""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    if isinstance(raw, tuple):
        raw.get("data")  # AttributeError: 'tuple' object has no attribute 'get'
    elif isinstance(raw, int) and not isinstance(raw, bool):
        "output: " + str(raw)  # ValueError past the int string limit
    elif isinstance(raw, dict):
        ", ".join(raw.keys())  # TypeError on a non-str key
    return reference(raw, tool_name)
