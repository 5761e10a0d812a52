"""The inspector's data panes against a real demo app: models, events, timers."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QPixmap

from inspector.models.remote_table import PAGE
from inspector.panes.events import EventsPane
from inspector.panes.item_models import ModelsPane
from inspector.panes.timers import TimersPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import ARTIFACTS, DemoApp
from tests.support.extra_demo import start_extra_demo
from tests.support.inspector import connect, qwait, run


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)


def _cell(window: MainWindow, row: int, column: int) -> Any:
    return window.pane(ModelsPane).model.index(row, column).data()


def _show_people(window: MainWindow) -> None:
    pane = window.pane(ModelsPane)
    qwait(lambda: pane.entries, what="the model list")
    assert pane.select("peopleModel")
    qwait(lambda: pane.model.model_id and pane.model.total == 100, what="peopleModel info")


def test_model_pane_shows_the_demo_tables_rows_lazily(window: MainWindow) -> None:
    pane = window.pane(ModelsPane)
    window.show_tool("models")
    qwait(lambda: pane.entries, what="the model list")
    names = {e["name"] for e in pane.entries}
    assert {"peopleModel", "peopleProxy", "departmentsModel"} <= names
    assert any(e["label"].startswith("view ") for e in pane.entries)
    _show_people(window)
    headers = [pane.model.headerData(c, Qt.Orientation.Horizontal) for c in range(3)]
    assert headers == ["Name", "Age", "City"]
    assert "100 rows × 3 columns" in pane.summary.text()
    qwait(lambda: _cell(window, 0, 0) == "Ada Adams", what="the first page")
    assert [_cell(window, 1, c) for c in range(3)] == ["Alan Adams", "55", "Toronto"]
    assert pane.model.loaded() <= PAGE and pane.requests >= 1


def test_model_pane_pages_as_the_user_scrolls(window: MainWindow) -> None:
    pane = window.pane(ModelsPane)
    model = pane.model
    model.page = 10  # the demo's 100 rows as ten pages
    try:
        pane.model.reset(None)
        _show_people(window)
        assert model.rowCount() < 100 and model.canFetchMore(QModelIndex())  # fills the view
        qwait(lambda: _cell(window, 0, 0) == "Ada Adams", what="the first page")
        assert model.loaded() <= 40  # what the view shows, not the whole model
        before = pane.requests
        for _ in range(20):  # scroll down like a user until the last row is there
            pane.view.scrollToBottom()
            qwait(lambda: not model.pending, what="pages in flight")
            if model.rowCount() == 100:
                break
        pane.view.scrollToBottom()
        qwait(lambda: _cell(window, 99, 0) == "Yukihiro Evans", what="the last page")
        assert model.rowCount() == 100 and not model.canFetchMore(QModelIndex())
        assert pane.requests > before and model.loaded() < 100  # middle pages skipped
    finally:
        model.page = PAGE
        pane.model.reset(None)
        _show_people(window)


def test_editing_a_cell_changes_the_app(window: MainWindow, qt: Client) -> None:
    pane = window.pane(ModelsPane)
    _show_people(window)
    qwait(lambda: _cell(window, 2, 0) == "Barbara Adams", what="row 2")
    model = pane.model
    try:
        model.setData(model.index(2, 0), "Barbara Liskov")
        qwait(lambda: _cell(window, 2, 0) == "Barbara Liskov", what="the edited cell")
        assert qt.call("qt.models.data", {"modelId": "peopleModel", "row": 2,
                                          "roles": ["display"]})["roles"]["display"] == \
            "Barbara Liskov"
        model.setData(model.index(2, 1), "33")  # typed as the old value: an int
        qwait(lambda: _cell(window, 2, 1) == "33", what="the edited age")
        assert qt.call("qt.models.data", {"modelId": "peopleModel", "row": 2, "column": 1,
                                          "roles": ["edit"]})["roles"]["edit"] == 33
        assert "→ 33" in pane.status.text()
    finally:
        qt.call("qt.models.setData", {"modelId": "peopleModel", "row": 2, "column": 0,
                                      "value": "Barbara Adams"})
        qt.call("qt.models.setData", {"modelId": "peopleModel", "row": 2, "column": 1,
                                      "value": 32})


def test_events_pane_shows_another_clients_clicks(window: MainWindow, demo: DemoApp,
                                                 qt: Client) -> None:
    pane = window.pane(EventsPane)
    pane.types_edit.setText("MouseButtonPress, MouseButtonRelease")
    pane.model.clear()
    pane.start_button.setChecked(True)  # as a user would
    qwait(lambda: pane.running, what="the monitor to start")
    assert "MouseButtonPress" in pane.counts.text() and not pane.types_edit.isEnabled()
    try:
        qt.call("qt.ui.click", {"target": "newsletterCheck"})
        qwait(lambda: any(e["type"] == "MouseButtonRelease" for e in pane.model.events),
              what="the click in the events pane")
        press = next(e for e in pane.model.events if e["type"] == "MouseButtonPress")
        assert press["objectName"] == "newsletterCheck"
        row = pane.model.events.index(press)
        assert "newsletterCheck" in pane.model.index(row, 2).data()
        assert "left" in pane.model.index(row, 3).data()
        # pause: the stream goes on, rows do not
        pane.pause.setChecked(True)
        shown = pane.model.rowCount()
        qt.call("qt.ui.click", {"target": "newsletterCheck"})
        qwait(lambda: pane.held >= 2, what="events held while paused")
        assert pane.model.rowCount() == shown and "skipped while paused" in pane.counts.text()
        pane.pause.setChecked(False)
    finally:
        pane.start_button.setChecked(False)
        qwait(lambda: not pane.running, what="the monitor to stop")
    assert not qt.call("qt.events.stop", {})["stopped"]  # the qt client never had one


def test_events_pane_shows_bad_types(window: MainWindow) -> None:
    pane = window.pane(EventsPane)
    pane.types_edit.setText("NoSuchEvent")
    assert not run(pane.start())
    assert "INVALID_PARAMS" in pane.status.text() and not pane.running
    assert not pane.start_button.isChecked()
    pane.types_edit.setText("")


def test_timers_pane_lists_and_measures_the_heartbeat(window: MainWindow) -> None:
    pane = window.pane(TimersPane)
    pane.refresh()
    qwait(lambda: any("heartbeat" in r[0] for r in pane.rows()), what="the heartbeat timer")
    heartbeat = next(r for r in pane.rows() if "heartbeat" in r[0])
    assert heartbeat[2] == "50" and heartbeat[3] == "yes" and "mainWindow" in heartbeat[1]
    pane.seconds.setValue(0.5)
    result = run(pane.measure())
    assert result is not None and result["totalWakeups"] > 0
    rows = pane.rows()
    top = rows[0]
    assert "heartbeat" in top[0] and int(top[4]) >= 4  # 50 ms over 0.5 s: ~10
    wakeups = [int(r[4] or 0) for r in rows]
    assert wakeups == sorted(wakeups, reverse=True)
    assert "wake-ups in" in pane.summary.text()
    # a startTimer timer (e.g. a line edit's cursor blink) is one row, with its wake-ups
    listed = [t for t in pane.timers if t["kind"] == "QObject.startTimer"]
    events = " ".join(r[0] for r in rows if r[0].startswith("timer event"))
    assert not [t for t in listed if f"({t['id']})" in events]


def test_render_inspector_with_model_pane(window: MainWindow) -> None:
    window.pane(ModelsPane).model.reset(None)  # the pane caches pages: read the restored rows again
    _show_people(window)
    window.show_tool("models")
    qwait(lambda: _cell(window, 0, 0) == "Ada Adams", what="rows to show")
    out = ARTIFACTS / "inspector-data.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    assert window.grab().save(str(out))
    assert out.stat().st_size > 10_000


def _headers(window: MainWindow) -> list[Any]:
    model = window.pane(ModelsPane).model
    return [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())]


def test_model_pane_role_columns(window: MainWindow) -> None:
    pane = window.pane(ModelsPane)
    pane.model.reset(None)
    _show_people(window)
    assert pane.available_roles[0] == "display" and "toolTip" in pane.available_roles
    assert pane.model.roles == ["display"] and _headers(window) == ["Name", "Age", "City"]
    try:
        assert pane.set_roles(["display", "edit"])
        assert _headers(window) == ["Name · display", "Name · edit", "Age · display",
                                    "Age · edit", "City · display", "City · edit"]
        qwait(lambda: _cell(window, 1, 1) == "Alan Adams", what="the edit role column")
        assert [_cell(window, 1, c) for c in (2, 3, 4)] == ["55", "55", "Toronto"]
        checked = [a.data() for a in pane.roles_menu.actions() if a.isChecked()]
        assert checked == ["display", "edit"] and "display, edit" in pane.roles_button.text()
        assert "display, edit" in pane.roles_button.toolTip()
        # unticking a role in the menu, as a user would, drops its columns
        edit = next(a for a in pane.roles_menu.actions() if a.data() == "edit")
        edit.setChecked(False)
        assert pane.model.roles == ["display"] and pane.model.columnCount() == 3
        assert not pane.set_roles(["noSuchRole"]) and pane.model.roles == ["display"]
    finally:
        pane.set_roles(["display"])


@pytest.fixture(scope="module")
def extra(tmp_path_factory: pytest.TempPathFactory) -> Iterator[DemoApp]:
    """The demo plus catalogModel: user roles "sku"/"price" in roleNames(), icons."""
    app = start_extra_demo(tmp_path_factory.mktemp("extra_demo"))
    yield app
    app.stop()


def test_model_pane_user_roles_and_icons_as_columns(window: MainWindow, extra: DemoApp
                                                   ) -> None:
    """Last in the module: it moves the inspector to another app."""
    pane = window.pane(ModelsPane)
    window.show_tool("models")
    connect(window, extra)
    qwait(lambda: any(e["name"] == "catalogModel" for e in pane.entries),
          what="the other app's models")
    assert pane.select("catalogModel")
    qwait(lambda: pane.model.model_id and pane.model.total == 3, what="catalogModel info")
    # a one-column model with user roles shows them as columns by default
    assert pane.model.roles == ["display", "sku", "price"]
    assert _headers(window) == ["display", "sku", "price"]
    qwait(lambda: _cell(window, 2, 1) == "SKU-2", what="the user role column")
    assert [_cell(window, 2, c) for c in range(3)] == ["Plum", "SKU-2", "3.5"]
    labels = [a.text() for a in pane.roles_menu.actions()]
    assert "sku  (user role)" in labels and "decoration" in labels
    assert pane.set_roles(["display", "decoration", "sku"])
    assert pane.roles_button.text() == "Roles: 3 shown"
    assert "display, decoration, sku" in pane.roles_button.toolTip()
    qwait(lambda: _cell(window, 0, 1) == "16×12", what="the icon column")
    icon = pane.model.index(0, 1).data(Qt.ItemDataRole.DecorationRole)
    assert isinstance(icon, QPixmap) and (icon.width(), icon.height()) == (16, 12)
    assert icon.toImage().pixelColor(8, 6).name() == "#ff0000"
    assert not pane.model.flags(pane.model.index(0, 1)) & Qt.ItemFlag.ItemIsEditable
    # editing a user-role cell sets that role in the app
    pane.model.setData(pane.model.index(1, 2), "SKU-99")
    qwait(lambda: _cell(window, 1, 2) == "SKU-99", what="the edited sku")
    app_side = extra.client("check").call("qt.models.data", {
        "modelId": "catalogModel", "row": 1, "roles": ["sku", "display"]})["roles"]
    assert app_side == {"sku": "SKU-99", "display": "Lime"}
    pane.view.resizeColumnsToContents()
    out = ARTIFACTS / "inspector-models-pane.png"
    out.parent.mkdir(parents=True, exist_ok=True)
    assert pane.grab().save(str(out)) and pane.grab().save("/tmp/models_pane.png")
