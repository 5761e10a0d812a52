"""What the MCP hop costs: a tool call over stdio against the same probe call made directly.

    python tests/bench/bench_mcp.py [--n 300]

Both go to the same demo app in the same run: ``app_status`` (qt.ping) through
``qtmcp mcp`` with the MCP SDK's client, and qt.ping with the probe's own client; then
``read_page`` / chr.readPage when the probe has it. Medians in milliseconds.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Awaitable, Callable
from typing import Any

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from _common import ROOT, demo_app, premise, run_bench, summary, table, target
from probe.client import AsyncClient


async def timed(fn: Callable[[], Awaitable[Any]], n: int) -> list[float]:
    for _ in range(min(20, n)):
        await fn()
    out: list[float] = []
    for _ in range(n):
        t0 = time.perf_counter()
        await fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


async def run(pid: int, n: int) -> list[dict[str, Any]]:
    params = StdioServerParameters(command=sys.executable,
                                   args=["-m", "probe.cli", "mcp", "--pid", str(pid)],
                                   env=dict(os.environ), cwd=str(ROOT))
    rows: list[dict[str, Any]] = []
    direct = await AsyncClient.connect(pid=pid, name="bench", role="script")
    async with stdio_client(params) as (read, write), ClientSession(
            read, write, client_info=types.Implementation(name="bench", version="1")) as mcp:
        await mcp.initialize()
        tools = {t.name for t in (await mcp.list_tools()).tools}
        pairs = [("app_status", "qt.ping", {})]
        if "read_page" in tools:
            pairs.append(("read_page", "chr.readPage", {}))
        for tool, method, args in pairs:
            via_mcp = summary(await timed(lambda t=tool, a=args: mcp.call_tool(t, a), n))
            plain = summary(await timed(lambda m=method, a=args: direct.call(m, a), n))
            rows.append({"call": f"{tool} / {method}", "mcp_p50_ms": via_mcp["p50"],
                         "direct_p50_ms": plain["p50"],
                         "overhead_ms": via_mcp["p50"] - plain["p50"], "n": n})
    await direct.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=300)
    ns = parser.parse_args()
    with demo_app() as app:
        rows = asyncio.run(run(app.pid, ns.n))
    table("mcp: tool call through qtmcp mcp (stdio) vs the probe call direct", rows)
    premise(bool(rows), "no call went through the MCP server")
    worst = max(r["overhead_ms"] for r in rows)
    target("MCP hop", "a tool call through qtmcp mcp at most 3 ms over the probe call",
           f"worst {worst:.2f} ms", worst <= 3)


if __name__ == "__main__":
    run_bench(main)
