"""qt.actions.* (#39 item 4): every QAction with its keys, state, where it is shown and the
keys it collides on; triggering and toggling one as its menu entry would, read back in
the app (tests/apps/actions_app.py, the demo).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo


@pytest.fixture(scope="module")
def app() -> Iterator[DemoApp]:
    a = start_demo(module="tests.apps.actions_app")
    yield a
    a.stop()


@pytest.fixture(scope="module")
def acts(app: DemoApp) -> Client:
    return app.client()


def listed(qt: Client) -> dict[str, dict[str, Any]]:
    got = qt.call("qt.actions.list", {})
    assert got["count"] == len(got["actions"])
    return {a["object"]["objectName"]: a for a in got["actions"] if a["object"]["objectName"]}


def text_of(qt: Client, name: str) -> str:
    return str(qt.call("qt.properties.get", {"objectId": name, "name": "text"})["value"])


def test_every_action_with_its_keys_state_and_places(acts: Client) -> None:
    found = listed(acts)
    assert {"actionSave", "actionWrap", "actionLocked", "actionPrint", "actionFind",
            "actionSearch", "actionClearField", "actionOrphan"} <= set(found)
    save = found["actionSave"]
    assert (save["text"], save["shortcuts"], save["context"]) == ("Save", ["Ctrl+S"], "window")
    assert [(s["kind"], s["title"]) for s in save["shownIn"]] == [
        ("menu", "File"), ("toolbar", "Main toolbar")]
    wrap = found["actionWrap"]
    assert wrap["checkable"] and wrap["checked"] is False and wrap["enabled"]
    assert found["actionPrint"]["enabled"] is False
    clear = found["actionClearField"]
    assert clear["context"] == "widget"
    assert [(s["kind"], s["title"]) for s in clear["shownIn"]] == [("widget", "field")]
    assert found["actionOrphan"]["shownIn"] == []


def test_colliding_keys_are_named_on_each_side(acts: Client) -> None:
    found = listed(acts)
    find, search = found["actionFind"], found["actionSearch"]
    assert find["conflicts"] == [{"keys": "Ctrl+F", "others": ["QAction 'actionSearch'"],
                                  "ids": [search["object"]["id"]]}]
    assert search["conflicts"][0]["others"] == ["QAction 'actionFind'"]
    assert found["actionSave"]["conflicts"][0]["others"] == ["QShortcut 'saveShortcut'"]
    assert found["actionWrap"]["conflicts"] == []
    problems = acts.call("qt.problems", {})["problems"]  # the same rule, one place
    assert {p.get("keys") for p in problems if p["kind"] == "duplicate_shortcut"} == {
        "Ctrl+F", "Ctrl+S"}


def test_trigger_runs_the_apps_own_slot(acts: Client) -> None:
    out = acts.call("qt.actions.trigger", {"objectId": "actionSave"})
    assert out["triggered"] is True and "checked" not in out
    assert text_of(acts, "state") == "saved 1"
    assert "saved 1" in out["changes"]


def test_toggle_is_read_back(acts: Client) -> None:
    on = acts.call("qt.actions.trigger", {"objectId": "actionWrap", "checked": True})
    assert on["triggered"] is True and on["checked"] is True
    assert text_of(acts, "state") == "wrap on"  # its toggled slot ran
    again = acts.call("qt.actions.trigger", {"objectId": "actionWrap", "checked": True})
    assert again["triggered"] is False and again["checked"] is True  # already so
    off = acts.call("qt.actions.trigger", {"objectId": "actionWrap", "checked": False})
    assert off["checked"] is False and text_of(acts, "state") == "wrap off"
    with pytest.raises(RemoteError) as err:  # its slot unchecks it again
        acts.call("qt.actions.trigger", {"objectId": "actionLocked", "checked": True})
    assert err.value.name == "FORM_INPUT_NOT_TAKEN"
    assert (err.value.data["expected"], err.value.data["actual"]) == (True, False)


@pytest.mark.parametrize(("params", "name"), [
    ({"objectId": "actionPrint"}, "ELEMENT_NOT_ENABLED"),
    ({"objectId": "state"}, "INVALID_PARAMS"),
    ({"objectId": "actionSave", "checked": True}, "INVALID_PARAMS"),
    ({"objectId": "noSuchAction"}, "OBJECT_NOT_FOUND"),
    ({}, "INVALID_PARAMS"),
])
def test_bad_input_gets_the_tables_errors(acts: Client, app: DemoApp, params: dict[str, Any],
                                          name: str) -> None:
    with pytest.raises(RemoteError) as err:
        acts.call("qt.actions.trigger", params)
    assert err.value.name == name and err.value.hint
    assert app.alive()


def test_the_demos_clear_form_action_clears_the_form(qt: Client) -> None:
    everything = qt.call("qt.actions.list", {})["actions"]
    # Qt's own (a line edit's clear button, the menu bar's extension button) are not the app's
    assert all(a["text"] and not a["object"]["objectName"].startswith("_q_")
               for a in everything), [a["object"] for a in everything if not a["text"]]
    menus = [a for a in everything if a["text"] == "Edit"]
    assert [(s["kind"], s["title"]) for s in menus[0]["shownIn"]] == [("menubar", "")]
    qt.call("qt.properties.set", {"objectId": "nameEdit", "name": "text", "value": "Ada"})
    found = listed(qt)["actionClearForm"]
    assert found["shortcuts"] == ["Ctrl+Shift+R"]
    assert {(s["kind"], s["title"]) for s in found["shownIn"]} == {
        ("menu", "Edit"), ("toolbar", "Main toolbar")}
    qt.call("qt.actions.trigger", {"objectId": found["object"]["id"]})
    assert text_of(qt, "nameEdit") == ""


# ------------------------------------------------------------------------------ Qt Quick


@pytest.fixture(scope="module")
def quick_app() -> Iterator[DemoApp]:
    a = start_demo(module="tests.apps.actions_quick_app")
    yield a
    a.stop()


def log_of(qt: Client) -> str:
    return str(qt.call("qt.properties.get", {"objectId": "quickActionsWindow",
                                             "name": "log"})["value"])


def test_quick_actions_and_shortcuts_are_listed_and_triggered(quick_app: DemoApp) -> None:
    qt = quick_app.client()
    found = listed(qt)
    save, grid = found["quickSave"], found["quickGrid"]
    assert (save["text"], save["shortcuts"], save["context"]) == ("Save", ["Ctrl+S"], "window")
    assert [(s["kind"], s["title"]) for s in save["shownIn"]] == [("menu", "File")]
    assert grid["checkable"] and not grid["checked"]
    printing = found["quickPrint"]
    assert printing["shortcuts"] == ["Ctrl+P"]  # StandardKey.Print
    assert [(s["kind"], s["title"]) for s in printing["shownIn"]] == [("item", "printButton")]
    find = found["quickFind"]
    assert (find["text"], find["shortcuts"], find["checkable"]) == ("", ["Ctrl+F"], False)
    assert qt.call("qt.actions.trigger", {"objectId": "quickSave"})["triggered"] is True
    on = qt.call("qt.actions.trigger", {"objectId": "quickGrid", "checked": True})
    assert on["checked"] is True
    assert log_of(qt) == "save;grid=true;"  # the app's own handlers ran
    with pytest.raises(RemoteError) as err:
        qt.call("qt.actions.trigger", {"objectId": "quickFind"})
    assert err.value.name == "INVALID_PARAMS" and "chr.key" in err.value.hint
