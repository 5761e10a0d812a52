"""The Problems pane shows the elements a read failed on (#35): an app's code that raised
(``app exception``) and a fault of the probe itself (``probe fault``), each with its
traceback under the table and the line that raised as its source.

The app is tests/apps/raising_app.py with its models armed and a probe fault planted.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from PySide6.QtCore import Qt

from inspector.panes.problems import ProblemsPane
from inspector.window.main_window import MainWindow
from tests.support.app import ARTIFACTS, ROOT
from tests.support.inspector import connect, qwait, run
from tests.support.realapp import RealApp, start, wait_for_window


@pytest.fixture(scope="module")
def raising() -> Iterator[RealApp]:
    yield from start(str(ROOT / "tests" / "apps" / "raising_app.py"))


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, raising: RealApp) -> None:
    qt = raising.client()
    wait_for_window(qt)
    qt.call("qt.methods.invoke", {"objectId": "raising", "method": "arm"})
    qt.call("qt.methods.invoke", {"objectId": "raising", "method": "plant_probe_fault"})
    tab = next(t["tabId"] for t in qt.call("chr.tabsContext")["tabs"]
               if t["title"] == "Raising")
    qt.call("chr.readPage", {"tabId": tab})  # the read that meets them
    connect(window, SimpleNamespace(pid=raising.info.pid))  # type: ignore[arg-type]


def test_problems_pane_shows_read_faults_with_their_traceback(window: MainWindow) -> None:
    pane = window.pane(ProblemsPane)
    report = run(pane.load())
    assert report is not None
    counts = report["counts"]
    assert counts.get("probe_fault") == 1 and counts.get("app_exception", 0) >= 5
    kinds = [pane.proxy.index(r, 0).data() for r in range(pane.proxy.rowCount())]
    row = kinds.index("probe fault")
    what = pane.proxy.index(row, 2)
    assert "AssertionError at probe/core/a11y/links.py" in what.data()
    assert "links_of" in what.data(Qt.ItemDataRole.ToolTipRole)  # the traceback as its tip
    assert not pane.traceback.isVisibleTo(pane)
    pane.view.selectRow(row)
    qwait(lambda: pane.traceback.isVisibleTo(pane), what="the traceback shown")
    assert "links_of" in pane.traceback.toPlainText()
    assert "links.py:" in pane.source.text()  # the probe line that raised, to open
    app_row = kinds.index("app exception")
    pane.view.selectRow(app_row)
    qwait(lambda: "raising_app.py" in pane.source.text(), what="the app's line")
    assert "Traceback" in pane.traceback.toPlainText()
    pane.view.selectRow(row)
    pane.resize(1100, 520)
    pane.grab().save(str(ARTIFACTS / "inspector-problems-faults.png"))
