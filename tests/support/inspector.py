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

from PySide6.QtCore import QPoint, QSettings
from PySide6.QtTest import QTest

from inspector.panes.live_view import LiveViewPane
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


def hover(pane: Any, point: Callable[[], QPoint], name: str, timeout: float = 10.0) -> QPoint:
    """Move the pointer over the live view's ``point()`` until its read-out names ``name``;
    the last point. The point is taken again each time: the window's layout may still
    settle (a dock 39 px narrower moves every picture point), and Qt drops a move to
    where the pointer already is (another window's test may have left it there)."""
    deadline = time.monotonic() + timeout
    while True:
        at = point()
        QTest.mouseMove(pane.view, at + QPoint(3, 3))
        QTest.mouseMove(pane.view, at)
        try:
            qwait(lambda: name in pane.hover_label.text(), 0.5, f"{name} under the pointer")
            return at
        except AssertionError:
            if time.monotonic() > deadline:
                raise AssertionError(
                    f"the hover read-out never named {name} (it reads "
                    f"{pane.hover_label.text()!r}, pointer at {at} of {pane.view.size()})"
                ) from None


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
    pane = win.pane(ObjectsPane)
    try:  # the module's first contact: 30 s, as the whole suite runs at a load of 8 or more
        qwait(lambda: pane.model.root.children, 30.0, "the object tree roots")
    except AssertionError as exc:  # what the pane shows its user, if anything
        raise AssertionError(f"{exc} (the pane says {pane.status.text()!r})") from None
    qwait(lambda: win.probe.facts.loaded, what="the methods' declarations (qt.schema)")


def streaming(win: MainWindow) -> None:
    """Wait for the live view's first frame and for the answer that started its stream:
    the frame is a notification and may come before that answer."""
    pane = win.pane(LiveViewPane)
    qwait(lambda: pane.frames and pane.streaming,
          what="a first frame, and the stream's start answered")
