"""Fixtures of the inspector tests: the qasync loop under pytest-qt, and a shown inspector
window with settings of its own (helpers in :mod:`tests.support.inspector`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
import qasync
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from inspector.window.main_window import MainWindow
from tests.support.inspector import make_settings, run


@pytest.fixture(scope="module")
def aloop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    loop = qasync.QEventLoop(qapp, already_running=True)
    asyncio.set_event_loop(loop)
    yield loop
    asyncio.events._set_running_loop(None)
    asyncio.set_event_loop(None)


@pytest.fixture(scope="module")
def window(aloop: qasync.QEventLoop, tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[MainWindow]:
    """A shown inspector window with settings of its own (no connection yet)."""
    win = MainWindow(make_settings(tmp_path_factory.mktemp("inspector-settings")))
    win.show()
    yield win
    run(win.conn.close(emit=False))
    win.close()
    win.deleteLater()
    QTest.qWait(10)
