"""A reference Netdryrun MCP server in Python, on the official MCP SDK (``mcp``, MCPServer).

The same five tools and simulated lab as the kit's TypeScript reference server:

    .venv/mcp/bin/python examples/netdryrun_mcp_python/server.py --stdio
    .venv/mcp/bin/python examples/netdryrun_mcp_python/server.py --http 8787 [--host 127.0.0.1]

``--http 0`` picks a free port; in HTTP mode the first line on stdout is ``listening <url>``
and the endpoint is ``/mcp`` (Streamable HTTP, JSON responses), with DNS rebinding
protection: a request whose Host or Origin is not this machine's loopback is refused
(Origin: 403). Environment: NETDRYRUN_MCP_ROOT (refuse configs and topologies outside it),
NETCONFORM_MUTANT (a deliberate fault, for the kit's own tests; see MUTANTS).
"""

from __future__ import annotations

import json
import os
import socket
import sys
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import anyio  # noqa: E402
import yaml  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.transport_security import TransportSecuritySettings  # noqa: E402
from mcp.shared.exceptions import MCPError  # noqa: E402
from mcp_types import CallToolResult, TextContent  # noqa: E402
from netdryrun_lab import (  # noqa: E402
    CHECK_PARAMS,
    SCHEMA_ID,
    SERVER_VERSION,
    VERDICTS,
    ConfigError,
    LabFault,
    is_inside,
    load_config,
    open_lab,
    read_topology,
)
from netdryrun_run import run_netdryrun  # noqa: E402

# The TypeScript reference server's mutants this server has too (same names, same rules).
MUTANTS = {
    "missing-tool",
    "bad-input-schema",
    "text-disagrees",
    "is-error-flipped",
    "lab-on-setup-error",
    "wrong-hash",
    "run-checks-deploys",
    "multiline-detail",
    "failures-out-of-order",
    "wrong-verdict",
    "stdout-noise",
    "no-origin-check",
    "unknown-tool-result",
}
INVALID_PARAMS = -32602
CONFIG_ARG = {"type": "string", "minLength": 1, "description": "Path of the netdryrun.yml (or of its folder)"}
SCHEMAS: dict[str, tuple[str, dict[str, Any]]] = {
    "dry_run": (
        "Deploy the lab of a netdryrun.yml, run its checks, destroy the lab. Act on status and verdict only.",
        {"config": CONFIG_ARG, "keep_lab": {"type": "boolean", "description": "Keep the lab after the run"}},
    ),
    "run_checks": ("Run the checks of a netdryrun.yml on its lab, already running.", {"config": CONFIG_ARG}),
    "validate": ("Check a netdryrun.yml and its topology without starting a lab.", {"config": CONFIG_ARG}),
    "check_types": ("List the check types with their required and optional parameters.", {}),
    "record_baseline": (
        "Record the running lab's state as a netdryrun.yml draft (YAML text).",
        {
            "topology": {"type": "string", "minLength": 1, "description": "Path of the containerlab topology"},
            "nodes": {"type": "array", "items": {"type": "string"}, "description": "Only these nodes"},
        },
    ),
}


def input_schema(name: str, mutant: str | None) -> dict[str, Any]:
    """The tool's inputSchema, written as the TypeScript server writes it."""
    properties = SCHEMAS[name][1]
    if mutant == "bad-input-schema" and name == "validate":
        properties = {"config": {"type": "path"}}
    schema: dict[str, Any] = {"type": "object", "properties": properties}
    required = [p for p in ("config", "topology") if p in properties and p in SCHEMAS[name][1]]
    if required:
        schema["required"] = required
    schema["additionalProperties"] = False
    return schema


class NetdryrunTools:
    """The five tools, independent of the transport: each answers a CallToolResult."""

    def __init__(self, root: str | None, mutant: str | None):
        self.root, self.mutant = root, mutant
        self.cwd = root or os.getcwd()

    def json(self, value: dict[str, Any], is_error: bool) -> CallToolResult:
        text_value = value
        if self.mutant == "text-disagrees":
            text_value = dict(value)
            if "status" in text_value:
                text_value["status"] = "failed" if text_value["status"] == "passed" else "passed"
            else:
                text_value["netconform_mutant"] = True
        text = json.dumps(text_value, ensure_ascii=False, separators=(",", ":"))
        flagged = is_error != (self.mutant == "is-error-flipped")
        return CallToolResult(content=[TextContent(type="text", text=text)], structured_content=value, is_error=flagged)

    def path(self, arg: Any, what: str) -> str:
        if not isinstance(arg, str) or arg == "":
            raise ConfigError(f'argument "{what}" must be a path')
        return os.path.normpath(os.path.join(self.cwd, arg))

    def config_path(self, arg: Any) -> str:
        path = self.path(arg, "config")
        return os.path.join(path, "netdryrun.yml") if os.path.isdir(path) else path

    def outside(self, path: str) -> str | None:
        if self.root is not None and not is_inside(path, self.root):
            return f'"{path}" is outside NETDRYRUN_MCP_ROOT "{self.root}"'
        return None

    def setup_error(self, error: str) -> CallToolResult:
        return self.json({"schema": SCHEMA_ID, "status": "error", "error": error, "verdict": VERDICTS["reject"]}, True)

    async def run(self, config: Any, deploy: bool) -> CallToolResult:
        try:
            path = self.config_path(config)
        except ConfigError as error:
            return self.setup_error(str(error))
        refused = self.outside(path)
        if refused:
            return self.setup_error(refused)
        try:
            loaded = load_config(path)
        except ConfigError as error:
            if self.mutant != "lab-on-setup-error":
                return self.setup_error(str(error))
            return self.json(self.lab_anyway(path, deploy, str(error)), False)
        result = await run_netdryrun(loaded, deploy=deploy, root=self.root, mutant=self.mutant)
        return self.json(result, False)

    @staticmethod
    def lab_anyway(path: str, deploy: bool, error: str) -> dict[str, Any]:
        """Mutant: "runs" an invalid config anyway and reports a run result."""
        return {
            "schema": SCHEMA_ID,
            "status": "error",
            "passed": 0,
            "failed": 0,
            "error": f"lab deploy failed: {error}",
            "inconclusive_reason": None,
            "lab": os.path.basename(os.path.dirname(path)),
            "checks": [],
            "failures": [],
            "evidence_file": None,
            "verdict": VERDICTS["reject"],
            "tested": {"config": path, "lab_deployed_by_this_run": deploy, "files": {}, "complete": False},
        }

    async def validate(self, config: Any) -> CallToolResult:
        try:
            path = self.config_path(config)
            refused = self.outside(path)
            if refused:
                return self.json({"valid": False, "error": refused}, False)
            loaded = load_config(path)
        except ConfigError as error:
            return self.json({"valid": False, "error": str(error)}, False)
        checks = [c.name for c in loaded.checks]
        return self.json({"valid": True, "lab": loaded.topology.path, "checks": checks}, False)

    def check_types(self) -> CallToolResult:
        types = {n: {"required": list(r), "optional": list(o)} for n, (r, o) in CHECK_PARAMS.items()}
        return self.json({"netdryrun": SERVER_VERSION, "check_types": types}, False)

    def record_baseline(self, topology: Any, nodes: Any) -> CallToolResult:
        try:
            path = self.path(topology, "topology")
            refused = self.outside(path)
            if refused:
                return self.json({"error": refused}, True)
            topo = read_topology(path)
        except (ConfigError, OSError, UnicodeDecodeError) as error:
            return self.json({"error": f"cannot read the topology: {error}"}, True)
        only = {str(n) for n in nodes} if isinstance(nodes, list) else None
        checks: list[dict[str, Any]] = []
        try:
            lab = open_lab(topo, deploy=False)
        except LabFault:
            lab = None
        for node in topo.nodes if lab else []:
            if only is None or node in only:
                checks.extend(baseline_checks(lab, node))
        header = f'# Baseline of lab "{topo.name}" recorded by the reference Netdryrun server' + (
            "" if lab else " (the lab is not running: no state recorded)"
        )
        body = yaml.safe_dump({"lab": os.path.basename(path), "checks": checks}, sort_keys=False, allow_unicode=True)
        return CallToolResult(content=[TextContent(type="text", text=header + "\n" + body)])


def _parsed(rc: Any, output: str) -> list[dict[str, Any]]:
    try:
        value = json.loads(output) if rc == 0 else []
    except ValueError:
        return []
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def baseline_checks(lab: Any, node: str) -> list[dict[str, Any]]:
    """The checks that record a node's selected routes and BGP sessions as they are."""
    checks: list[dict[str, Any]] = []
    for r in _parsed(*lab.exec(node, "show ip route json")):
        if not isinstance(r.get("prefix"), str) or r.get("selected") is False:
            continue
        params = {"prefix": r["prefix"], **({"protocol": r["protocol"]} if isinstance(r.get("protocol"), str) else {})}
        checks.append({"name": f"{node} has {r['prefix']}", "node": node, "type": "route_present", "params": params})
    for n in _parsed(*lab.exec(node, "show bgp neighbors json")):
        if isinstance(n.get("neighbor"), str) and isinstance(n.get("state"), str):
            params = {"neighbor": n["neighbor"], "state": n["state"]}
            name = f"{node} BGP {n['neighbor']} {n['state']}"
            checks.append({"name": name, "node": node, "type": "bgp_neighbor_state", "params": params})
    return checks


class NetdryrunServer(MCPServer):
    """MCPServer whose call of a tool it does not offer is a protocol error (-32602).

    (MCPServer itself answers it with a tool result, isError true: the unknown-tool-result
    mutant keeps that.)
    """

    mutant: str | None = None

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        if self._tool_manager.get_tool(name) is None and self.mutant != "unknown-tool-result":
            raise MCPError(INVALID_PARAMS, f'Unknown tool "{name}"')
        return await super().call_tool(name, arguments, context)


def create_server(root: str | None, mutant: str | None) -> MCPServer:
    """The MCP server with the five tools (record_baseline left out by the missing-tool mutant)."""
    tools = NetdryrunTools(root, mutant)
    server = NetdryrunServer("netdryrun-reference-python", version=SERVER_VERSION, log_level="WARNING")
    server.mutant = mutant

    async def dry_run(config: str, keep_lab: bool = False) -> CallToolResult:
        return await tools.run(config, True)

    async def run_checks(config: str) -> CallToolResult:
        return await tools.run(config, False)

    async def validate(config: str) -> CallToolResult:
        return await tools.validate(config)

    def check_types() -> CallToolResult:
        return tools.check_types()

    def record_baseline(topology: str, nodes: list[str] | None = None) -> CallToolResult:
        return tools.record_baseline(topology, nodes)

    for fn in (dry_run, run_checks, validate, check_types, record_baseline):
        if mutant == "missing-tool" and fn.__name__ == "record_baseline":
            continue
        server.add_tool(fn, description=SCHEMAS[fn.__name__][0])
        # The advertised schema is the one the TypeScript server writes; the SDK's own model
        # of the signature still checks the arguments.
        server._tool_manager.get_tool(fn.__name__).parameters = input_schema(fn.__name__, mutant)
    return server


def security(mutant: str | None) -> TransportSecuritySettings:
    """DNS rebinding protection: only loopback Host and Origin values are accepted."""
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=mutant != "no-origin-check",
        allowed_hosts=["127.0.0.1:*", "localhost:*", "[::1]:*"],
        allowed_origins=["http://127.0.0.1:*", "http://localhost:*", "http://[::1]:*"],
    )


async def serve_http(server: MCPServer, host: str, port: int, mutant: str | None) -> None:
    """Serve Streamable HTTP at /mcp on a socket bound here, so that port 0 can be reported."""
    import uvicorn

    app = server.streamable_http_app(json_response=True, transport_security=security(mutant), host=host)
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(64)
    shown = f"[{host}]" if ":" in host else host
    print(f"listening http://{shown}:{sock.getsockname()[1]}/mcp", flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="on")
    await uvicorn.Server(config).serve(sockets=[sock])


def main(argv: list[str]) -> int:
    root = os.environ.get("NETDRYRUN_MCP_ROOT") or None
    mutant = os.environ.get("NETCONFORM_MUTANT") or None
    if mutant is not None and mutant not in MUTANTS:
        print(f'Unknown mutant "{mutant}"; known: {", ".join(sorted(MUTANTS))}', file=sys.stderr)
        return 2
    server = create_server(root, mutant)
    if "--http" in argv:
        at = argv.index("--http")
        port = argv[at + 1] if at + 1 < len(argv) else ""
        if not port.isdigit() or int(port) > 65535:
            print(f'Port "{port}" is not a port number', file=sys.stderr)
            return 2
        host = argv[argv.index("--host") + 1] if "--host" in argv else "127.0.0.1"
        anyio.run(serve_http, server, host, int(port), mutant)
        return 0
    if "--stdio" in argv:
        if mutant == "stdout-noise":
            print("netdryrun-mcp reference server ready", flush=True)
        anyio.run(server.run_stdio_async)
        return 0
    print("Usage: server.py --stdio | --http PORT [--host ADDR]", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
