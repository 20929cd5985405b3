"""Broken on purpose: compares the status trimmed and case-insensitively."""


def decide(request):
    result, attempt = request["result"], request.get("attempt", 1)
    status = result.get("status") if isinstance(result, dict) else None
    status = status.strip().lower() if isinstance(status, str) else ""  # the bug
    if status == "passed":
        return "apply"
    if status == "inconclusive" and attempt < 2:
        return "retry"
    return "do-not-apply"
