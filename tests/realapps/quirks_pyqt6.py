"""A PyQt6 app whose own Python classes take the mouse, for tests/realapps/test_quirks_pyqt6.py.

In a PyQt6 app the probe wraps each object as the Qt class PySide6 knows (a scene's
``Cell`` is a QGraphicsEllipseItem to it), so the app's own handlers are found through
PyQt's wrapper of the same object. Here: a QGraphicsScene of ``Cell`` items that handle
``mousePressEvent`` with no item flag (as cadnano2's lattice), and a custom-painted
``Swatch`` widget that takes clicks and no focus; a ``Marker`` item with no tool tip.

Run it with the probe: ``qtmcp launch tests/realapps/quirks_pyqt6.py`` with PyQt6 on the
path.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

QtGui = importlib.import_module("PyQt6.QtGui")  # not installed beside the probe's PySide6
QtWidgets = importlib.import_module("PyQt6.QtWidgets")
QColor, QPainter = QtGui.QColor, QtGui.QPainter
QApplication, QGraphicsEllipseItem = QtWidgets.QApplication, QtWidgets.QGraphicsEllipseItem
QGraphicsRectItem = QtWidgets.QGraphicsRectItem
QGraphicsScene, QGraphicsView = QtWidgets.QGraphicsScene, QtWidgets.QGraphicsView
QMainWindow, QVBoxLayout, QWidget = QtWidgets.QMainWindow, QtWidgets.QVBoxLayout, \
    QtWidgets.QWidget


class Cell(QGraphicsEllipseItem):
    """A lattice cell: a click picks it (no ItemIsSelectable: the class handles it)."""

    def __init__(self, window: Window, number: int) -> None:
        super().__init__(number * 40, 0, 30, 30)
        self.window_ = window
        self.number = number
        self.setToolTip(f"Cell {number}")

    def mousePressEvent(self, event: Any) -> None:
        self.window_.picked(f"cell {self.number}")


class Marker(QGraphicsRectItem):
    """A scene item with no tool tip and no text: named by its class, the app's."""

    def __init__(self, window: Window) -> None:
        super().__init__(0, 36, 20, 4)
        self.window_ = window

    def mousePressEvent(self, event: Any) -> None:
        self.window_.picked("marker")


class Swatch(QWidget):
    """A painted colour swatch a click picks."""

    def __init__(self, window: Window) -> None:
        super().__init__()
        self.window_ = window
        self.setObjectName("swatch")
        self.setFixedSize(60, 30)

    def paintEvent(self, event: Any) -> None:
        QPainter(self).fillRect(self.rect(), QColor("teal"))

    def mousePressEvent(self, event: Any) -> None:
        self.window_.picked("swatch")


class Window(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("PyQt6 Quirks")
        self.setObjectName("pyqt6Quirks")
        self.setProperty("lastPicked", "")
        self.scene = QGraphicsScene(0, 0, 200, 44)
        for n in range(1, 4):
            self.scene.addItem(Cell(self, n))
        self.scene.addItem(Marker(self))
        view = QGraphicsView(self.scene)
        view.setObjectName("lattice")
        body = QWidget()
        box = QVBoxLayout(body)
        box.addWidget(view)
        box.addWidget(Swatch(self))
        self.setCentralWidget(body)
        self.resize(320, 200)

    def picked(self, what: str) -> None:
        self.setProperty("lastPicked", what)


def main() -> int:
    app = QApplication(sys.argv)
    window = Window()
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
