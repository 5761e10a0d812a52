"""The Actions tool (#39 item 4) against the app's own actions (tests/apps/actions_app.py):
rows with keys, state, places and conflicts; Trigger and Check run the app's own slots,
checked in the app (a label its slots write)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt

from inspector.models.actions import ActionTable
from inspector.panes.actions import ActionsPane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import ARTIFACTS, DemoApp, start_demo
from tests.support.inspector import connect, qwait


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start_demo(module="tests.apps.actions_app")
    yield a
    a.stop()


@pytest.fixture(scope="module")
def own(app: DemoApp) -> Client:
    return app.client()


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, app: DemoApp) -> None:
    connect(window, app)
    assert window.show_tool("actions")


def row_of(model: ActionTable, text: str) -> dict[str, str]:
    for r in range(model.rowCount()):
        if model.data(model.index(r, 0)) == text:
            return {str(model.headerData(c, Qt.Orientation.Horizontal)):
                    str(model.data(model.index(r, c)))
                    for c in range(model.columnCount())}
    raise AssertionError(f"no row {text!r}")


def label(own: Client) -> str:
    return str(own.call("qt.properties.get", {"objectId": "state", "name": "text"})["value"])


def test_rows_say_keys_state_places_and_conflicts(window: MainWindow) -> None:
    pane = window.pane(ActionsPane)
    qwait(lambda: pane.loaded, what="the actions listed")
    assert row_of(pane.model, "Find") == {
        "Action": "Find", "Shortcut": "Ctrl+F", "Context": "window", "State": "",
        "Shown in": "File menu", "Conflicts": "Ctrl+F also: QAction 'actionSearch'"}
    assert row_of(pane.model, "Word wrap")["State"] == "unchecked"
    assert row_of(pane.model, "Print")["State"] == "disabled"
    assert row_of(pane.model, "Save")["Shown in"] == "File menu, Main toolbar toolbar"
    assert "3 key conflicts" in pane.summary.text()  # Find, Search, Save


def test_trigger_and_check_run_the_apps_slots(window: MainWindow, own: Client) -> None:
    pane = window.pane(ActionsPane)
    qwait(lambda: pane.loaded, what="the actions listed")
    wrap = next(a for a in pane.model.rows if a["text"] == "Word wrap")
    assert pane.select(wrap["object"]["id"])
    assert pane.toggle_button.isEnabled() and pane.toggle_button.text() == "Check"
    pane.toggle_button.click()
    qwait(lambda: label(own) == "wrap on", what="the app's toggled slot")
    qwait(lambda: row_of(pane.model, "Word wrap")["State"] == "checked",
          what="the row read again")
    assert "now checked" in pane.status.text()
    assert pane.toggle_button.text() == "Uncheck"
    save = next(a for a in pane.model.rows if a["text"] == "Save")
    assert pane.select(save["object"]["id"])
    assert not pane.toggle_button.isEnabled()
    pane.trigger_button.click()
    qwait(lambda: label(own).startswith("saved"), what="the app's triggered slot")
    printing = next(a for a in pane.model.rows if a["text"] == "Print")
    assert pane.select(printing["object"]["id"]) and not pane.trigger_button.isEnabled()
    pane.grab().save(str(ARTIFACTS / "inspector-actions.png"))
