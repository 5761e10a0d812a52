"""Reading a window keeps no wrapper of what the app deletes (in-process, real Qt).

PySide makes every wrapper ``QObject.findChildren(root)`` returns a child of ``root``'s
wrapper, and that link outlives the object: a window the live view rendered 20 times a
second (its pending-events guard asked ``findChildren(window, QWidget)``) held about 20
dead wrappers per rebuild of a churning panel, and their creation-site notes; the
10-minute soak grew by them (issue #37). Each read path is run on a window whose panel
the app replaces, and no wrapper of a deleted object may stay behind.

The panel holds a dialog Qt fills itself (a QInputDialog: its label and field are made by
C++): the labels index asked Qt's findChildren for the window's labels to keep such a
field's wrapper valid, and so kept the dead labels of every dialog the app replaced (and,
through their buddies, its combo boxes: the soak's next growth).
"""

from __future__ import annotations

import gc
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QMainWindow,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from probe.core.a11y import navigate
from probe.core.a11y.labels import Labels
from probe.core.a11y.walk import walk_window
from probe.core.capture.render import render_window
from probe.core.data import timers
from probe.core.objects import selectors
from probe.core.objects import tree as objtree
from probe.core.objects.idtable import IdTable
from probe.core.problems import scan

#: Rebuilds per path.
ROUNDS = 20


class Churning(QMainWindow):
    """A main window whose panel (tabs, a list, a combo box, a field, labels) the app
    replaces with ``deleteLater``, as an app that rebuilds its view."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("churning")
        self.setCentralWidget(QWidget(self))
        self.column = QVBoxLayout(self.centralWidget())
        self.panel: QWidget | None = None
        self.rebuild()

    def rebuild(self) -> None:
        if self.panel is not None:
            self.panel.deleteLater()
        self.panel = panel = QWidget(self.centralWidget())
        box = QVBoxLayout(panel)
        tabs = QTabWidget(panel)
        tabs.addTab(QLineEdit(), "Alpha")
        tabs.addTab(QLabel("beta"), "Beta")
        items = QListWidget(panel)
        items.addItems(["kiwi", "lime"])
        combo = QComboBox(panel)
        combo.addItems(["one", "two"])
        for w in (QLabel("Name", panel), QLineEdit(panel), tabs, items, combo):
            box.addWidget(w)
        self.column.addWidget(panel)
        panel.show()
        self.dialog = QInputDialog(panel)  # a window of its own, filled by C++
        self.dialog.setLabelText("New name:")
        self.dialog.show()


def _dead() -> Counter[str]:
    gc.collect()
    return Counter(type(o).__name__ for o in gc.get_objects()
                   if isinstance(o, QObject) and not shiboken6.isValid(o))


PATHS: dict[str, Callable[[Churning], Any]] = {
    "picture": render_window,
    "page walk": walk_window,
    "navigate": navigate.available,
    "object tree": lambda w: objtree.tree(IdTable(), w, 30, 100_000, compact=True),
    "find by class": lambda w: objtree.find_by_class("QTabBar", w, True),
    "selector": lambda w: selectors.select_all("churning/**/QTabBar"),
    "problems scan": lambda w: scan.scan(),
    "timers": lambda w: timers.object_timers(),
    "labels": lambda w: [Labels(x, _any) for x in (w, w.dialog)],
}


def _any(w: QWidget) -> bool:
    return True


@pytest.mark.parametrize("path", sorted(PATHS))
def test_no_wrapper_of_a_deleted_object_stays(qtbot: QtBot, path: str) -> None:
    window = Churning()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    read = PATHS[path]
    before = _dead()
    for _ in range(ROUNDS):
        read(window)
        window.rebuild()
        QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        QApplication.processEvents()
    read(window)  # what a read keeps of objects deleted before it
    left = _dead() - before
    assert not left, f"{path} kept wrappers of deleted objects: {dict(left)}"


def test_a_field_qt_made_keeps_its_wrapper_after_its_label_is_read(qtbot: QtBot) -> None:
    """A C++-made field named by its buddy label (``QInputDialog.getText``'s) keeps the
    wrapper the session holds for it once the labels index is done: ``QLabel.buddy``
    ties the field's wrapper to the label's, and shiboken invalidates it when that one
    is freed, though the field lives (chr.formInput answered REF_NOT_FOUND "was deleted"
    for the field chr.readPage had just given)."""
    window = Churning()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window.dialog)
    field = next(w for w in QApplication.allWidgets()
                 if isinstance(w, QLineEdit) and QWidget.isAncestorOf(window.dialog, w))
    assert not shiboken6.createdByPython(field)
    names = Labels(window.dialog, _any).names
    assert names == {id(field): "New name"}
    del names
    gc.collect()
    assert shiboken6.isValid(field), "the labels index left the field's wrapper invalid"
