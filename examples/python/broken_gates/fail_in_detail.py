"""Broken on purpose: refuses a passed run when any check detail mentions "fail"."""

PASSED_VERDICT = "CHECKS PASSED (only what the checks cover)"


def decide(request):
    result, attempt = request["result"], request.get("attempt", 1)
    if not isinstance(result, dict):
        return "do-not-apply"
    for check in result.get("checks") or []:
        if isinstance(check, dict) and "fail" in str(check.get("detail", "")).lower():
            return "do-not-apply"  # the bug: lab text sways the decision
    if result.get("status") == "passed" and result.get("verdict") == PASSED_VERDICT:
        return "apply"
    if result.get("status") == "inconclusive" and attempt < 2:
        return "retry"
    return "do-not-apply"
