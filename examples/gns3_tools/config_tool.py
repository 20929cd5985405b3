"""The reference ``execute_multiple_device_config_commands`` tool: GNS3 v3 + nornir + netmiko.

Called as the GNS3 Copilot agent calls it: ``tool.invoke({"tool_input": json.dumps(
{"project_id": ..., "device_configs": [{"device_name": ..., "config_commands": [...]}]})})``.
It finds the devices as the display tool does (``display_tool.py``), then applies each
device's lines in configuration mode with nornir-netmiko's ``netmiko_send_config`` (enable,
``configure terminal``, the lines, ``end``), every device at once. A line the device rejects
(``% Invalid input``) is in the output, as GNS3's own tool reports it; the device is not
failed for it. Returns the tool response format v1.0.
"""

from nornir.core.task import Task
from nornir_netmiko.tasks import netmiko_send_config

from display_tool import ExecuteMultipleDeviceCommands


class ExecuteMultipleDeviceConfigCommands(ExecuteMultipleDeviceCommands):
    """Apply configuration lines on several devices of a GNS3 project at once."""

    name: str = "execute_multiple_device_config_commands"
    description: str = (
        'Apply configuration commands on devices. Input: {"tool_input": "<JSON: {project_id, '
        'device_configs: [{device_name, config_commands: [str]}]}>"}'
    )
    commands_key: str = "config_commands"

    def task(self, task: Task, timeout: float) -> str:
        """Enter configuration mode, send every line (each echo checked), leave it."""
        lines = [line for text in task.host.data["commands"] for line in text.split("\n") if line.strip()]
        result = task.run(task=netmiko_send_config, config_commands=lines, read_timeout=timeout)
        return result.result
