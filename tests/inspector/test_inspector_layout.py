"""The live view's layout overlay and the Layout tab against a real demo app: the facts
are the probe's (qt.layout, checked against the app's own QLayout in
tests/probe/api/test_layout.py), the overlay's pixels are drawn where the widget, its
cells and its tab stops are on the picture, and it follows the selection and a resize."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtGui import QColor, QImage

from inspector.models.layout import Box, box
from inspector.panes.layout import LayoutPane
from inspector.panes.live_view import LiveViewPane
from inspector.panes.objects import ObjectsPane
from inspector.widgets.layout_overlay import CELL_COLOUR, TAB_COLOUR
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait, run

SIZE = {"width": 1000, "height": 700}


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> Iterator[None]:
    connect(window, demo)
    qwait(lambda: window.pane(LiveViewPane).frames, what="a first frame")
    yield
    demo.client(name="restore").call("qt.properties.set", {
        "objectId": "mainWindow", "name": "size", "value": SIZE})


def choose(window: MainWindow, name: str) -> None:
    node = run(window.pane(ObjectsPane).reveal(name))
    assert node is not None, name
    qwait(lambda: window.broker.layout.facts is not None
          and window.broker.layout.facts["target"]["objectName"] == name,
          what=f"the layout of {name}")


def near(c: QColor, want: QColor, tolerance: int = 60) -> bool:
    return (abs(c.red() - want.red()) + abs(c.green() - want.green())
            + abs(c.blue() - want.blue())) < tolerance


def coloured(image: QImage, area: Box, want: QColor) -> int:
    """How many pixels of ``area`` (view pixels) are about ``want``."""
    x, y, w, h = area
    return sum(near(image.pixelColor(i, j), want) for i in range(max(0, x), x + w)
               for j in range(max(0, y), y + h)
               if i < image.width() and j < image.height())


def test_the_overlay_draws_the_widgets_cells_and_tab_stops_where_they_are(
        window: MainWindow, qt: Client) -> None:
    live = window.pane(LiveViewPane)
    live.layout_button.setChecked(False)
    choose(window, "formPanel")
    off = live.view.grab().toImage()
    live.layout_button.setChecked(True)
    qwait(lambda: live.view.overlay is not None, what="the overlay")
    overlay = live.view.overlay
    assert overlay is not None
    facts = qt.call("qt.layout", {"objectId": "formPanel"})
    assert overlay.widget == box(facts["geometry"])
    assert [c.rect for c in overlay.cells] == [box(c["rect"]) for c in facts["layout"]["cells"]]
    assert [r for _, r in overlay.tab_stops] == [box(s["rect"]) for s in facts["tabOrder"]]
    on = live.view.grab().toImage()
    ratio = live.view.devicePixelRatioF()

    def in_view(r: Box, pad: int = 0) -> Box:
        v = live.view.rect_to_view(r)
        return (round((v.x() - pad) * ratio), round((v.y() - pad) * ratio),
                round((v.width() + 2 * pad) * ratio), round((v.height() + 2 * pad) * ratio))

    # the first cell's outline: its bottom edge, a line of the cell colour, where there
    # was none
    x, y, w, h = in_view(overlay.cells[0].rect)
    edge = (x + 4, y + h - 2, max(4, w - 8), 4)
    assert coloured(off, edge, CELL_COLOUR) == 0
    assert coloured(on, edge, CELL_COLOUR) > w // 2
    # tab stop badges: the stop's number on a teal pill at the widget's top left
    name_edit = next(n for n, s in zip(overlay.tab_stops, facts["tabOrder"], strict=True)
                     if s["object"]["objectName"] == "nameEdit")
    stop = in_view(dict(enumerate(overlay.tab_stops))[name_edit[0] - 1][1])
    middle = (stop[0] + 2, stop[1] + 2, 10, 8)
    assert coloured(on, middle, TAB_COLOUR) > 10
    assert coloured(off, middle, TAB_COLOUR) == 0


def test_the_overlay_follows_the_selection_a_resize_and_a_page_switch(window: MainWindow, qt: Client
                                                        ) -> None:
    live = window.pane(LiveViewPane)
    live.layout_button.setChecked(True)
    choose(window, "nameEdit")
    qwait(lambda: live.view.overlay is not None
          and live.view.overlay.widget == box(qt.call("qt.layout", {
              "objectId": "nameEdit"})["geometry"]), what="the overlay on nameEdit")
    overlay = live.view.overlay
    assert overlay is not None and any(c.chosen for c in overlay.cells)  # its form cell
    before = overlay.widget
    qt.call("qt.properties.set", {"objectId": "mainWindow", "name": "size",
                                  "value": {"width": 820, "height": 610}})

    def moved() -> bool:
        now = live.view.overlay
        want = box(qt.call("qt.layout", {"objectId": "nameEdit"})["geometry"])
        return now is not None and now.widget == want != before
    qwait(moved, what="the overlay after the resize")
    # another page of the app's tabs: the form's widgets are hidden, their cells go
    choose(window, "formPanel")
    qwait(lambda: live.view.overlay is not None and live.view.overlay.cells
          and live.view.overlay.widget == box(qt.call("qt.layout", {
              "objectId": "formPanel"})["geometry"]), what="the overlay on formPanel")
    shown = [c for c in live.view.overlay.cells if c.kind == "widget"]
    qt.call("qt.properties.set", {"objectId": "tabs", "name": "currentIndex", "value": 1})
    try:
        qwait(lambda: live.view.overlay is not None
              and len([c for c in live.view.overlay.cells if c.kind == "widget"])
              < len(shown), what="the hidden page's cells to go")
    finally:
        qt.call("qt.properties.set", {"objectId": "tabs", "name": "currentIndex", "value": 0})
    live.layout_button.setChecked(False)
    assert live.view.overlay is None


def test_the_layout_tab_lists_the_same_facts(window: MainWindow, qt: Client) -> None:
    choose(window, "nameEdit")
    pane = window.pane(LayoutPane)
    rows = list(pane.model.rows())
    facts = qt.call("qt.layout", {"objectId": "nameEdit"})
    texts: dict[str, str] = {}
    for _, fact, value in rows:  # the first of each (the widget's before its layout's)
        texts.setdefault(fact, value)
    assert texts["Widget"].startswith("QLineEdit “nameEdit”")
    assert texts["Sits in"].startswith("QFormLayout “formLayout”")
    assert texts["Sits in"].endswith("row 0, field")
    assert f"Tab order ({len(facts['tabOrder'])})" in texts
    g = facts["geometry"]
    assert texts["Geometry"] == f"{g['x']}, {g['y']}  {g['width']}×{g['height']}"
    assert any(f == "row 0, field" and v.startswith("QLineEdit “nameEdit”")
               and v.endswith("this widget") for _, f, v in rows)
    m = facts["container"]["layout"]["margins"]
    assert texts["Margins"] == \
        f"{m['left']}, {m['top']}, {m['right']}, {m['bottom']} (left, top, right, bottom)"
