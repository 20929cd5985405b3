"""Broken on purpose: counts how many times a response went through it, in metadata, so
normalize(normalize(x)) differs from normalize(x) (NORM-IDEMPOTENT)."""

from _reference import reference


def normalize_tool_response(raw, tool_name):
    out = reference(raw, tool_name)
    passes = 0
    if isinstance(raw, dict) and isinstance(raw.get("metadata"), dict):
        previous = raw["metadata"].get("passes")
        passes = previous if isinstance(previous, int) and not isinstance(previous, bool) else 0
    out["metadata"]["passes"] = passes + 1
    return out
