"""qt.layout and qt.style on third-party apps, unmodified: a text editor's grid with a
nested box (jwrite) and a finance app's window of combo box, table, buttons and text
fields under a style sheet of its own (ferrous-cat-finance). What they say is checked
against the app by other ways in: the layouts' own Qt properties (contentsMargins,
spacing), each widget's geometry (qt.ui.geometry), for the tab order where Tab actually
moves the focus, and the widgets' own font, palette and styleSheet properties."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from tests.realapps.test_texteditor import _jwrite
from tests.support.realapp import RealApp, start, wait_for_window


@pytest.fixture(scope="module")
def jwrite() -> Iterator[Client]:
    for app in start(_jwrite()):
        client = app.client()
        wait_for_window(client)
        yield client


def prop(qt: Client, target: str, name: str) -> Any:
    return qt.call("qt.properties.get", {"objectId": target, "name": name})["value"]


def window_rect(qt: Client, target: str) -> dict[str, int]:
    return qt.call("qt.ui.geometry", {"objectId": target})["window"]


def test_a_grid_with_a_nested_box_as_the_app_holds_it(jwrite: Client) -> None:
    facts = jwrite.call("qt.layout", {"objectId": "MainWindow/centralwidget"})
    grid = facts["layout"]
    assert grid["object"]["className"] == "QGridLayout"
    assert grid["margins"] == prop(jwrite, grid["object"]["id"], "contentsMargins")
    assert grid["horizontalSpacing"] == prop(jwrite, grid["object"]["id"], "spacing")
    # a widget's top layout fills the widget
    assert grid["geometry"] == window_rect(jwrite, "MainWindow/centralwidget")
    (cell,) = grid["cells"]
    assert (cell["kind"], cell["row"], cell["column"], cell["rowSpan"], cell["columnSpan"]) \
        == ("layout", 0, 0, 1, 1)
    inner = cell["layout"]
    assert inner["object"]["objectName"] == "horizontalLayout" == cell["object"]["objectName"]
    assert cell["rect"] == inner["geometry"]
    editor = next(c for c in inner["cells"] if c.get("object", {}).get("objectName")
                  == "textEdit")
    assert editor["rect"] == window_rect(jwrite, editor["object"]["id"])
    held = jwrite.call("qt.layout", {"objectId": editor["object"]["id"]})["container"]
    assert held["layout"]["object"]["id"] == inner["object"]["id"]
    assert held["layout"]["cells"][held["index"]]["object"]["id"] == editor["object"]["id"]


def test_the_tab_order_is_where_tab_moves_the_focus(finance: RealApp) -> None:
    qt = finance.client()
    wait_for_window(qt, timeout=20)
    window = next(n for n in qt.call("qt.objects.tree", {"depth": 1})["nodes"]
                  if n["isWidget"] and n["visible"])
    stops = qt.call("qt.layout", {"objectId": window["id"]})["tabOrder"]
    assert len(stops) >= 5, stops
    ids = [s["object"]["id"] for s in stops]
    checked = 0
    for here, there in itertools.pairwise(stops):
        if here["keepsTab"]:
            continue  # Tab stays in it (a table moves to its next cell)
        qt.call("qt.ui.focus", {"objectId": here["object"]["id"]})
        qt.call("qt.ui.key", {"keys": "Tab"})
        focused = [i for i in ids if prop(qt, i, "focus")]
        assert focused == [there["object"]["id"]], (here, there, focused)
        checked += 1
    # the combo box to the table, the table's last stop on to the buttons below it
    assert checked >= 3, stops
    assert any(s["keepsTab"] for s in stops)  # the ledger table moves cell by cell
    assert finance.alive()


def test_a_style_sheets_font_and_the_apps_style(finance: RealApp) -> None:
    qt = finance.client()
    wait_for_window(qt, timeout=20)
    roots = qt.call("qt.objects.tree", {"depth": 1})["nodes"]
    window = next(n for n in roots if n["isWidget"] and n["visible"])
    stops = qt.call("qt.layout", {"objectId": window["id"]})["tabOrder"]
    combo = next(s["object"]["id"] for s in stops if s["object"]["className"] == "QComboBox")
    facts = qt.call("qt.style", {"objectId": combo})
    own = prop(qt, combo, "font")
    assert (facts["font"]["family"], facts["font"]["pointSizeF"], facts["font"]["weight"]) \
        == (own["family"], own["pointSizeF"], own["weight"])
    assert facts["font"]["family"].lower() == "verdana"  # the app's sheet: font-family
    assert facts["fontFrom"] == {"kind": "styleSheet"}
    (sheet,) = facts["styleSheets"]
    assert "font-family: verdana" in sheet["styleSheet"] and sheet["from"] == "ancestor"
    assert prop(qt, sheet["object"]["id"], "styleSheet") == sheet["styleSheet"]
    # the app's style object (its objectName is the style's name)
    assert any(n["objectName"] == facts["styleName"] and not n["isWidget"] for n in roots)
    active = {r["role"]: r["color"] for r in facts["palette"][0]["roles"]}
    assert prop(qt, combo, "palette")["text"] == \
        f"window {active['Window']}, text {active['WindowText']}"
