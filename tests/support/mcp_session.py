"""A ``qtmcp mcp`` server spoken to by the MCP SDK's own client, from synchronous tests."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

#: The repository (the server runs from it); not taken from tests.support.app, whose import
#: makes the whole process offscreen (render_inspector draws on a real X server).
ROOT = Path(__file__).resolve().parents[2]

T = TypeVar("T")
AGENT = "pytest-agent"


class McpSession:
    """A ``qtmcp mcp`` subprocess and an SDK ClientSession to it, usable from sync tests."""

    def __init__(self, *args: str, name: str = AGENT, url: str | None = None) -> None:
        self.url = url
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self._ready: asyncio.Future[ClientSession] = self.loop.create_future()
        #: What the server said at initialize (its instructions, which an agent reads).
        self.initialized: types.InitializeResult | None = None
        self._stop = asyncio.Event()
        # the SDK's contexts are entered and left in this one task (anyio's rule)
        self._task = asyncio.run_coroutine_threadsafe(self._hold(list(args), name), self.loop)
        self.session = self._run(self._wait_ready())

    def _run(self, coro: Coroutine[Any, Any, T], timeout: float = 90) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    async def _wait_ready(self) -> ClientSession:
        return await self._ready

    async def _hold(self, args: list[str], name: str) -> None:
        params = StdioServerParameters(command=sys.executable,
                                       args=["-m", "probe.cli", "mcp", *args],
                                       env=dict(os.environ), cwd=str(ROOT))
        transport = (streamable_http_client(self.url) if self.url else stdio_client(params))
        try:
            async with transport as (read, write), ClientSession(
                    read, write, client_info=types.Implementation(name=name, version="1")
            ) as session:
                self.initialized = await session.initialize()
                self._ready.set_result(session)
                await self._stop.wait()
        except BaseException as exc:
            if not self._ready.done():
                self._ready.set_exception(exc)
            raise

    def tools(self) -> dict[str, types.Tool]:
        return {t.name: t for t in self._run(self.session.list_tools()).tools}

    def call(self, name: str, args: dict[str, Any] | None = None) -> types.CallToolResult:
        return self._run(self.session.call_tool(name, args or {}))

    def text(self, name: str, args: dict[str, Any] | None = None) -> str:
        """Call a tool that must succeed; return its text content."""
        result = self.call(name, args)
        text = "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))
        assert not result.is_error, f"{name}({args}) failed: {text}"
        return text

    def close(self) -> None:
        try:
            self.loop.call_soon_threadsafe(self._stop.set)
            self._task.result(30)
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self.thread.join(5)
