"""qt.layout: a widget's layout cells, margins and spacing as the app's own QLayout places
them (the demo's ``layout-truth`` command reads ``itemAt(i).geometry()``, which the probe
never calls), the tab order as Tab actually moves the focus, the window's layout problems
on their widgets, and clear refusals."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.exceptions import RemoteError
from tests.support.app import DemoApp, start_demo


def truth(demo: DemoApp, name: str) -> dict[str, Any]:
    """The layout ``name`` as the app's own QLayout items place it."""
    demo.send_command(f"layout-truth {name}")
    line = demo.expect_line(lambda got: got.startswith("layout-truth "))
    return json.loads(line.removeprefix("layout-truth "))


def box(r: dict[str, int] | None) -> list[int] | None:
    return None if r is None else [r["x"], r["y"], r["width"], r["height"]]


@pytest.mark.parametrize("target,layout", [
    ("nameEdit", "formLayout"),  # a form layout: held in its container
    ("formPanel", "formPanel"),  # a box holding a nested layout: the widget's own
    ("formTab", "formTab"),  # a box with a stretch (a spacer) beside the panel
])
def test_cells_and_margins_match_the_apps_own_layout(demo: DemoApp, qt: Client, target: str,
                                                     layout: str) -> None:
    facts = qt.call("qt.layout", {"objectId": target})
    mine = facts["container"]["layout"] if target == "nameEdit" else facts["layout"]
    own = truth(demo, layout)
    m = mine["margins"]
    assert [m["left"], m["top"], m["right"], m["bottom"]] == own["margins"]
    assert box(mine["geometry"]) == own["geometry"]
    g = own["geometry"]
    assert box(mine["contentsRect"]) == [g[0] + m["left"], g[1] + m["top"],
                                         g[2] - m["left"] - m["right"],
                                         g[3] - m["top"] - m["bottom"]]
    assert [c["kind"] for c in mine["cells"]] == [i["kind"] for i in own["items"]]
    for cell, item in zip(mine["cells"], own["items"], strict=True):
        assert box(cell["rect"]) == item["rect"], (cell, item)
        if item["name"]:
            assert cell["object"]["objectName"] == item["name"]
    if target == "nameEdit":
        assert mine["cells"][facts["container"]["index"]]["object"]["objectName"] == "nameEdit"
        assert [(c["row"], c["role"]) for c in mine["cells"][:2]] == [(0, "label"),
                                                                      (0, "field")]
    if target == "formTab":
        assert mine["cells"][1]["kind"] == "spacer" and mine["cells"][1]["stretch"] == 1


def test_sizes_and_policy_are_the_widgets(qt: Client) -> None:
    facts = qt.call("qt.layout", {"objectId": "formPanel"})
    assert facts["sizes"]["maximumSize"]["width"] == 640  # setMaximumWidth(640) in the demo
    assert facts["sizePolicy"]["horizontal"] == "Preferred"
    geometry = qt.call("qt.ui.geometry", {"objectId": "formPanel"})["window"]
    assert facts["geometry"] == geometry
    assert facts["window"]["objectName"] == "mainWindow"


def test_the_tab_order_is_where_tab_moves_the_focus(qt: Client) -> None:
    stops = qt.call("qt.layout", {"objectId": "nameEdit"})["tabOrder"]
    ids = [s["object"]["id"] for s in stops]
    assert [s["order"] for s in stops] == list(range(1, len(stops) + 1))
    start = ids.index(qt.call("qt.ui.geometry", {"objectId": "nameEdit"})["target"]["id"])
    qt.call("qt.ui.focus", {"objectId": ids[start]})
    walked = 0
    for expected in ids[start + 1:]:
        if stops[start + walked]["keepsTab"]:
            assert stops[start + walked]["object"]["className"] == "QPlainTextEdit"
            break  # Tab types a tab there (the demo's notes)
        qt.call("qt.ui.key", {"keys": "Tab"})
        walked += 1
        focused = [i for i in ids if qt.call("qt.properties.get", {
            "objectId": i, "name": "focus"})["value"]]
        assert focused == [expected], (walked, stops)
    assert walked >= 5


@pytest.fixture(scope="module")
def problems_app() -> Iterator[Client]:
    app = start_demo(module="tests.apps.problems_app")
    try:
        yield app.client()
    finally:
        app.stop()


def test_the_windows_layout_problems_are_on_their_widgets(problems_app: Client) -> None:
    facts = problems_app.call("qt.layout", {"objectId": "text_cut"})
    found = {p["kind"]: p for p in facts["problems"]}
    assert {"text_cut", "covered", "zero_size", "outside_window"} <= set(found), found
    cut = found["text_cut"]
    assert cut["path"].endswith("/text_cut") and box(cut["rect"]) == box(facts["geometry"])
    assert facts["sizes"]["minimumSize"]["width"] == 40 == facts["geometry"]["width"]
    assert box(found["covered"]["rect"])[:2] == [300, 10]  # setGeometry(300, 10, 80, 30)


def test_what_is_no_widget_is_refused_with_what_answers(qt: Client, demo: DemoApp) -> None:
    with pytest.raises(RemoteError) as info:
        qt.call("qt.layout", {"objectId": "heartbeat"})
    assert info.value.name == "NOT_SUPPORTED" and "not a widget" in info.value.message
    assert info.value.hint
    by_layout = qt.call("qt.layout", {"objectId": "formLayout"})
    assert by_layout["target"]["objectName"] == "formPanel"  # a layout: its widget's facts


def test_a_dead_widget_is_an_error_and_the_app_lives(qt: Client, demo: DemoApp) -> None:
    gone = qt.call("qt.layout", {"objectId": "clickCountLabel"})["target"]["id"]
    demo.command("delete clickCountLabel")
    with pytest.raises(RemoteError) as info:
        qt.call("qt.layout", {"objectId": gone})
    assert info.value.name in ("OBJECT_STALE", "OBJECT_NOT_FOUND"), info.value
    assert qt.call("qt.ping")["busy"] is False


def test_a_quick_item_is_refused_naming_what_answers_for_it(qq: Client) -> None:
    item = qq.call("qml.tree", {})["nodes"][0]["children"][0]  # the window's first item
    with pytest.raises(RemoteError) as info:
        qq.call("qt.layout", {"objectId": item["id"]})
    assert info.value.name == "NOT_SUPPORTED" and "Qt Quick item" in info.value.message
    assert "qml.info" in (info.value.hint or "")
