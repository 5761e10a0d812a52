"""The Connections details tab (#39 item 2) against the app's own connections
(tests/apps/connections_app.py, its ``# CONN:`` lines): outbound and inbound rows, the
receivers the probe could not name as a grey count, a double-click that selects the
object at the other end, and one on "Connected at" that opens the line in the editor.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from inspector.models.connections import ConnectionModel
from inspector.panes.connections import ConnectionsPane
from inspector.panes.objects import ObjectsPane
from inspector.window.main_window import MainWindow
from tests.support.app import ARTIFACTS, ROOT, DemoApp, start_demo
from tests.support.inspector import connect, qwait, run

APP_PY = str(ROOT / "tests" / "apps" / "connections_app.py")


def marked(name: str) -> int:
    with open(APP_PY, encoding="utf-8") as fh:
        return next(n for n, line in enumerate(fh, start=1)
                    if line.rstrip().endswith(f"# CONN: {name}"))


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start_demo(module="tests.apps.connections_app")
    yield a
    a.stop()


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, app: DemoApp) -> None:
    connect(window, app)
    assert window.show_tool("connections")


def select(window: MainWindow, name: str) -> str:
    node = run(window.pane(ObjectsPane).reveal(name))
    assert node is not None, f"{name} not in the tree"
    return node.id


def shown(model: ConnectionModel, signal: str = "") -> list[tuple[str, ...]]:
    """The rows as shown, those of signals starting with ``signal`` (Qt's own C++ code
    connects ``destroyed`` of the widgets it reads: grey rows of their own)."""
    rows = [tuple(str(model.data(model.index(r, c))) for c in range(model.columnCount()))
            for r in range(model.rowCount())]
    return [r for r in rows if r[0].startswith(signal)]


def test_outbound_rows_are_the_apps_connections(window: MainWindow) -> None:
    pane = window.pane(ConnectionsPane)
    button = select(window, "qtMethodButton")
    qwait(lambda: pane.shown == button, what="qtMethodButton's connections shown")
    assert shown(pane.outbound, "clicked") == [("clicked()", "QLabel.clear", "status")]
    assert f"connections_app.py:{marked('qtMethod')}</a> in Window.connect_all()" \
        in pane.link.text()
    assert pane.inbound.rowCount() == 0
    receiver = pane.outbound.object_at(0)
    assert receiver is not None and receiver["objectName"] == "status"
    pane.out_view.doubleClicked.emit(pane.outbound.index(0, 2))  # jump to the receiver
    qwait(lambda: pane.object_id == receiver["id"] and pane.inbound.rowCount() == 1,
          what="the receiver selected, its inbound row")
    assert shown(pane.inbound) == [("clicked()", "QLabel.clear", "qtMethodButton")]


def test_a_connection_before_the_probe_is_a_grey_count(window: MainWindow) -> None:
    pane = window.pane(ConnectionsPane)
    early = select(window, "earlyButton")
    qwait(lambda: pane.shown == early, what="earlyButton's connections shown")
    assert shown(pane.outbound, "clicked") == [("clicked(bool)", "1 not seen", "")]
    row = next(r for r in range(pane.outbound.rowCount())
               if pane.outbound.data(pane.outbound.index(r, 0)) == "clicked(bool)")
    tip = pane.outbound.data(pane.outbound.index(row, 1), Qt.ItemDataRole.ToolTipRole)
    assert "before the probe" in tip
    # connected, then disconnected: nothing, said so
    undone = select(window, "undoneButton")
    qwait(lambda: pane.shown == undone, what="undoneButton's connections shown")
    assert shown(pane.outbound, "clicked") == [] and pane.inbound.rowCount() == 0


def test_the_link_opens_the_line_that_connected(window: MainWindow, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "editor-args.txt"
    script = "import sys; open(sys.argv[1], 'w').write(' '.join(sys.argv[2:]))"
    monkeypatch.setenv("QTMCP_EDITOR", f'{sys.executable} -c "{script}" {out} '
                                       "{file}:{line}")
    pane = window.pane(ConnectionsPane)
    win = select(window, "connWindow")
    qwait(lambda: pane.shown == win, what="the window's connections shown")
    assert pane.inbound.rowCount() == 3
    row = next(r for r, values in enumerate(shown(pane.inbound))
               if values[1] == "partial(Window.say)")
    pane.in_view.setCurrentIndex(pane.inbound.index(row, 1))
    assert f"connections_app.py:{marked('partial')}" in pane.link.text()
    pane.link.linkActivated.emit("open")  # what QLabel does when the link is clicked
    qwait(lambda: out.exists() and out.read_text(), what="the editor to write its arguments")
    assert out.read_text() == f"{APP_PY}:{marked('partial')}"
    pane.grab().save(str(ARTIFACTS / "inspector-connections.png"))
