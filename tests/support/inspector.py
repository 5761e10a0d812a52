"""Helpers for the inspector tests: waits that process Qt (and asyncio) events, the
inspector's own settings, connecting a window to a demo app.

The fixtures (tests/inspector/conftest.py) follow one pattern: one
``qasync.QEventLoop(qapp, already_running=True)`` per test module. It registers itself as
asyncio's running loop, so ``asyncio.ensure_future`` and the inspector's
``asyncSlot``-style tasks work, and its callbacks run whenever Qt processes events — which
``qtbot.waitUntil`` / :func:`qwait` do. The fixture unsets the running loop afterwards so
other modules can use ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings
from PySide6.QtTest import QTest

from inspector.panes.objects import ObjectsPane
from inspector.window.main_window import MainWindow
from tests.support.app import DemoApp


def qwait(predicate: Callable[[], Any], timeout: float = 10.0, what: str = "condition") -> Any:
    """Process Qt (and so asyncio) events until ``predicate()`` is truthy."""
    deadline = time.monotonic() + timeout
    last: Any = None
    while time.monotonic() < deadline:
        last = predicate()
        if last:
            return last
        QTest.qWait(10)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}; last: {last!r}")


def run(coro: Coroutine[Any, Any, Any], timeout: float = 15.0) -> Any:
    """Run a coroutine on the qasync loop (through Qt's event processing)."""
    task = asyncio.ensure_future(coro)
    qwait(task.done, timeout, f"coroutine {getattr(coro, '__name__', coro)}")
    return task.result()


def make_settings(folder: Path) -> QSettings:
    return QSettings(str(folder / "inspector.ini"), QSettings.Format.IniFormat)


def connect(win: MainWindow, demo: DemoApp) -> None:
    """Connect the window to ``demo`` by pid and wait until the panes loaded."""
    win.connect_to(pid=demo.pid)
    qwait(lambda: win.conn.is_connected, what="the inspector to connect")
    qwait(lambda: win.pane(ObjectsPane).model.root.children, what="the object tree roots")
    qwait(lambda: win.probe.facts.loaded, what="the methods' declarations (qt.schema)")
