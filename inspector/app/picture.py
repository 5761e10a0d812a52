"""``--snapshot FILE.png``: a picture of the filled window (or of a session's player).

Used by ``qtmcp demo --snapshot`` (docs, CI, "does it look right" without a display) and
by the packaged build's smoke test. For the window it waits on conditions, never on fixed
delays: tree roots loaded, the live view's first frame painted, the accessibility tree
loaded, an object's properties shown, a second client (role ``agent``) has made calls
that reached the agent log and the plots, and the console has rows. Without the live
view and accessibility waits the picture could show "no picture yet" and an empty tree on
a slow machine (those panes load on their own).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QApplication

from inspector.panes.accessibility import AccessibilityPane
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.console import ConsolePane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.panes.plots import PlotsPane
from inspector.panes.properties import PropertiesPane
from inspector.sessions.player import SessionPlayer
from inspector.sessions.session_file import SessionFileError, load
from inspector.window.main_window import MainWindow
from probe.client import AsyncClient, resolve_target

if TYPE_CHECKING:
    import qasync

SELECT = "nameEdit"


async def wait_for(predicate: Callable[[], Any], what: str, timeout: float = 20.0) -> Any:
    """Poll ``predicate`` on the Qt loop until it is truthy; TimeoutError names ``what``."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise TimeoutError(f"snapshot: timed out waiting for {what}")


async def agent_calls(window: MainWindow) -> None:
    """What an agent would do: a few reads and changes, and two console messages."""
    conn = window.conn
    assert conn.target is not None
    url, token = conn.target.url, conn.target.token
    if conn.target.pid:  # an agent presents the client token, never the inspector's
        url, token, _ = resolve_target(pid=conn.target.pid)
    agent = await AsyncClient.connect(url, token, name="demo-agent", role="agent")
    try:
        await agent.call("qt.objects.tree", {"depth": 1})
        await agent.call("qt.properties.set", {"objectId": "nameEdit", "name": "text",
                                               "value": "Ada Lovelace"})
        await agent.call("qt.properties.set", {"objectId": "ageSpin", "name": "value",
                                               "value": 36})
        await agent.call("qt.properties.get", {"objectId": "nameEdit", "name": "text"})
        for slot in ("logWarning", "emitQDebug"):
            await agent.call("qt.methods.invoke", {"objectId": "mainWindow", "method": slot})
        try:
            await agent.call("qt.properties.get", {"objectId": "noSuchObject", "name": "x"})
        except Exception:  # noqa: BLE001 - an error row belongs in a realistic log
            pass
    finally:
        await agent.close()


def content(window: MainWindow) -> dict[str, Any]:
    """What the named panes hold, so a test can check the picture is not of empty panes."""
    image = window.pane(LiveViewPane).view.image
    return {
        "liveView": [image.width(), image.height()] if not image.isNull() else None,
        "accessibilityRows": window.pane(AccessibilityPane).model.rowCount(),
        "objectRows": window.pane(ObjectsPane).model.rowCount(),
        "properties": len(window.pane(PropertiesPane).model.by_name),
        "agentLogRows": len(window.pane(AgentLogPane).model.rows),
        "consoleRows": len(window.pane(ConsolePane).model.rows),
    }


async def take(window: MainWindow, path: str, timeout: float = 30.0) -> int:
    """Drive the window until every pane has content, save ``path``; the exit code."""
    objects, live = window.pane(ObjectsPane), window.pane(LiveViewPane)
    log, plots = window.pane(AgentLogPane), window.pane(PlotsPane)
    properties = window.pane(PropertiesPane)
    try:
        await wait_for(lambda: window.conn.is_connected, "the connection", timeout)
        await wait_for(lambda: objects.model.root.children, "the tree roots", timeout)
        await wait_for(lambda: not live.view.image.isNull(), "the live view's first frame",
                       timeout)
        await wait_for(lambda: window.pane(AccessibilityPane).model.rowCount() > 0,
                       "the accessibility tree", timeout)
        node = await objects.reveal(SELECT)
        if node is None:
            raise TimeoutError(f"snapshot: no object named {SELECT}")
        await wait_for(lambda: window.probe.facts.loaded, "the methods' declarations")
        frames = live.frames
        await agent_calls(window)
        await wait_for(lambda: live.frames > frames,
                       "a live frame showing the agent's changes", timeout)
        await wait_for(lambda: properties.model.by_name.get("text"),
                       "the selected object's properties", timeout)
        await wait_for(lambda: sum(r.client == "demo-agent" for r in log.model.rows) >= 5,
                       "the agent's calls in the agent log", timeout)
        await wait_for(lambda: len(window.pane(ConsolePane).model.rows) >= 2, "console rows",
                       timeout)
        await wait_for(lambda: plots.round_trip.v, "a ping in the plots", timeout)
        plots.draw()
        agent_rows = log.visible_rows()
        if agent_rows:
            log.select_source_row(log.model.rows.index(agent_rows[-1]))
        await asyncio.sleep(0.2)  # let the last batch paint (views update on timers)
        image = window.grab()
        if image.isNull() or not image.save(path):
            print(f"snapshot: could not write {path}", file=sys.stderr)
            return 1
        print(f"snapshot: wrote {path} ({image.width()}x{image.height()})", file=sys.stderr)
        print(f"snapshot: content {json.dumps(content(window))}", file=sys.stderr)
        return 0
    except (TimeoutError, Exception) as exc:  # noqa: BLE001 - reported, exit code says it
        print(f"snapshot failed: {exc}", file=sys.stderr)
        return 1


def of_window(window: MainWindow, loop: qasync.QEventLoop,
              args: argparse.Namespace) -> int:
    """Connect ``window`` as ``args`` say, fill its panes, save the picture; the exit code."""
    window.apply_theme(args.theme or "light")
    window.resize(1440, 900)
    window.show()
    window.connect_to(url=args.url, token=args.token, pid=args.pid, app=args.app)
    with loop:
        code = loop.run_until_complete(take(window, args.snapshot))
        loop.run_until_complete(window.conn.close(emit=False))
    window.hide()
    return code


def of_player(path: Path, out: str) -> int:
    """Open ``path`` in a player, save its picture to ``out``: a check without any app
    (the packaged build's smoke test)."""
    try:
        session = load(path)
    except (OSError, SessionFileError) as exc:
        print(f"snapshot failed: {exc}", file=sys.stderr)
        return 1
    player = SessionPlayer(session, path.name)
    player.show()
    if session.calls:
        player.calls.setCurrentRow(len(session.calls) - 1)
    for _ in range(3):  # layout and the picture's scaling run as posted events
        QApplication.processEvents()
    player.show_call(player.current)
    image = player.grab()
    player.close()
    if image.isNull() or not image.save(out):
        print(f"snapshot: could not write {out}", file=sys.stderr)
        return 1
    print(f"snapshot: wrote {out} ({image.width()}x{image.height()}), session "
          f"{len(session.calls)} calls, {len(session.frames)} frames", file=sys.stderr)
    return 0
