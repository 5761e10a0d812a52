"""What an agent pays through MCP: calls and characters per task, the tool list per set.

    python tests/bench/bench_agent.py [--n 15]

An agent through ``qtmcp mcp`` (stdio, the MCP SDK's client) does two tasks on the demo
app, each the way this version allows and the way it took before change reports (every
action answered without them, ``report_changes: false``, and the page read again):

- form: fill four fields and submit (read_page, fill_form, click vs read_page, four
  form_input, click, read_page);
- dialog: open the About dialog and close it (read_page, click About, click OK vs
  read_page, click About, read_page of the dialog, click OK, read_page).

Then the characters of the tool list for each capability set (``--caps``), and what a
change report costs: chr.formInput with and without it on the demo form and on a window
of 2,000 form controls (medians in ms, ratio in the same run).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import mcp_types as types
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from _common import ROOT, demo_app, load, run_bench, summary, table, target, timed
from probe.client import Client
from probe.mcp import tools as mcp_tools

# isort: split
from tests.support.chrome import ref_in as _ref  # the repo is on the path once _common is in

CAP_SETS = ["chrome", *[c for c in mcp_tools.CAP_SETS if c != "chrome"], "all"]


class Agent:
    """One MCP session; counts calls and characters per call."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.sizes: list[int] = []

    async def call(self, tool: str, args: dict[str, Any]) -> str:
        result = await self.session.call_tool(tool, args)
        text = "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))
        if result.is_error:
            raise AssertionError(f"{tool}({args}): {text}")
        self.sizes.append(len(text))
        return text


@contextmanager
def _reset(pid: int) -> Iterator[None]:
    with Client.connect(pid=pid, name="bench-reset", role="script") as qt:
        qt.call("chr.navigate", {"url": "Form"})
        qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})
    yield


async def form_task(a: Agent, reports: bool) -> str:
    page = await a.call("read_page", {"filter": "interactive"})
    fields = [(_ref(page, "textbox", '"Name"'), "Ada"), (_ref(page, '"Age"'), 36),
              (_ref(page, '"Country"'), "Japan"), (_ref(page, "I accept the terms"), True)]
    submit = {"action": "left_click", "ref": _ref(page, '"Submit"')}
    if reports:
        await a.call("fill_form", {"fields": [{"ref": r, "value": v} for r, v in fields]})
        return await a.call("computer", submit)
    for ref, value in fields:
        await a.call("form_input", {"ref": ref, "value": value, "report_changes": False})
    await a.call("computer", {**submit, "report_changes": False})
    return await a.call("read_page", {"filter": "interactive"})


async def dialog_task(a: Agent, reports: bool) -> str:
    page = await a.call("read_page", {"filter": "interactive"})
    about = {"action": "left_click", "ref": _ref(page, '"About"')}
    if reports:
        opened = await a.call("computer", about)
        return await a.call("computer", {"action": "left_click",
                                         "ref": _ref(opened, 'button "OK"')})
    await a.call("computer", {**about, "report_changes": False})
    dialog = await a.call("read_page", {"filter": "interactive"})
    await a.call("computer", {"action": "left_click", "ref": _ref(dialog, '"OK"'),
                              "report_changes": False})
    return await a.call("read_page", {"filter": "interactive"})


async def mcp_session(pid: int, caps: str) -> tuple[Any, Any]:
    params = StdioServerParameters(
        command=sys.executable, args=["-m", "probe.cli", "mcp", "--pid", str(pid), "--caps",
                                      caps], env=dict(os.environ), cwd=str(ROOT))
    return params, types.Implementation(name="bench-agent", version="1")


async def run_tasks(pid: int) -> list[dict[str, Any]]:
    params, info = await mcp_session(pid, "chrome")
    rows = []
    async with stdio_client(params) as (read, write), ClientSession(
            read, write, client_info=info) as session:
        await session.initialize()
        for name, task in (("form: fill 4 fields, submit", form_task),
                           ("dialog: open About, close it", dialog_task)):
            for reports in (False, True):
                agent = Agent(session)
                with _reset(pid):
                    last = await task(agent, reports)
                rows.append({"task": name, "how": "change reports" if reports else
                             "before (read again)", "calls": len(agent.sizes),
                             "chars_per_call": " ".join(map(str, agent.sizes)),
                             "total_chars": sum(agent.sizes), "last_result": len(last)})
    return rows


async def tool_lists(pid: int) -> list[dict[str, Any]]:
    rows = []
    for caps in CAP_SETS:
        params, info = await mcp_session(pid, caps)
        async with stdio_client(params) as (read, write), ClientSession(
                read, write, client_info=info) as session:
            await session.initialize()
            tools = (await session.list_tools()).tools
            rows.append({"caps": caps, "tools": len(tools),
                         "tool_list_chars": mcp_tools.tool_list_chars(tools)})
    return rows


def report_cost(pid: int, n: int, label: str) -> dict[str, Any]:
    """chr.formInput on the first text field, with and without the change report
    (interleaved, so load on the machine hits both alike), next to a chr.readPage of the
    same window; how the reports read the window (``changesRead``: part or whole)."""
    with Client.connect(pid=pid, name="bench-report", role="script") as qt:
        page = qt.call("chr.readPage", {"filter": "interactive", "max_chars": 200_000})
        ref = _ref(page["text"], "textbox")
        values = iter(range(10**6))
        reads: list[str] = []

        def call(report: bool) -> None:
            out = qt.call_envelope("chr.formInput", {"ref": ref, "value": f"v{next(values)}",
                                                     "report_changes": report})
            if report:
                reads.append(out["meta"].get("changesRead", ""))
                assert out["result"]["changes"].startswith("~ textbox"), out["result"]

        for _ in range(3):
            call(False)
            call(True)
        reads.clear()
        off: list[float] = []
        on: list[float] = []
        for _ in range(n):
            off += timed(lambda: call(False), 1)
            on += timed(lambda: call(True), 1)
        whole = summary(timed(lambda: qt.call("chr.readPage", {"max_chars": 200_000}), 5))
    return {"window": label, "form_input_ms": statistics.median(off),
            "with_report_ms": statistics.median(on),
            "ratio": statistics.median(on) / statistics.median(off),
            "read_page_ms": whole["p50"],
            "read_in_part": f"{reads.count('part')}/{len(reads)}", "n": n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=15)
    ns = parser.parse_args()
    with demo_app() as app:
        tasks = asyncio.run(run_tasks(app.pid))
        lists = asyncio.run(tool_lists(app.pid))
        costs = [report_cost(app.pid, ns.n, "demo form (35 elements)")]
    with demo_app("--bench-form", "2000") as big:
        costs.append(report_cost(big.pid, ns.n, "2,000 form controls"))
    table("agent tasks through MCP: calls and characters returned per call", tasks)
    table("MCP tool list per capability set (qtmcp mcp --caps)", lists)
    table(f"what a change report costs: chr.formInput with and without it (ms; load "
          f"{load()})", costs)
    big_cost = costs[-1]
    target("change report, 2,000 form controls", "chr.formInput with its report <= 2x the "
           "action alone", f"{big_cost['with_report_ms']:.1f} ms vs "
           f"{big_cost['form_input_ms']:.1f} ms = {big_cost['ratio']:.2f}x; read in part "
           f"{big_cost['read_in_part']}", big_cost["ratio"] <= 2,
           f"a whole chr.readPage of that window: {big_cost['read_page_ms']:.0f} ms")
    form = next(r for r in tasks if r["task"].startswith("form") and r["how"] ==
                "change reports")
    target("agent task: fill four fields and submit, through MCP",
           "3 tool calls; last result <= 1,500 chars",
           f"{form['calls']} calls; last result {form['last_result']} chars",
           form["calls"] <= 3 and form["last_result"] <= 1500)
    default = lists[0]["tool_list_chars"]
    target("MCP tool list, default capability set", "<= 12,000 chars of tool JSON",
           f"{default:,} chars ({lists[0]['tools']} tools)", default <= 12_000)


if __name__ == "__main__":
    run_bench(main)
