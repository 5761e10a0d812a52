"""A widgets app (and one Qt Quick window) whose controls raise where the probe reads them,
for tests/probe/api/test_never_blind.py.

Every part is something a real app does: a label with a link left in the default text
format, item views over list and table models in a tree view, models that raise in
``data()`` for one row, in ``index()`` for one row and in ``rowCount()``, a view whose
``visualRect`` override raises, a widget whose Python accessible interface raises, and a
QML item placed at ``x: 1/0`` beside one whose Python property getter raises. The models
and the view raise only once armed (``raising.arm()``, a slot of the window), so the
window can be built and shown first; ``raising.plant_probe_fault()`` makes a line of the
probe itself raise (as a defect of the probe would) on an unnamed field. A well-behaved
name field, an Apply button and a status label sit beside them. The window's ``log``
property (a JSON list) says what the app saw. Run it with the probe:
``qtmcp launch tests/apps/raising_app.py``.
"""

from __future__ import annotations

import gc
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import shiboken6
from PySide6.QtCore import Property as QtProperty
from PySide6.QtCore import (
    QAbstractItemModel,
    QAbstractListModel,
    QAbstractTableModel,
    QMetaObject,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QRect,
    QStringListModel,
    Qt,
    QUrl,
    Slot,
)
from PySide6.QtGui import QAccessible
from PySide6.QtQml import QmlElement
from PySide6.QtQuick import QQuickItem, QQuickView
from PySide6.QtWidgets import (
    QAccessibleWidget,
    QApplication,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListView,
    QMainWindow,
    QPushButton,
    QTableView,
    QTreeView,
    QWidget,
)

QML_IMPORT_NAME = "Raising"
QML_IMPORT_MAJOR_VERSION = 1
Index = QModelIndex | QPersistentModelIndex
TOP = QModelIndex()
ARMED = {"on": False}


class Rows(QAbstractListModel):
    """Four rows; once armed, ``data()`` raises for row 2 (a record the app lost)."""

    def rowCount(self, parent: Index = TOP) -> int:
        return 0 if parent.isValid() else 4

    def data(self, index: Index, role: int = 0) -> Any:
        if ARMED["on"] and index.row() == 2:
            raise ValueError("record 2 is gone")
        return f"item {index.row()}" if role == Qt.ItemDataRole.DisplayRole else None


class Grid(QAbstractTableModel):
    """Three rows of two cells; subclasses raise once armed."""

    def rowCount(self, parent: Index = TOP) -> int:
        return 0 if parent.isValid() else 3

    def columnCount(self, parent: Index = TOP) -> int:
        return 0 if parent.isValid() else 2

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return f"cell {index.row()},{index.column()}"

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return ("Left", "Right")[section] if section < 2 else None
        return None


class IndexRaises(Grid):
    """``index()`` raises for row 1 once armed (a model that looks rows up by position)."""

    def index(self, row: int, column: int, parent: Index = TOP) -> QModelIndex:
        if ARMED["on"] and row == 1:
            raise IndexError("row 1 is being reloaded")
        return super().index(row, column, parent)


class CountRaises(Grid):
    """``rowCount()`` raises once armed (its data source closed)."""

    def rowCount(self, parent: Index = TOP) -> int:
        if ARMED["on"]:
            raise ConnectionError("the data source is closed")
        return super().rowCount(parent)


class Tree(QAbstractItemModel):
    """A two-level tree: a QAbstractItemModel subclass, for comparison."""

    def index(self, row: int, column: int, parent: Index = TOP) -> QModelIndex:
        return self.createIndex(row, column, 0 if not parent.isValid() else 1 + parent.row())

    def parent(self, index: Index = TOP) -> QModelIndex:  # type: ignore[override]
        if not index.isValid() or index.internalId() == 0:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = TOP) -> int:
        if not parent.isValid():
            return 2
        return 2 if parent.internalId() == 0 and parent.column() == 0 else 0

    def columnCount(self, parent: Index = TOP) -> int:
        return 1

    def data(self, index: Index, role: int = 0) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if index.internalId() == 0:
            return f"branch {index.row()}"
        return f"leaf {index.internalId() - 1}.{index.row()}"


class OddList(QListView):
    """A view whose ``visualRect`` override raises for row 0 once armed."""

    def visualRect(self, index: Index) -> QRect:
        if ARMED["on"] and index.row() == 0:
            raise RuntimeError("visualRect of row 0 failed")
        return super().visualRect(index)


class Gauge(QWidget):
    """A custom control with its own accessible interface, whose text() raises."""


class GaugeAccessible(QAccessibleWidget):
    def text(self, t: QAccessible.Text) -> str:
        raise KeyError(f"no text {t!r} for the gauge")


def _factory(key: str, obj: QObject) -> Any:
    if isinstance(obj, Gauge):
        return GaugeAccessible(obj, QAccessible.Role.Button)
    return None


@QmlElement
class RaisingItem(QQuickItem):
    """A QML item whose Python property getter raises."""

    def _caption(self) -> str:
        raise RuntimeError("caption getter failed")

    caption = QtProperty(str, _caption, constant=True)  # type: ignore[assignment]


QML = """
import QtQuick
import QtQuick.Controls.Basic
import Raising
Rectangle {
    objectName: "quickRoot"
    width: 320; height: 200
    Column {
        Button { objectName: "quickOk"; text: "Quick OK" }
        Text { text: "Quick status" }
        Text { objectName: "far"; text: "Far away"; x: 1 / 0 }
        RaisingItem { objectName: "raisingItem"; width: 20; height: 20 }
        Repeater { objectName: "lateKids"; model: 0; Button { text: "Late " + (index + 1) } }
    }
}
"""


class Window(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("raising")
        self.setWindowTitle("Raising")
        self.entries: list[str] = []
        self.setProperty("log", "[]")
        menu = self.menuBar().addMenu("&File")
        menu.addAction("&Save").triggered.connect(lambda: self.note("saved"))
        page = QWidget()
        form = QFormLayout(page)
        name = QLineEdit()
        name.setObjectName("nameEdit")
        form.addRow("Name", name)
        status = QLabel("Ready")
        status.setObjectName("status")
        apply = QPushButton("Apply")
        apply.clicked.connect(lambda: status.setText("Applied"))
        form.addRow(apply)
        form.addRow(status)
        link = QLabel('Read <a href="https://example.org/help">the help</a> first.')
        link.setObjectName("helpLink")  # left in the default format (Qt.AutoText)
        link.linkActivated.connect(lambda href: self.note(f"link {href}"))
        form.addRow(link)
        self.views: list[Any] = []
        self.quick_view: QQuickView | None = None
        self.stale: object = None
        for label, view, model in (
                ("Tags", QTreeView(), QStringListModel(["red", "green"])),
                ("Grid in tree", QTreeView(), Grid()),
                ("Branches", QTreeView(), Tree()),
                ("Broken rows", QListView(), Rows()),
                ("Broken index", QTableView(), IndexRaises()),
                ("Broken count", QTableView(), CountRaises()),
                ("Odd list", OddList(), QStringListModel(["first", "second"]))):
            view.setModel(model)
            view.setObjectName(label.replace(" ", "").lower())
            view.setFixedHeight(90)
            self.views.append((view, model))
            form.addRow(label, view)
        bare = QLineEdit()  # no label, no placeholder: named by the probe's fallbacks
        bare.setObjectName("bareEdit")
        form.addRow(bare)
        gauge = Gauge()
        gauge.setObjectName("gauge")
        gauge.setFixedSize(60, 20)
        gauge.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        form.addRow("Gauge", gauge)
        self.setCentralWidget(page)
        self.resize(520, 900)

    def note(self, entry: str) -> None:
        self.entries.append(entry)
        self.setProperty("log", json.dumps(self.entries))

    @Slot()
    def plant_probe_fault(self) -> None:
        """Stand in for a defect of the probe: the function that reads an unnamed field's
        placeholder becomes one that asserts it reads a label (a probe line raises)."""
        from probe.core.a11y import links
        from probe.core.a11y.walk import widgets

        widgets.placeholder = links.links_of  # type: ignore[assignment]

    @Slot(result=bool)
    def plant_stale_wrapper(self) -> bool:
        """What a dropped QML engine leaves behind: shiboken keeps a wrapper of another
        class (a meta-object) at the address of a live item, and ``childItems()`` hands it
        out for that item. Here: a button the QML engine makes now (no wrapper of it is
        kept), then a meta-object wrapper at its address. Whether it took."""
        repeater = self.quick_view.rootObject().findChild(QObject, "lateKids")
        repeater.setProperty("model", 1)
        column = QQuickItem.parentItem(repeater)
        address = next(shiboken6.getCppPointer(k)[0] for k in QQuickItem.childItems(column)
                       if QObject.property(k, "text") == "Late 1")
        gc.collect()
        self.stale = shiboken6.wrapInstance(address, QMetaObject)
        return any(isinstance(k, QMetaObject) for k in QQuickItem.childItems(column))

    @Slot()
    def arm(self) -> None:
        """From now on the models and the view raise where they were told to."""
        ARMED["on"] = True
        for view, _model in self.views:
            view.viewport().update()


def main() -> int:
    app = QApplication(sys.argv[:1])
    app.setApplicationName("qtmcp-raising")
    QAccessible.installFactory(_factory)
    window = Window()
    window.show()
    qml = Path(tempfile.mkdtemp(prefix="qtmcp-raising-")) / "raising.qml"
    qml.write_text(QML, encoding="utf-8")
    view = QQuickView()
    view.setTitle("Raising Quick")
    view.setSource(QUrl.fromLocalFile(str(qml)))
    view.show()
    window.quick_view = view
    keep = [window, view]
    code = app.exec()
    keep.clear()
    return code


if __name__ == "__main__":
    sys.exit(main())
