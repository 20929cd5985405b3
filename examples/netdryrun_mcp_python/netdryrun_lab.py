"""The simulated lab behaviour of the kit's reference Netdryrun server, in Python.

The same netdryrun.yml format, containerlab topology subset, check types, simulated lab
(``lab-state.json`` beside the topology) and run result as the TypeScript reference server
(``conformance/netdryrun_mcp/reference_server/``); documented in docs/netdryrun-server.md.
Nothing here knows MCP: ``server.py`` puts it behind the official ``mcp`` SDK.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from typing import Any

import yaml

SCHEMA_ID = "netdryrun.mcp-result/v1"
SERVER_VERSION = "0.1.0-reference-python"
VERDICTS = {
    "passed": "CHECKS PASSED (only what the checks cover)",
    "reject": "DO NOT APPLY THIS CHANGE",
    "inconclusive": "INCONCLUSIVE: the lab did not reach a testable state; this says nothing about"
    " your change. Do not apply it until a run passes.",
}
MAX_FILE_BYTES = 1024 * 1024
MAX_TESTED = 200
LAB_STATE_FILE = "lab-state.json"
ROUTES = "show ip route json"
NEIGHBORS = "show bgp neighbors json"
CHECK_KEYS = {"name", "node", "type", "params", "samples", "interval_s"}
CLI = {"frr": "vtysh -c", "arista_ceos": "Cli -p 15 -c", "nokia_srlinux": "sr_cli", "linux": "sh -c"}
CHECK_PARAMS = {
    "route_present": (["prefix"], ["protocol", "next_hop"]),
    "route_absent": (["prefix"], ["protocol"]),
    "bgp_neighbor_state": (["neighbor"], ["state"]),
    "command_output": (["command", "contains"], []),
}
# Every line break of the schema's reading, other control characters and lone surrogates.
_BREAKS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


class ConfigError(Exception):
    """Why a netdryrun.yml is not valid (the setup error and validate's error)."""


def lab_text(text: str, limit: int) -> str:
    """Flatten text that can quote lab output to one line of at most ``limit`` code points."""
    one = re.sub(" {2,}", " ", _BREAKS.sub(" ", text)).strip()
    return one if len(one) <= limit else one[: limit - 1] + "\u2026"


def realish(path: str) -> str:
    """The real path of ``path``, through symlinks, even when its tail does not exist."""
    return os.path.realpath(os.path.abspath(path))


def is_inside(path: str, root: str) -> bool:
    """Whether ``path`` is ``root`` or inside it, both resolved through symlinks."""
    p, r = realish(path), realish(root)
    return p == r or p.startswith(r.rstrip(os.sep) + os.sep)


def read_small(path: str) -> bytes:
    """Read a regular file of at most MAX_FILE_BYTES."""
    if not os.path.isfile(path):
        if not os.path.exists(path):
            raise FileNotFoundError(f'"{path}" does not exist')
        raise OSError(f'"{path}" is not a file')
    if os.path.getsize(path) > MAX_FILE_BYTES:
        raise OSError(f'"{path}" is over {MAX_FILE_BYTES} bytes')
    with open(path, "rb") as f:
        return f.read(MAX_FILE_BYTES + 1)


def read_yaml(path: str, what: str) -> Any:
    """Parse a small UTF-8 YAML file (safe loader: data only)."""
    text = read_small(path).decode("utf-8")
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f'{what} "{path}" is not YAML: {str(error).splitlines()[0]}') from None


@dataclass
class Topology:
    """The subset of a containerlab topology the server needs."""

    path: str
    name: str
    nodes: dict[str, dict[str, Any]]
    files: list[str | None] = field(default_factory=list)


def _ref(written: str, base: str) -> str | None:
    if re.match(r"^~|^[a-z]+://", written, re.I) or "${" in written:
        return None  # containerlab resolves it
    return os.path.normpath(os.path.join(base, written))


def read_topology(path: str) -> Topology:
    """Read and check a topology: its name, nodes and the files it refers to."""
    try:
        doc = read_yaml(path, "topology")
    except ConfigError as error:
        raise OSError(str(error)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str) or doc["name"] == "":
        raise OSError(f'topology "{path}" has no lab name')
    topo = doc.get("topology")
    if not isinstance(topo, dict) or not isinstance(topo.get("nodes"), dict) or not topo["nodes"]:
        raise OSError(f'topology "{path}" has no nodes')
    base = os.path.dirname(path)
    files: list[str | None] = []

    def collect(spec: dict[str, Any]) -> None:
        for key in ("startup-config", "license"):
            if isinstance(spec.get(key), str):
                files.append(_ref(spec[key], base))
        binds = spec.get("binds")
        for b in binds if isinstance(binds, list) else []:
            if isinstance(b, str):
                files.append(_ref(b.split(":")[0], base))
        env_files = spec.get("env-files")
        for e in env_files if isinstance(env_files, list) else []:
            if isinstance(e, str):
                files.append(_ref(e, base))

    kinds = topo.get("kinds") if isinstance(topo.get("kinds"), dict) else {}
    for spec in kinds.values():
        if isinstance(spec, dict):
            collect(spec)
    nodes: dict[str, dict[str, Any]] = {}
    for name, spec in topo["nodes"].items():
        node = spec if isinstance(spec, dict) else {}
        nodes[str(name)] = {**node, "kind": node.get("kind") if isinstance(node.get("kind"), str) else "linux"}
        collect(node)
    return Topology(path=path, name=doc["name"], nodes=nodes, files=files)


@dataclass
class Check:
    """One check of a netdryrun.yml."""

    name: str
    node: str
    type: str
    params: dict[str, Any]
    samples: int
    interval_s: float


@dataclass
class Config:
    """A valid netdryrun.yml with its topology read."""

    path: str
    topology: Topology
    checks: list[Check]


def _check(raw: Any, i: int, names: set[str], topology: Topology) -> Check:
    where = f"checks[{i}]"
    if not isinstance(raw, dict):
        raise ConfigError(f"{where} is not a mapping")
    for key in raw:
        if key not in CHECK_KEYS:
            raise ConfigError(f'{where} has unknown key "{key}"')
    name, node, kind = raw.get("name"), raw.get("node"), raw.get("type")
    if not isinstance(name, str) or name == "":
        raise ConfigError(f"{where} has no name")
    if name in names:
        raise ConfigError(f'check name "{name}" is used twice')
    names.add(name)
    if not isinstance(node, str) or node not in topology.nodes:
        raise ConfigError(f'check "{name}": node "{node}" is not in the topology')
    if not isinstance(kind, str) or kind not in CHECK_PARAMS:
        raise ConfigError(f'check "{name}": unknown type "{kind}"')
    params = raw.get("params", {}) if raw.get("params") is not None else {}
    if not isinstance(params, dict):
        raise ConfigError(f'check "{name}": "params" is not a mapping')
    required, optional = CHECK_PARAMS[kind]
    for p in required:
        if p not in params:
            raise ConfigError(f'check "{name}": missing parameter "{p}"')
    for p in params:
        if p not in required and p not in optional:
            raise ConfigError(f'check "{name}": unknown parameter "{p}" for type "{kind}"')
    samples = raw.get("samples", 1)
    if isinstance(samples, bool) or not isinstance(samples, int) or not 1 <= samples <= 10:
        raise ConfigError(f'check "{name}": "samples" must be an integer from 1 to 10')
    interval = raw.get("interval_s", 0)
    if isinstance(interval, bool) or not isinstance(interval, (int, float)) or not 0 <= interval <= 60:
        raise ConfigError(f'check "{name}": "interval_s" must be a number from 0 to 60')
    return Check(name, node, kind, params, samples, float(interval))


def load_config(path: str) -> Config:
    """Read and validate a netdryrun.yml, its topology included; raise ConfigError."""
    try:
        doc = read_yaml(path, "netdryrun.yml")
    except FileNotFoundError:
        raise ConfigError(f'netdryrun.yml "{path}" does not exist') from None
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f'netdryrun.yml "{path}" cannot be read: {error}') from None
    if not isinstance(doc, dict):
        raise ConfigError(f'"{path}" is not a mapping')
    for key in doc:
        if key not in ("lab", "checks"):
            raise ConfigError(f'unknown key "{key}"')
    lab = doc.get("lab")
    if not isinstance(lab, str) or lab == "":
        raise ConfigError('"lab" must name the containerlab topology file')
    try:
        topology = read_topology(os.path.normpath(os.path.join(os.path.dirname(path), lab)))
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(f'lab "{lab}": {error}') from None
    raw = doc.get("checks")
    if not isinstance(raw, list) or not raw:
        raise ConfigError('"checks" must be a non-empty list')
    names: set[str] = set()
    return Config(path, topology, [_check(c, i, names, topology) for i, c in enumerate(raw)])


class LabFault(Exception):
    """The lab could not be brought to a testable state (status error or inconclusive)."""

    def __init__(self, status: str, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


class SimulatedLab:
    """A lab that is up, answered from lab-state.json."""

    def __init__(self, topology: Topology, state: dict[str, Any]):
        self.topology = topology
        self.name = topology.name
        nodes = state.get("nodes")
        self.nodes: dict[str, Any] = nodes if isinstance(nodes, dict) else {}

    def exec(self, node: str, command: str) -> tuple[int | None, str]:
        """Run one read-only command on a node: (rc, output)."""
        s = self.nodes.get(node)
        if not isinstance(s, dict) or s.get("down"):
            return 1, f"Error: No such container: clab-{self.name}-{node}"
        commands = s.get("commands") if isinstance(s.get("commands"), dict) else {}
        given = commands.get(command)
        if isinstance(given, dict):
            rc = given.get("rc", 0)
            return rc, str(given.get("output", ""))
        if command == ROUTES:
            return 0, json.dumps(s.get("routes") or [], separators=(",", ":"))
        if command == NEIGHBORS:
            return 0, json.dumps(s.get("bgp") or [], separators=(",", ":"))
        return 127, f"unknown command: {command}"

    def diagnostic(self, node: str, command: str) -> str | None:
        """The command an agent can run to see the same state, or None."""
        cli = CLI.get(self.topology.nodes.get(node, {}).get("kind", ""))
        quoted = "'" + command.replace("'", "'\"'\"'") + "'"
        return f"docker exec clab-{self.name}-{node} {cli} {quoted}" if cli else None


def _read_state(topology: Topology) -> dict[str, Any]:
    path = os.path.join(os.path.dirname(topology.path), LAB_STATE_FILE)
    try:
        text = read_small(path).decode("utf-8")
    except FileNotFoundError:
        raise LabFault("error", f'lab "{topology.name}" is not running (no {LAB_STATE_FILE})') from None
    except (OSError, UnicodeDecodeError) as error:
        raise LabFault("error", f'cannot read "{path}": {error}') from None
    try:
        value = json.loads(text)
    except ValueError as error:
        raise LabFault("error", f'"{path}" is not a lab state: {error}') from None
    if not isinstance(value, dict):
        raise LabFault("error", f'"{path}" is not a lab state: not an object')
    return value


def open_lab(topology: Topology, deploy: bool) -> SimulatedLab:
    """Deploy (dry_run) or attach to (run_checks) the simulated lab; raise LabFault."""
    state = _read_state(topology)
    if not deploy and state.get("running") is False:
        raise LabFault("error", f'lab "{topology.name}" is not running')
    d = state.get("deploy") if isinstance(state.get("deploy"), dict) else {}
    status = d.get("status", "ok")
    if status in ("error", "inconclusive"):
        default = f"deploy ended in {status}" if deploy else f"lab is in state {status}"
        raise LabFault(status, str(d.get("reason", default)))
    return SimulatedLab(topology, state)
