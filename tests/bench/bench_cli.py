"""What an agent receives through MCP and through the agent CLI, for the same tasks.

    python tests/bench/bench_cli.py [--no-realapps]

Three tasks, each done both ways with the same tool calls (one ``qtmcp`` command per MCP
tool call, refs taken from the answers as an agent takes them), on our demo apps and on
third-party apps from PyPI:

- form: fill and submit a form (the demo's four fields and Submit; a new transaction in
  ferrous-cat-finance, through its dialog);
- file: open a file through the file dialog and change it (jwrite: open, type, save; the
  dialogs demo has no editor, so there the task only opens the file);
- toggle: find a control and toggle it (the demo's newsletter check box; finance's
  "Sort by Vendor?" on its Search/Report page).

Characters an agent receives: through MCP the tool list (tools/list JSON, default tool
set) and each answer's text; through the CLI the skill (``qtmcp skill``) and what each
command printed (stdout and stderr). The MCP server's instructions (sent at initialize)
are counted apart. Every run is checked in the app: the values it holds, the file on
disk, the database row, the box's state. Then what one call costs in time each way.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import mcp_types as types

from _common import demo_app, run_bench, table, target
from probe.client import Client
from probe.mcp import tools as mcp_tools
from probe.wire.chr_page import Found
from probe.wire.qt_properties import PropertyValue

# isort: split
from tests.support.agentcli import Cli, runtime_with  # the repo is on the path once _common is in
from tests.support.app import DemoApp, start_demo, wait_until
from tests.support.chrome import ref_in
from tests.support.mcp_session import McpSession
from tests.support.realapp import RealApp, wait_for_window

Say = Callable[[str, dict[str, Any], tuple[str, ...]], str]


@dataclass
class Way:
    """One way of calling (MCP or the CLI): counts calls and characters."""

    name: str
    call: Callable[[str, dict[str, Any], tuple[str, ...]], str]
    sizes: list[int] = field(default_factory=list)

    def say(self, tool: str, args: dict[str, Any], words: tuple[str, ...]) -> str:
        text = self.call(tool, args, words)
        self.sizes.append(len(text))
        return text


def by_mcp(mcp: McpSession) -> Way:
    def call(tool: str, args: dict[str, Any], words: tuple[str, ...]) -> str:
        result = mcp.call(tool, args)
        text = "\n".join(c.text for c in result.content if isinstance(c, types.TextContent))
        if result.is_error:
            raise AssertionError(f"{tool}({args}): {text}")
        return text
    return Way("mcp", call)


def by_cli(cli: Cli) -> Way:
    def call(tool: str, args: dict[str, Any], words: tuple[str, ...]) -> str:
        run = cli.run(*words)
        if run.code != 0:
            raise AssertionError(str(run))
        return run.out + run.err  # all the agent reads
    return Way("cli", call)


# ------------------------------------------------------------------------ tasks


def found_ref(found: str, name: str) -> str:
    """The ref of the match named ``name`` in a find answer (its text is JSON)."""
    matches = json.loads(found.splitlines()[0])["matches"]
    return next(m["ref"] for m in matches if name in m["name"])


def demo_form(say: Say, who: str) -> None:
    page = say("read_page", {"filter": "interactive"}, ("page", "--filter", "interactive"))
    fields = [{"ref": ref_in(page, 'textbox "Name"'), "value": "Ada"},
              {"ref": ref_in(page, '"Age"'), "value": "36"},
              {"ref": ref_in(page, '"Country"'), "value": "Japan"},
              {"ref": ref_in(page, "I accept the terms"), "value": "true"}]
    submit = ref_in(page, 'button "Submit"')
    say("fill_form", {"fields": fields}, ("fill", "--json", json.dumps(fields)))
    say("computer", {"action": "left_click", "ref": submit}, ("click", submit))


def demo_toggle(say: Say, who: str) -> None:
    found = say("find", {"query": "newsletter"}, ("find", "newsletter"))
    box = found_ref(found, "Subscribe")
    say("computer", {"action": "left_click", "ref": box}, ("click", box))


def open_only(path: Path) -> Callable[[Say, str], None]:
    def task(say: Say, who: str) -> None:
        say("navigate", {"url": "File > Open…"}, ("navigate", "File > Open…"))
        say("file_upload", {"paths": [str(path)]}, ("upload", str(path)))
    return task


def open_and_change(path: Path) -> Callable[[Say, str], None]:
    def task(say: Say, who: str) -> None:
        say("navigate", {"url": "File > Open"}, ("navigate", "File > Open"))
        say("file_upload", {"paths": [str(path)]}, ("upload", str(path)))
        say("computer", {"action": "type", "text": "Dear Ada, "}, ("type", "Dear Ada, "))
        say("navigate", {"url": "File > Save"}, ("navigate", "File > Save"))
    return task


def finance_form(say: Say, who: str) -> None:
    found = say("find", {"query": "create new transaction"},
                ("find", "create new transaction"))
    create = found_ref(found, "Create New Transaction")
    opened = say("computer", {"action": "left_click", "ref": create}, ("click", create))
    tab = re.search(r"\[tab_id (#\d+)\]", opened)
    assert tab, opened
    dialog = say("read_page", {"filter": "interactive", "tab_id": tab.group(1)},
                 ("page", "--filter", "interactive", "--tab", tab.group(1)))
    fields = [{"ref": ref_in(dialog, 'textbox "Name"'), "value": f"Paid by {who}"},
              {"ref": ref_in(dialog, 'textbox "Expense"'), "value": "12.50"}]
    say("fill_form", {"fields": fields}, ("fill", "--json", json.dumps(fields)))
    confirm = ref_in(dialog, 'button "Confirm"')
    say("computer", {"action": "left_click", "ref": confirm}, ("click", confirm))


def finance_toggle(say: Say, who: str) -> None:
    found = say("find", {"query": "Search/Report"}, ("find", "Search/Report"))
    page = found_ref(found, "Search/Report")
    shown = say("computer", {"action": "left_click", "ref": page}, ("click", page))
    box = ref_in(shown, "Sort by Vendor")
    say("computer", {"action": "left_click", "ref": box}, ("click", box))


# ------------------------------------------------------------------------ apps


@dataclass
class Case:
    """One task on one app: how to put the app back, run the task, check what it did."""

    app: str
    task: str
    run: Callable[[Say, str], None]
    reset: Callable[[], None]
    check: Callable[[str], None]


def _prop(qt: Client, obj: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": obj, "name": name},
                   result=PropertyValue)["value"]


def demo_cases(app: DemoApp) -> list[Case]:
    qt = app.client(name="bench-check", role="script")

    def reset() -> None:
        qt.call("chr.navigate", {"url": "Form"})
        qt.call("qt.methods.invoke", {"objectId": "mainWindow", "method": "resetForm"})

    def submitted(who: str) -> None:
        assert _prop(qt, "statusLabel", "text") == "Submitted: Ada"
        assert _prop(qt, "ageSpin", "value") == 36 and _prop(qt, "termsCheck", "checked")

    def toggled(who: str) -> None:
        assert _prop(qt, "newsletterCheck", "checked") is True  # reset leaves it off

    return [Case("demo", "form", demo_form, reset, submitted),
            Case("demo", "toggle", demo_toggle, reset, toggled)]


def dialogs_cases(app: DemoApp, path: Path) -> list[Case]:
    qt = app.client(name="bench-check", role="script")

    def opened(who: str) -> None:
        wait_until(lambda: _prop(qt, "statusLabel", "text") == f"Opened: {path}",
                   what="the app's code after the dialog")

    return [Case("dialogs demo", "file (open only)", open_only(path),
                 lambda: app.command("dismiss"), opened)]


def jwrite_cases(path: Path) -> list[Case]:
    def reset() -> None:
        path.write_text("first line\n")

    def changed(who: str) -> None:
        wait_until(lambda: path.read_text() == "Dear Ada, first line\n", what="the file saved")

    return [Case("jwrite", "file", open_and_change(path), reset, changed)]


def finance_cases(app: RealApp, db: Path) -> list[Case]:
    qt = app.client(name="bench-check", role="script")

    def button(name: str) -> str:
        """The ref of the app's button ``name`` (as a user finds it)."""
        found = qt.call("chr.find", {"query": name}, result=Found)["matches"]
        return next(m["ref"] for m in found if m["role"] == "button" and m["name"] == name)

    def home() -> None:
        qt.call("chr.click", {"ref": button("Transactions")})

    def paid(who: str) -> None:
        with sqlite3.connect(db) as con:
            rows = con.execute("select Balance_Effect from Transactions where Item_Name = ?",
                               (f"Paid by {who}",)).fetchall()
        assert rows == [(-12.5,)], rows

    seen: dict[str, bool] = {}

    def sort_checked() -> bool:
        match = qt.call("chr.find", {"query": "Sort by Vendor"}, result=Found)["matches"][0]
        return "checked" in match.get("states", [])

    def before_toggle() -> None:
        home()
        qt.call("chr.click", {"ref": button("Search/Report")})
        seen["was"] = sort_checked()
        home()

    def toggled(who: str) -> None:
        assert sort_checked() is not seen["was"]

    return [Case("ferrous-cat-finance", "form", finance_form, home, paid),
            Case("ferrous-cat-finance", "toggle", finance_toggle, before_toggle, toggled)]


# ------------------------------------------------------------------------ running

#: Where the CLI's processes keep their compiled modules, as an installed package has them
#: (this environment may set PYTHONDONTWRITEBYTECODE: then each call would compile qtmcp).
BYTECODE = Path(tempfile.gettempdir()) / "qtmcp-bench-cli-pycache"


def installed(cli: Cli) -> None:
    """Run the CLI as installed: with its modules compiled once."""
    cli.env.pop("PYTHONDONTWRITEBYTECODE", None)
    cli.env["PYTHONPYCACHEPREFIX"] = str(BYTECODE)


def measure(info_of: Any, cases: list[Case], skill: int) -> tuple[list[dict[str, Any]], int, int]:
    """Each case through MCP, then through the CLI, on the app of ``info_of``."""
    mcp = McpSession("--pid", str(info_of.pid))
    cli = Cli(runtime_with(info_of), session="bench")
    installed(cli)
    rows = []
    try:
        tools = mcp_tools.tool_list_chars(mcp.tools().values())
        instructions = len((mcp.initialized.instructions or "") if mcp.initialized else "")
        for case in cases:
            ways = {}
            for way in (by_mcp(mcp), by_cli(cli)):
                case.reset()
                case.run(way.say, way.name.upper())
                case.check(way.name.upper())
                ways[way.name] = way
            m, c = ways["mcp"], ways["cli"]
            mcp_total, cli_total = tools + sum(m.sizes), skill + sum(c.sizes)
            rows.append({
                "app": case.app, "task": case.task,
                "calls": f"{len(m.sizes)} / {len(c.sizes)}",
                "mcp_answers": sum(m.sizes), "mcp_total": mcp_total,
                "cli_outputs": sum(c.sizes), "cli_total": cli_total,
                "cli/mcp": cli_total / mcp_total})
    finally:
        mcp.close()
        cli.close()
        shutil.rmtree(cli.runtime, ignore_errors=True)
    return rows, tools, instructions


def _ms(fn: Callable[[], Any], n: int) -> float:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return statistics.median(out)


def latency(app: DemoApp, n: int) -> list[dict[str, Any]]:
    """Wall ms of one call each way on the demo (tabs_context / ``qtmcp tabs``), of a bare
    Python start, and of a session's first command (its start included)."""
    mcp = McpSession("--pid", str(app.pid))
    cli = Cli(runtime_with(app.info), session="latency")
    installed(cli)
    try:
        starts = []
        for _ in range(5):
            cli.close()
            starts.append(_ms(lambda: cli.ok("tabs"), 1))
        rows = [("MCP tool call (tabs_context, stdio)", _ms(lambda: mcp.text("tabs_context"), n)),
                ("qtmcp tabs, session running", _ms(lambda: cli.ok("tabs"), n)),
                ("python -c pass (a process start)", _ms(lambda: subprocess.run(
                    [sys.executable, "-c", "pass"], env=cli.env, check=True), n)),
                ("qtmcp tabs, the session's first call (it starts)", statistics.median(starts))]
    finally:
        mcp.close()
        cli.close()
        shutil.rmtree(cli.runtime, ignore_errors=True)
    return [{"call": what, "ms": ms} for what, ms in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--no-realapps", action="store_true",
                        help="only our demo apps (no jwrite, no ferrous-cat-finance)")
    parser.add_argument("--n", type=int, default=15, help="calls per latency figure (15)")
    ns = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="qtmcp-bench-cli-"))
    letter = work / "letter.txt"
    letter.write_text("first line\n")
    rows: list[dict[str, Any]] = []
    fixed: dict[str, int] = {}
    probe_cli = Cli(runtime_with())
    installed(probe_cli)
    skill = len(probe_cli.ok("skill"))  # (and the modules compiled)
    with demo_app() as demo:
        found, fixed["tool list"], fixed["instructions"] = measure(
            demo.info, demo_cases(demo), skill)
        rows += found
        times = latency(demo, ns.n)
    dialogs = start_demo("--dir", str(work), module="resources.dialogs_app")
    try:
        rows += measure(dialogs.info, dialogs_cases(dialogs, letter), skill)[0]
    finally:
        dialogs.stop()
    if not ns.no_realapps:
        rows += realapps(work, letter, skill)
    fixed["skill"] = skill
    table("agent tasks through MCP and through the CLI: calls (MCP / CLI) and characters "
          "received (MCP: tool list + answers; CLI: skill + outputs)", rows)
    table("what each way sends once per conversation (characters)",
          [{"what": k, "chars": v} for k, v in fixed.items()])
    table("what a call costs each way on the demo (wall ms, medians)", times)
    form = rows[0]
    target("agent CLI: the demo form task", "<= 50% of MCP's characters, tool list included",
           f"{form['cli_total']:,} vs {form['mcp_total']:,} chars = {form['cli/mcp']:.0%}",
           form["cli/mcp"] <= 0.5,
           note=f"MCP's instructions ({fixed['instructions']:,} chars) not counted")


def realapps(work: Path, letter: Path, skill: int) -> list[dict[str, Any]]:
    """The same tasks on jwrite and ferrous-cat-finance (skipped when not installed)."""
    rows: list[dict[str, Any]] = []
    beside = Path(sys.executable).with_name("jwrite")  # this Python's own scripts first
    jwrite = str(beside) if beside.exists() else shutil.which("jwrite")
    if jwrite is not None:
        app = RealApp([jwrite])
        try:
            wait_for_window(app.client(name="bench-wait", role="script"))
            rows += measure(app.info, jwrite_cases(letter), skill)[0]
        finally:
            app.stop()
    else:
        print("jwrite is not installed (pip install -e '.[realapps]'): skipped")
    spec = importlib.util.find_spec("ferrous_cat_finance")
    if spec is not None and spec.origin is not None:
        folder = work / "finance"
        shutil.copytree(Path(spec.origin).parent, folder)  # its database lives beside it
        app = RealApp([str(folder / "financial_app.py")], cwd=folder)
        try:
            wait_for_window(app.client(name="bench-wait", role="script"))
            rows += measure(app.info, finance_cases(app, folder / "ferrous-cat-finance.db"),
                            skill)[0]
        finally:
            app.stop()
    else:
        print("ferrous-cat-finance is not installed (pip install -e '.[realapps]'): skipped")
    return rows


if __name__ == "__main__":
    run_bench(main)
