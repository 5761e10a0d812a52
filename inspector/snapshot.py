"""``--snapshot FILE.png``: fill every pane, write a picture of the window, and quit.

Used by ``qtmcp demo --snapshot`` (docs, CI, "does it look right" without a display).
Waits on conditions, never on fixed delays: tree roots loaded, the live view's first
frame painted, the accessibility tree loaded, an object's properties shown, a second
client (role ``agent``) has made calls that reached the agent log and the plots, and the
console has rows. Without the live view and accessibility waits the picture could show
"no picture yet" and an empty tree on a slow machine (those panes load on their own).
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from probe.client import AsyncClient, resolve_target

if TYPE_CHECKING:
    from inspector.mainwindow import MainWindow

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
    image = window.live_view.view.image
    return {
        "liveView": [image.width(), image.height()] if not image.isNull() else None,
        "accessibilityRows": window.accessibility.model.rowCount(),
        "objectRows": window.objects.model.rowCount(),
        "properties": len(window.properties.model.by_name),
        "agentLogRows": len(window.agent_log.model.rows),
        "consoleRows": len(window.console.model.rows),
    }


async def take(window: MainWindow, path: str, timeout: float = 30.0) -> int:
    """Drive the window until every pane has content, save ``path``; the exit code."""
    try:
        await wait_for(lambda: window.conn.is_connected, "the connection", timeout)
        await wait_for(lambda: window.objects.model.root.children, "the tree roots", timeout)
        await wait_for(lambda: not window.live_view.view.image.isNull(),
                       "the live view's first frame", timeout)
        await wait_for(lambda: window.accessibility.model.rowCount() > 0,
                       "the accessibility tree", timeout)
        node = await window.objects.reveal(SELECT)
        if node is None:
            raise TimeoutError(f"snapshot: no object named {SELECT}")
        await wait_for(lambda: window.records.recorder.changing is not None, "the schema")
        frames = window.live_view.frames
        await agent_calls(window)
        await wait_for(lambda: window.live_view.frames > frames,
                       "a live frame showing the agent's changes", timeout)
        await wait_for(lambda: window.properties.model.by_name.get("text"),
                       "the selected object's properties", timeout)
        await wait_for(lambda: sum(r.client == "demo-agent" for r in window.agent_log.model.rows)
                       >= 5, "the agent's calls in the agent log", timeout)
        await wait_for(lambda: len(window.console.model.rows) >= 2, "console rows", timeout)
        await wait_for(lambda: window.plots.round_trip.v, "a ping in the plots", timeout)
        window.plots.draw()
        agent_rows = window.agent_log.visible_rows()
        if agent_rows:
            window.agent_log.select_source_row(window.agent_log.model.rows.index(agent_rows[-1]))
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
