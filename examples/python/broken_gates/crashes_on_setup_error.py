"""Broken on purpose: counts the checks of every result first; a setup error has none."""

PASSED_VERDICT = "CHECKS PASSED (only what the checks cover)"


def decide(request):
    result, attempt = request["result"], request.get("attempt", 1)
    if not isinstance(result, dict) or not isinstance(result.get("status"), str):
        return "do-not-apply"
    print("%d checks" % len(result["checks"]))  # the bug: KeyError on a setup error
    if result["status"] == "passed" and result.get("verdict") == PASSED_VERDICT:
        return "apply"
    if result["status"] == "inconclusive" and attempt < 2:
        return "retry"
    return "do-not-apply"
