"""The reference ``execute_vpcs_commands`` tool: GNS3 v3 REST API + netmiko alone.

Called as the GNS3 Copilot agent calls it: ``tool.invoke({"tool_input": json.dumps(
{"project_id": ..., "device_configs": [{"device_name": ..., "commands": [...]}]})})``. It
finds the VPCS nodes as the display tool does (``display_tool.py``), then opens each one's
telnet console with netmiko (``generic_telnet``: VPCS has no login, no enable and no paging)
in a thread of its own, sends each command and reads up to the ``PC<n>>`` prompt. Returns the
tool response format v1.0.
"""

from concurrent.futures import ThreadPoolExecutor
from typing import Any, Dict, List, Optional, Tuple

from netmiko import ConnectHandler

from display_tool import ExecuteMultipleDeviceCommands, describe

_PROMPT = r"PC\d+>"


def _run_vpcs(host: str, port: Any, commands: List[str], timeout: float) -> str:
    connection = ConnectHandler(device_type="generic_telnet", host=host, port=port,
                                conn_timeout=5, fast_cli=True)
    try:
        return "\n".join(
            connection.send_command(c, expect_string=_PROMPT, read_timeout=timeout)
            for c in commands
        )
    finally:
        connection.disconnect()


class VPCSCommands(ExecuteMultipleDeviceCommands):
    """Run commands on several VPCS nodes of a GNS3 project at once."""

    name: str = "execute_vpcs_commands"
    description: str = (
        'Run commands on VPCS nodes. Input: {"tool_input": "<JSON: {project_id, '
        'device_configs: [{device_name, commands: [str]}]}>"}'
    )

    def consoles(self, matched, configs, console_host: str, timeout: float) -> Dict[int, Tuple[bool, str]]:
        """Run each matched node's commands over its console, a thread a node."""
        jobs = {i: node for i, node in enumerate(matched)
                if node is not None and configs[i].get(self.commands_key)}
        if not jobs:
            return {}
        with ThreadPoolExecutor(max_workers=min(10, len(jobs))) as pool:
            futures = {i: pool.submit(_run_vpcs, console_host, node.get("console"),
                                      [str(c) for c in configs[i][self.commands_key]], timeout)
                       for i, node in jobs.items()}
            return {i: self.vpcs_outcome(f, timeout) for i, f in futures.items()}

    def vpcs_outcome(self, future: Any, timeout: float) -> Tuple[bool, str]:
        """(answered, output or error) of one node's thread."""
        try:
            return True, future.result()
        except Exception as exc:  # netmiko raises many kinds: each is the device's failure
            return False, describe(exc, timeout)
