"""An editor-like window where things are dragged from a palette onto a canvas: the
gesture of many editors and file managers, for the drag-and-drop tests.

- ``palette``: a list (QListWidget, Qt's own item drag) of shapes;
- ``tool``: a label that starts a QDrag of its own (``mouseMoveEvent`` -> ``QDrag.exec``);
- ``canvas``: accepts text, records each drop (``drops``, a property) and shows it;
- ``field``: a line edit (Qt's own text drop);
- ``trash``: refuses every drop (its dragEnterEvent ignores it).

The source learns the outcome from ``QDrag.exec`` (``lastAction`` on the window:
``copy``, ``move`` or ``ignore``). Prints ``ready``.
"""

from __future__ import annotations

import sys

from PySide6.QtCore import Property, QMimeData, QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent, QMouseEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)


class Tool(QLabel):
    """A label that drags its text out as a copy (a hand-made drag source)."""

    dragged = Signal(str)

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.setObjectName("tool")
        self.setFrameShape(QLabel.Shape.Box)
        self._press: QPoint | None = None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._press is None or not event.buttons() & Qt.MouseButton.LeftButton:
            return
        if (event.position().toPoint() - self._press).manhattanLength() < \
                QApplication.startDragDistance():
            return
        self._press = None
        drag = QDrag(self)
        mime = QMimeData()
        mime.setText(self.text())
        drag.setMimeData(mime)
        action = drag.exec(Qt.DropAction.CopyAction)
        self.dragged.emit({Qt.DropAction.CopyAction: "copy", Qt.DropAction.MoveAction: "move"}
                          .get(action, "ignore"))


class Palette(QListWidget):
    """A list of shapes dragged out as text (Qt's own item drag, with the item's name)."""

    def mimeData(self, items: list[QListWidgetItem]) -> QMimeData:
        mime = super().mimeData(items)
        mime.setText(", ".join(i.text() for i in items))
        return mime


class Canvas(QLabel):
    """Takes text drops; keeps what was dropped where."""

    def __init__(self) -> None:
        super().__init__("drop shapes here")
        self.setObjectName("canvas")
        self.setAcceptDrops(True)
        self.setMinimumSize(260, 160)
        self.setFrameShape(QLabel.Shape.Box)
        self._drops: list[str] = []

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        if event.mimeData().hasText():
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        p = event.position().toPoint()
        self._drops.append(f"{event.mimeData().text()}@{p.x()},{p.y()}")
        self.setText("canvas: " + ", ".join(d.split("@")[0] for d in self._drops))
        event.acceptProposedAction()

    def get_drops(self) -> str:
        return ";".join(self._drops)

    drops = Property(str, get_drops)


class Trash(QLabel):
    """Refuses every drop."""

    def __init__(self) -> None:
        super().__init__("no drops here")
        self.setObjectName("trash")
        self.setAcceptDrops(True)
        self.setFrameShape(QLabel.Shape.Box)
        self.setMinimumHeight(40)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        event.ignore()


class Window(QWidget):
    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("editor")
        self.setWindowTitle("Drag and drop")
        self._last = ""
        palette = Palette()
        palette.setObjectName("palette")
        palette.addItems(["Circle", "Square", "Triangle"])
        palette.setDragEnabled(True)
        palette.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        palette.setMaximumWidth(140)
        self.tool = Tool("Star")
        self.tool.dragged.connect(self._dragged)
        left = QVBoxLayout()
        left.addWidget(palette)
        left.addWidget(self.tool)
        right = QVBoxLayout()
        self.canvas = Canvas()
        right.addWidget(self.canvas)
        field = QLineEdit()
        field.setObjectName("field")
        field.setPlaceholderText("Label")
        pane = QWidget()  # a nameless pane that takes drops around its field (git-cola's diff)
        pane.setObjectName("fieldPane")
        pane.setAcceptDrops(True)
        QVBoxLayout(pane).addWidget(field)
        right.addWidget(pane)
        right.addWidget(Trash())
        row = QHBoxLayout(self)
        row.addLayout(left)
        row.addLayout(right)
        self.resize(480, 320)

    def _dragged(self, action: str) -> None:
        self._last = action

    def get_last(self) -> str:
        return self._last

    lastAction = Property(str, get_last)


def main() -> int:
    app = QApplication(sys.argv)
    w = Window()
    w.show()
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
