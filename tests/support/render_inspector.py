"""Render the inspector with a live agent session, for a human to look at.

    xvfb-run -a -s "-screen 0 1366x768x24" env QT_QPA_PLATFORM=xcb \\
        .venv/bin/python -m tests.support.render_inspector 1366 768 inspector-1366.png \\
            [dark] [tool] [overlay] [object]

Under a real X server (Xvfb) the picture is the screen itself, as a user would see it;
without one (QT_QPA_PLATFORM=offscreen) it is the window's own rendering. The demo app
runs offscreen beside it; an agent (Claude Code's way: through ``qtmcp mcp``) reads the
page, fills three fields and reads a property; the object tree selects ``emailEdit``.
``tool`` (a tool's name, e.g. ``connections``) opens that tool instead of the
accessibility tree (a details tab's name, e.g. ``layout``, opens that tab beside the
object tree); ``overlay`` turns the live view's layout overlay on (any other word leaves
it off); ``object`` (an objectName) is selected instead of ``emailEdit``. Not a test: a
tool.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import qasync
from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.panes.accessibility import AccessibilityPane
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.properties import PropertiesPane
from inspector.window.main_window import MainWindow
from probe.launcher.launch import stop_app, wait_for_probe
from tests.support.mcp_session import McpSession

ROOT = Path(__file__).resolve().parents[2]


def wait(predicate: Callable[[], Any], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not predicate():
        QTest.qWait(20)


def ref_of(text: str, start: str) -> str:
    line = next(x for x in text.splitlines() if x.strip().startswith(start))
    return line.split("[", 1)[1].split("]", 1)[0]


def main(width: int, height: int, out: str, theme: str = "light", tool: str = "",
         overlay: str = "", chosen: str = "emailEdit") -> int:
    qapp = QApplication([sys.argv[0]])
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "i.ini"), QSettings.Format.IniFormat)
    win = MainWindow(settings)
    win.apply_theme(theme)
    win.move(0, 0)
    win.resize(width, height)
    win.show()
    demo = subprocess.Popen([sys.executable, "-m", "resources.demo_app", "--probe"], cwd=ROOT,
                            env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        wait_for_probe(demo.pid, 30, demo)
        win.connect_to(pid=demo.pid)
        wait(lambda: win.conn.is_connected)
        agent = McpSession("--pid", str(demo.pid), "--caps", "chrome,native",
                           name="claude-code")
        try:
            page = agent.text("read_page", {"filter": "interactive"})
            for start, value in (('textbox "Name"', "Ada Lovelace"), ('spinbutton "Age"', 36),
                                 ('textbox "Email"', "ada@example.org")):
                agent.text("form_input", {"ref": ref_of(page, start), "value": value})
            agent.text("get_property", {"object_id": "nameEdit", "name": "text"})
            wait(lambda: win.pane(AccessibilityPane).last_target is not None
                 and win.pane(AccessibilityPane).reads > 1)
            reveal = asyncio.ensure_future(win.pane(ObjectsPane).reveal(chosen))
            wait(reveal.done)
            wait(lambda: "text" in win.pane(PropertiesPane).model.by_name)
            log = win.pane(AgentLogPane)
            wait(lambda: sum(r.client == "claude-code" for r in log.visible_rows()) >= 5)
            if tool and not win.show_tool(tool):
                win.show_tool("objects")
                win.tools.show_details(tool)
            if overlay == "overlay":
                win.pane(LiveViewPane).layout_button.setChecked(True)
            QTest.qWait(1500)  # the last frames and marks, the tool's first load
            shot = (qapp.primaryScreen().grabWindow(0, 0, 0, width, height)
                    if qapp.platformName() == "xcb" else win.grab())
            shot.save(out)
        finally:
            agent.close()
        print(f"{out}: {shot.width()}x{shot.height()} on {qapp.platformName()}; window "
              f"{win.width()}x{win.height()}, minimum {win.minimumSizeHint().width()}x"
              f"{win.minimumSizeHint().height()}")
    finally:
        done = asyncio.ensure_future(win.conn.close())
        wait(done.done)
        stop_app(demo)
    return 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], *sys.argv[4:8]))
