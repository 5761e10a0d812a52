"""A stale wrapper of another class among an object's children never reaches the probe
(in-process, real Qt).

Shiboken finds the wrapper of an object Qt returns by its address; a wrapper of another
class that outlived its C++ object is handed out for the QObject that now lives there.
The Quick suite met a QML type's QMetaObject among a GridLayout's children (probe faults,
ba594c8). Here one is planted the same way, deterministically: a QTabWidget's tab bar
(made by Qt in C++) loses its wrapper, and a QMetaObject wrapper is made at its address.
Each path that asks Qt for children must then see the tab bar, not the QMetaObject.
"""

from __future__ import annotations

import gc
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QMetaObject, QObject
from PySide6.QtWidgets import (
    QLabel,
    QLineEdit,
    QTabBar,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from probe.core.a11y.walk import walk_window
from probe.core.capture.render import render_window
from probe.core.data import timers
from probe.core.objects import paths, qtchildren, selectors
from probe.core.objects import tree as objtree
from probe.core.objects.idtable import IdTable
from probe.core.problems import scan


@pytest.fixture
def window(qtbot: QtBot, request: pytest.FixtureRequest) -> Iterator[QWidget]:
    win = QWidget()
    win.setObjectName(re.sub(r"\W", "_", f"stale_{request.node.name}"))  # one per test
    qtbot.addWidget(win)
    column = QVBoxLayout(win)
    column.addWidget(QLabel("Name", win))
    column.addWidget(QLineEdit(win))
    tabs = QTabWidget(win)
    tabs.setObjectName("staleTabs")
    tabs.addTab(QLabel("first page"), "First")
    tabs.addTab(QLabel("second page"), "Second")
    column.addWidget(tabs)
    win.show()
    qtbot.waitExposed(win)
    yield win


def plant(window: QWidget) -> tuple[QObject, Any]:
    """The tabs widget, and a QMetaObject wrapper shiboken now gives for its tab bar."""
    tabs = QObject.findChild(window, QTabWidget, "staleTabs")
    bar = next(k for k in QObject.children(tabs) if isinstance(k, QTabBar))
    address = shiboken6.getCppPointer(bar)[0]
    shiboken6.invalidate(bar)
    del bar
    gc.collect()
    fake = shiboken6.wrapInstance(address, QMetaObject)
    assert any(isinstance(k, QMetaObject) for k in QObject.children(tabs)), \
        "premise: the planted wrapper is among Qt's answer"
    return tabs, fake


def _name(window: QWidget) -> str:
    return QObject.objectName(window)


def _tree(window: QWidget, tabs: QObject) -> list[str]:
    out = objtree.tree(IdTable(), tabs, depth=1, max_nodes=100)
    return [n["className"] for n in out["nodes"][0]["children"]]


CHECKS: dict[str, Callable[[QWidget, QObject], Any]] = {
    "children": lambda window, tabs: qtchildren.children(tabs),
    "descendants": lambda window, tabs: qtchildren.descendants(window),
    "find child": lambda window, tabs: qtchildren.find_child(window, QTabBar,
                                                         "qt_tabwidget_tabbar"),
    "object tree": _tree,
    "path lookup": lambda window, tabs: paths.resolve_path(f"{_name(window)}/staleTabs/QTabBar"),
    "selector": lambda window, tabs: selectors.select_all(f"{_name(window)}/**/QTabBar"),
    "find by class": lambda window, tabs: objtree.find_by_class("QTabBar", window, True),
    "page walk": lambda window, tabs: [n.role for n in walk_window(window).iter()],
    "problems scan": lambda window, tabs: len(scan.scan().widgets),
    "timers": lambda window, tabs: len(timers.object_timers()),
}


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_a_planted_stale_wrapper_never_reaches_a_path(window: QWidget, check: str) -> None:
    tabs, fake = plant(window)
    result = CHECKS[check](window, tabs)
    dropped = not shiboken6.isValid(fake)  # never repr the fake: it reads freed memory
    del fake
    assert dropped, "the stale wrapper was not dropped: this path did not ask for children"
    kinds = [type(k).__name__ for k in QObject.children(tabs)]
    assert kinds.count("QTabBar") == 1, kinds
    # plain values only: pytest's repr of a stale wrapper would read freed memory
    if check == "object tree":
        assert "QTabBar" in result
    if check in ("path lookup", "find child"):
        assert type(result).__name__ == "QTabBar"
    if check == "descendants":
        assert sum(isinstance(o, QTabBar) for o in result) == 1
    if check in ("selector", "find by class"):
        assert [type(o).__name__ for o in result] == ["QTabBar"]
    if check == "page walk":
        assert "tab" in result
    if check == "problems scan":
        assert result >= 4  # the label, the field, the tabs and the tab bar at least


def test_a_typed_search_finds_the_object_and_the_picture_is_drawn(window: QWidget) -> None:
    """A typed search (the live view's, 20 a second) finds the tab bar behind the stale
    wrapper (Qt's own findChildren leaves it out), and the window's picture renders."""
    _tabs, fake = plant(window)
    found = qtchildren.find_children(window, QWidget)
    dropped = not shiboken6.isValid(fake)
    del fake
    kinds = [type(w).__name__ if isinstance(w, QWidget) else "not a widget" for w in found]
    del found
    assert dropped, "the stale wrapper was not dropped"
    assert kinds.count("QTabBar") == 1, kinds
    assert "not a widget" not in kinds, kinds
    assert not render_window(window).isNull()
