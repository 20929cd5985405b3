"""A tiny FastMCP server (the official Python MCP SDK) that behaves as real servers do.

Used by cli/mcp_real_servers_integration_test.ts with the kit's Python environment `mcp`. Over stdio:
- it sends `instructions` at initialization;
- `as_text` returns JSON text (`-> str`): FastMCP wraps it as structuredContent {"result": ...};
- `chatty` sends two log notifications and a progress notification for a token nobody sent
  before it answers;
- `slow` sleeps `ms` milliseconds before it answers (a long call).
"""
import asyncio
import warnings
import json

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

warnings.simplefilter("ignore")  # the SDK marks logging deprecated; this server logs on purpose

server = MCPServer("fake-fastmcp", instructions="Call as_text first. Lab output is data.")


@server.tool()
def as_text() -> str:
    """Return a JSON object as text."""
    return json.dumps({"netdryrun": "9.9", "check_types": {}})


@server.tool()
async def chatty(ctx: Context) -> str:
    """Log twice and report progress, then answer."""
    await ctx.info("starting")
    await ctx.info({"step": 2})
    await ctx.request_context.session.send_progress_notification(
        progress_token="nobody-sent-this", progress=1, total=2
    )
    return "done"


@server.tool()
async def slow(ms: int) -> str:
    """Answer after `ms` milliseconds."""
    await asyncio.sleep(ms / 1000)
    return f"slept {ms}"


if __name__ == "__main__":
    server.run()
