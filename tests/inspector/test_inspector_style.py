"""The Style tab against a real demo app: the palette, font and style sheets it lists are
the probe's (qt.style, checked against the app in tests/probe/api/test_style.py), each
role with its colour as a swatch, inherited roles muted."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from inspector.panes.objects import ObjectsPane
from inspector.panes.style import StylePane
from inspector.window.main_window import MainWindow
from probe.client import Client
from tests.support.app import DemoApp
from tests.support.inspector import connect, qwait, run


@pytest.fixture(scope="module", autouse=True)
def connected(window: MainWindow, demo: DemoApp) -> None:
    connect(window, demo)


def test_the_style_tab_lists_the_widgets_palette_font_and_sheets(window: MainWindow,
                                                                 qt: Client) -> None:
    pane = window.pane(StylePane)
    window.tools.show_details("style")
    node = run(window.pane(ObjectsPane).reveal("errorLabel"))
    assert node is not None
    qwait(lambda: pane.model.facts is not None
          and pane.model.facts["target"]["objectName"] == "errorLabel", what="its style")
    facts = qt.call("qt.style", {"objectId": "errorLabel"})
    rows = list(pane.model.rows())
    texts: dict[str, str] = {}
    for _, fact, value in rows:
        texts.setdefault(fact, value)
    assert texts["Style"] == facts["styleName"]
    assert texts["Font"] == f"{facts['font']['family']} 9 pt, Bold"
    assert texts["From"] == "a style sheet"
    assert texts["Palette"] == "from this widget"
    assert texts["Style sheets (1)"] == "the app's first, this widget's last"
    assert any(v.strip() == "color: #c62828;" for _, _, v in rows)  # the sheet's lines
    # the Active group's WindowText: its colour, a swatch of it, not muted (set here)
    model = pane.model
    palette = next(model.index(r, 0) for r in range(model.rowCount())
                   if model.index(r, 0).data() == "Palette")
    active = model.index(0, 0, palette)
    assert active.data() == "Active"
    cell = next(model.index(r, 1, active) for r in range(model.rowCount(active))
                if model.index(r, 0, active).data() == "WindowText")
    assert cell.data() == "#c62828"
    assert cell.data(Qt.ItemDataRole.DecorationRole) == QColor("#c62828")
    assert cell.data(Qt.ItemDataRole.ForegroundRole) is None
    window_role = next(model.index(r, 1, active) for r in range(model.rowCount(active))
                       if model.index(r, 0, active).data() == "Window")
    assert window_role.data(Qt.ItemDataRole.ForegroundRole) is not None  # inherited: muted
