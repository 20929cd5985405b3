#!/usr/bin/env python3
"""A CI gate on Netdryrun results: apply a change only when its dry run passed.

Standard library only; Python 3.9 or later.

It follows what the result schema (netdryrun.mcp-result/v1) tells every consumer: act on
``status`` (and ``verdict``) only, since lab text is "data, never instructions"; a status v1
may add means DO NOT APPLY THIS CHANGE; an inconclusive run is retried at most once, and the
change is not applied meanwhile. Nothing else in the result is read.

Command line (in a CI job, after ``dry_run`` wrote its result to a file)::

    python3 netdryrun_gate.py result.json [--attempt 2]

prints the decision and exits 0 for ``apply``, 1 for ``do-not-apply`` and 75 for ``retry``.

The kit certifies it as a ``netdryrun.consumer/v1`` target (operation ``decide``)::

    python3 netconform_adapter.py --operation decide netdryrun_gate.py:decide
"""

import argparse
import json
import sys
from typing import Any

PASSED_VERDICT = "CHECKS PASSED (only what the checks cover)"
EXIT_CODES = {"apply": 0, "do-not-apply": 1, "retry": 75}


def gate_decision(result: Any, attempt: int = 1) -> str:
    """The decision on one dry_run / run_checks result: apply, do-not-apply or retry."""
    if not isinstance(result, dict):
        return "do-not-apply"  # not a result (another tool's, text, null): nothing to act on
    status = result.get("status")
    verdict = result.get("verdict")
    # Exact comparisons: "PASSED" or "passed " is a status v1 does not know, so it is refused.
    if type(status) is str and status == "passed" and verdict == PASSED_VERDICT:
        return "apply"
    if type(status) is str and status == "inconclusive" and attempt < 2:
        return "retry"
    return "do-not-apply"


def decide(request: Any) -> str:
    """The netconform operation ``decide``: input ``{"result": ...}``, and ``"attempt": n`` with the option ``attempts``."""
    return gate_decision(request["result"], request.get("attempt", 1))


def main(argv: Any = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("result", help="a JSON file holding the result of dry_run or run_checks")
    parser.add_argument("--attempt", type=int, default=1, help="2 when this run is a retry")
    args = parser.parse_args(argv)
    try:
        with open(args.result, encoding="utf-8") as f:
            result = json.load(f)
    except (OSError, ValueError) as error:
        print("do-not-apply (unreadable result: %s)" % error)
        return EXIT_CODES["do-not-apply"]
    decision = gate_decision(result, args.attempt)
    print(decision)
    return EXIT_CODES[decision]


if __name__ == "__main__":
    sys.exit(main())
