"""Reading a window's layouts leaves no QLayoutItem wrappers behind (in-process, real Qt).

PySide keeps the wrappers ``QLayout.itemAt`` hands out; once Qt deletes such an item, a
QObject made later at its address came back to the probe as a "QWidgetItem" (an
INTERNAL_ERROR in a dialogs test, one run in twenty). The walk must release what it made
and leave the app's own wrappers alone.
"""

from __future__ import annotations

import gc

import shiboken6
from PySide6.QtWidgets import (
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QLayoutItem,
    QLineEdit,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from probe.core.a11y.walk import walk_window


def _item_wrappers(window: QWidget) -> list[QLayoutItem]:
    """Live wrappers of the layout items of ``window``'s widgets (other tests in this
    process may keep items of their own)."""
    gc.collect()
    return [o for o in shiboken6.getAllValidWrappers()
            if isinstance(o, QLayoutItem) and not isinstance(o, QLayout)
            and isinstance(o.widget(), QWidget) and window.isAncestorOf(o.widget())]


def test_a_walk_releases_the_layout_items_it_read(qtbot) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    column = QVBoxLayout(window)
    form = QFormLayout()
    form.addRow(QLabel("Name"), QLineEdit())
    grid = QGridLayout()
    grid.addWidget(QLabel("Email"), 0, 0)
    grid.addWidget(QLineEdit(), 0, 1)
    row = QHBoxLayout()
    row.addWidget(QLabel("City"))
    row.addWidget(QLineEdit())
    spacer = QSpacerItem(10, 10)  # the app's own item: its wrapper must stay valid
    row.addItem(spacer)
    for lay in (form, grid, row):
        column.addLayout(lay)
    window.show()
    qtbot.waitExposed(window)
    for item in _item_wrappers(window):  # building the layouts left some: start from none
        shiboken6.invalidate(item)
    item = None  # the last one (6.12 builds layouts leaving none: nothing to drop)
    assert _item_wrappers(window) == []
    tree = walk_window(window)
    names = [n.name for n in tree.iter() if n.role == "textbox"]
    assert names == ["Name", "Email", "City"]  # the labels beside them, found
    assert _item_wrappers(window) == []  # nothing of ours left behind
    assert shiboken6.isValid(spacer) and spacer.sizeHint().width() == 10
