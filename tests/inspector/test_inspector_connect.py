"""Connecting: the live probe list, launching an app, losing it and reconnecting."""

from __future__ import annotations

import subprocess
from pathlib import Path

from inspector.link.connection import CONNECTED, LOST
from inspector.panes.agent_log import AgentLogPane
from inspector.panes.objects import ObjectsPane
from inspector.window.main_window import MainWindow
from probe import private
from tests.support.app import ROOT, start_demo
from tests.support.inspector import qwait, run


def test_connect_dialog_lists_probes_live_and_connects(window: MainWindow) -> None:
    dialog = window.show_connect_dialog()
    assert dialog.isVisible()
    first = start_demo()
    try:
        # no refresh call: the file-system watcher sees the discovery file appear
        qwait(lambda: first.pid in dialog.pids(), what="the new probe in the list")
        item = next(dialog.list.topLevelItem(i) for i in range(dialog.list.topLevelItemCount())
                    if dialog.list.topLevelItem(i).text(1) == str(first.pid))
        assert item.text(0) == "qtmcp-demo" and item.text(2) == first.url
        dialog.list.clearSelection()
        item.setSelected(True)
        dialog.connect_button.click()
        qwait(lambda: window.conn.is_connected, what="connected from the dialog")
        assert window.conn.app_info["pid"] == first.pid
        assert window.dialog is None
    finally:
        run_disconnect(window)
        first.stop()
    qwait(lambda: first.pid not in [p.pid for p in window.watcher.probes()],
          what="the stopped app gone from the list")


def run_disconnect(win: MainWindow) -> None:

    run(win.conn.close())


def test_launch_app_from_the_dialog_attaches(window: MainWindow) -> None:
    dialog = window.show_connect_dialog()
    proc = dialog.launch(str(ROOT / "resources" / "demo_app.py"))
    try:
        qwait(lambda: window.conn.is_connected, timeout=30, what="the launched app attached")
        assert window.conn.app_info["pid"] == proc.pid
        qwait(lambda: window.pane(ObjectsPane).model.root.children, what="its object tree")
    finally:
        run_disconnect(window)
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def test_lost_app_greys_out_then_reconnects_when_restarted(window: MainWindow) -> None:
    app = start_demo()
    restarted = None
    try:
        window.connect_to(pid=app.pid)
        qwait(lambda: window.conn.is_connected and window.pane(ObjectsPane).model.root.children,
              what="connected with a tree")
        roots_before = len(window.pane(ObjectsPane).model.root.children or [])
        app.proc.kill()
        app.proc.wait(10)
        qwait(lambda: window.conn.state == LOST, what="the lost state")
        assert all(not pane.isEnabled() for pane in window.panes)
        assert "disconnected" in window.status.state_label.text()
        # the panes keep their last content while greyed out
        assert len(window.pane(ObjectsPane).model.root.children or []) == roots_before
        restarted = start_demo()
        qwait(lambda: window.conn.state == CONNECTED, timeout=20, what="the reconnect")
        assert window.conn.app_info["pid"] == restarted.pid
        assert all(pane.isEnabled() for pane in window.panes)
        assert f"pid {restarted.pid}" in window.status.app_label.text()
        qwait(lambda: window.pane(ObjectsPane).model.root.children, what="the reloaded tree")
        # the reconnected session mirrors traffic again
        agent = restarted.client(name="after-restart", role="agent")
        agent.call("qt.ping")
        log = window.pane(AgentLogPane)
        qwait(lambda: any(r.client == "after-restart" for r in log.visible_rows()),
              what="traffic after the reconnect")
    finally:
        run_disconnect(window)
        app.stop()
        if restarted is not None:
            restarted.stop()


def test_the_private_folder_is_watched(window: MainWindow) -> None:
    assert Path(window.watcher.folder) == private.folder()
    assert str(private.folder()) in window.watcher._fs.directories()
