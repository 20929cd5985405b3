"""Broken on purpose: decides on the verdict text alone and never reads the status."""

PASSED_VERDICT = "CHECKS PASSED (only what the checks cover)"


def decide(request):
    result, attempt = request["result"], request.get("attempt", 1)
    verdict = result.get("verdict") if isinstance(result, dict) else None
    if verdict == PASSED_VERDICT:  # the bug: the status is never read
        return "apply"
    if isinstance(verdict, str) and verdict.startswith("INCONCLUSIVE") and attempt < 2:
        return "retry"
    return "do-not-apply"
