"""One run of a netdryrun.yml on the simulated lab, and its netdryrun.mcp-result/v1 run result.

The check types sample state with read-only show commands whose output is JSON; a run
deploys (dry_run) or attaches (run_checks), samples every check, and writes its full report
to ``.netdryrun/last-report.json`` beside the netdryrun.yml. ``mutant`` names a deliberate
fault for the kit's own tests (see server.py).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
from typing import Any

from netdryrun_lab import (
    MAX_TESTED,
    NEIGHBORS,
    ROUTES,
    SCHEMA_ID,
    VERDICTS,
    Config,
    LabFault,
    SimulatedLab,
    is_inside,
    lab_text,
    open_lab,
    read_small,
)

Sample = dict[str, Any]


def _cmd(lab: SimulatedLab, node: str, cmd: str) -> dict[str, Any]:
    rc, output = lab.exec(node, cmd)
    return {"cmd": cmd, "rc": rc, "output": output}


def _list(output: str) -> list[Any] | None:
    try:
        value = json.loads(output)
    except ValueError:
        return None
    return value if isinstance(value, list) else None


def _sample(usable: bool, passed: bool, detail: str, commands: list[dict[str, Any]]) -> Sample:
    return {"usable": usable, "passed": passed, "detail": detail, "commands": commands}


def _routes(lab: SimulatedLab, node: str) -> tuple[dict[str, Any], list[dict[str, Any]] | None, str]:
    c = _cmd(lab, node, ROUTES)
    if c["rc"] != 0:
        return c, None, f'"{ROUTES}" failed with rc {c["rc"]}: {c["output"]}'
    found = _list(c["output"])
    if found is None:
        return c, None, f'output of "{ROUTES}" is not a JSON list: {c["output"]}'
    return c, [r for r in found if isinstance(r, dict)], ""


def _route_present(lab: SimulatedLab, node: str, p: dict[str, Any]) -> Sample:
    c, routes, error = _routes(lab, node)
    if routes is None:
        return _sample(False, False, error, [c])
    same = [r for r in routes if r.get("prefix") == p.get("prefix")]
    for r in same:
        if (
            r.get("selected") is not False
            and ("protocol" not in p or r.get("protocol") == p["protocol"])
            and ("next_hop" not in p or r.get("next_hop") == p["next_hop"])
        ):
            return _sample(True, True, f"present via {r.get('protocol', 'unknown')}", [c])
    if not same:
        detail = "absent"
    elif same[0].get("selected") is False:
        detail = f"present via {same[0].get('protocol', 'unknown')} but not selected"
    else:
        seen = same[0]
        detail = f"present via {seen.get('protocol', 'unknown')} next-hop {seen.get('next_hop', 'none')}"
    return _sample(True, False, detail, [c])


def _route_absent(lab: SimulatedLab, node: str, p: dict[str, Any]) -> Sample:
    c, routes, error = _routes(lab, node)
    if routes is None:
        return _sample(False, False, error, [c])
    for r in routes:
        if (
            r.get("prefix") == p.get("prefix")
            and r.get("selected") is not False
            and ("protocol" not in p or r.get("protocol") == p["protocol"])
        ):
            return _sample(True, False, f"unexpectedly present via {r.get('protocol', 'unknown')}", [c])
    return _sample(True, True, "absent", [c])


def _bgp_neighbor_state(lab: SimulatedLab, node: str, p: dict[str, Any]) -> Sample:
    c = _cmd(lab, node, NEIGHBORS)
    if c["rc"] != 0:
        return _sample(False, False, f'"{NEIGHBORS}" failed with rc {c["rc"]}: {c["output"]}', [c])
    found = _list(c["output"])
    if found is None:
        return _sample(False, False, f'output of "{NEIGHBORS}" is not a JSON list: {c["output"]}', [c])
    if not found:
        return _sample(False, False, "no BGP neighbors at all", [c])
    want = p["state"] if isinstance(p.get("state"), str) else "Established"
    n = next((x for x in found if isinstance(x, dict) and x.get("neighbor") == p.get("neighbor")), None)
    if n is None:
        return _sample(True, False, "neighbor not configured", [c])
    if n.get("state") == want:
        return _sample(True, True, f"state {want}", [c])
    return _sample(True, False, f"state {n.get('state', 'unknown')}, expected {want}", [c])


def _command_output(lab: SimulatedLab, node: str, p: dict[str, Any]) -> Sample:
    c = _cmd(lab, node, str(p.get("command")))
    if c["rc"] != 0:
        return _sample(False, False, f"command failed with rc {c['rc']}: {c['output']}", [c])
    contains = str(p.get("contains"))
    if contains in c["output"]:
        return _sample(True, True, f'output contains "{contains}"', [c])
    return _sample(True, False, f'output lacks "{contains}": {c["output"]}', [c])


SAMPLERS = {
    "route_present": _route_present,
    "route_absent": _route_absent,
    "bgp_neighbor_state": _bgp_neighbor_state,
    "command_output": _command_output,
}


def tested_files(config: Config, root: str | None) -> dict[str, Any]:
    """sha256 of netdryrun.yml, the topology and the files it refers to (keys relative to the config)."""
    base = os.path.dirname(config.path)
    files: dict[str, str] = {}
    complete = True
    seen: set[str] = set()
    for p in [config.path, config.topology.path, *config.topology.files]:
        if p is None:
            complete = False
            continue
        path = os.path.abspath(p)
        if path in seen:
            continue
        seen.add(path)
        if len(seen) > MAX_TESTED or (root is not None and not is_inside(path, root)):
            complete = False
            continue
        try:
            files[os.path.relpath(path, base).replace("\\", "/")] = hashlib.sha256(read_small(path)).hexdigest()
        except OSError:
            complete = False
    return {"files": files, "complete": complete}


async def _run_check(lab: SimulatedLab, check: Any) -> dict[str, Any]:
    samples: list[Sample] = []
    for i in range(check.samples):
        if i > 0 and check.interval_s > 0:
            await asyncio.sleep(check.interval_s)
        s = SAMPLERS[check.type](lab, check.node, check.params)
        samples.append(s)
        if s["passed"]:
            break
    last = samples[-1]
    failed = next((c for c in last["commands"] if c["rc"] != 0), None)
    evidence = failed or (last["commands"][-1] if last["commands"] else None)
    return {
        "name": check.name,
        "node": check.node,
        "passed": last["passed"],
        "unready": all(not s["usable"] for s in samples),
        "detail": last["detail"],
        "evidence": evidence,
        "show": evidence["cmd"] if evidence else None,
        "samples": samples,
    }


class _Run:
    def __init__(self, config: Config, deploy: bool, root: str | None, mutant: str | None):
        self.config, self.mutant = config, mutant
        tested = {
            "config": config.path,
            "lab_deployed_by_this_run": True if mutant == "run-checks-deploys" else deploy,
            **tested_files(config, root),
        }
        if mutant == "wrong-hash" and tested["files"]:
            tested["files"][next(iter(tested["files"]))] = "0" * 64
        self.base = {"schema": SCHEMA_ID, "lab": config.topology.name, "tested": tested}

    def flat(self, text: str, limit: int) -> str:
        return text if self.mutant == "multiline-detail" else lab_text(text, limit)

    def write(self, result: dict[str, Any], outcomes: list[dict[str, Any]]) -> str | None:
        path = os.path.join(os.path.dirname(self.config.path), ".netdryrun", "last-report.json")
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "w", encoding="utf-8") as f:
                json.dump({**result, "schema": "netdryrun.report/v1", "samples": outcomes}, f, indent=2)
            return path
        except OSError:
            return None

    def ended(self, status: str, reason: str) -> dict[str, Any]:
        result: dict[str, Any] = {
            **self.base,
            "status": status,
            "passed": 0,
            "failed": 0,
            "error": self.flat(reason, 1000) if status == "error" else None,
            "inconclusive_reason": self.flat(reason, 1000) if status == "inconclusive" else None,
            "checks": [],
            "failures": [],
            "evidence_file": None,
            "verdict": VERDICTS["reject"] if status == "error" else VERDICTS["inconclusive"],
        }
        result["evidence_file"] = self.write(result, [])
        return result

    def failure(self, lab: SimulatedLab, o: dict[str, Any]) -> dict[str, Any]:
        e = o["evidence"]
        return {
            "check": self.flat(o["name"], 300),
            "node": o["node"],
            "reason": self.flat(o["detail"], 300),
            "evidence": {"cmd": self.flat(e["cmd"], 200), "rc": e["rc"], "excerpt": self.flat(e["output"], 200)}
            if e
            else None,
            "next_diagnostic": None
            if o["show"] is None
            else lab.diagnostic(o["node"], o["show"].removesuffix(" json")),
        }

    def finished(self, lab: SimulatedLab, outcomes: list[dict[str, Any]]) -> dict[str, Any]:
        failed = [o for o in outcomes if not o["passed"]]
        if outcomes and len(failed) == len(outcomes) and all(o["unready"] for o in outcomes):
            details = "; ".join(f"{o['name']}: {o['detail']}" for o in outcomes)
            return self.ended("inconclusive", f"no node gave usable state: {details}")
        status = "passed" if not failed else "failed"
        failures = [self.failure(lab, o) for o in failed]
        if self.mutant == "failures-out-of-order":
            failures.reverse()
        checks = []
        for o in outcomes:
            c = {"name": self.flat(o["name"], 300), "passed": o["passed"], "detail": self.flat(o["detail"], 300)}
            if not o["passed"] and o["unready"]:
                c["unready"] = True
            checks.append(c)
        passed_verdict = status == "passed" or self.mutant == "wrong-verdict"
        result: dict[str, Any] = {
            **self.base,
            "status": status,
            "passed": len(outcomes) - len(failed),
            "failed": len(failed),
            "error": None,
            "inconclusive_reason": None,
            "checks": checks,
            "failures": failures,
            "evidence_file": None,
            "verdict": VERDICTS["passed"] if passed_verdict else VERDICTS["reject"],
        }
        result["evidence_file"] = self.write(result, outcomes)
        return result


async def run_netdryrun(
    config: Config, *, deploy: bool, root: str | None = None, mutant: str | None = None
) -> dict[str, Any]:
    """Run a valid config on the simulated lab and build the run result."""
    run = _Run(config, deploy, root, mutant)
    try:
        lab = open_lab(config.topology, deploy)
    except LabFault as fault:
        return run.ended(fault.status, fault.reason)
    outcomes = []
    try:
        for check in config.checks:
            outcomes.append(await _run_check(lab, check))
    except Exception as error:  # a node that cannot be reached at all ends the run in error
        return run.ended("error", f'lab "{lab.name}" failed during the checks: {error}')
    return run.finished(lab, outcomes)
