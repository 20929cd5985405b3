"""Gives the broken normalizers the kit's own Python reference to break."""

import os
import sys

_PARENT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _PARENT not in sys.path:
    sys.path.insert(0, _PARENT)

from reference_normalizer import normalize_tool_response as reference  # noqa: E402

__all__ = ["reference"]
