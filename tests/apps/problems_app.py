"""A PySide6 app with one planted problem of each kind qt.problems finds (``--clean``:
the same window without them). Each planted widget's objectName is its kind, so a test
knows what must be found where. Takes ``--probe`` and prints ``ready`` like the demo.
"""

import os
import sys

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    Qt,
    QThread,
    QTimer,
    QUrl,
)
from PySide6.QtGui import QAction, QKeySequence, QStandardItemModel
from PySide6.QtQml import QQmlComponent, QQmlEngine
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QTableView,
    QVBoxLayout,
    QWidget,
)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
CLEAN = "--clean" in sys.argv
if "--probe" in sys.argv:
    import probe

    probe.install()


TOP = QModelIndex()


class BrokenModel(QAbstractTableModel):
    """Three rows, yet index() answers for any row: breaks the model contract."""

    def rowCount(self, parent: QModelIndex = TOP) -> int:
        return 0 if parent.isValid() else 3

    def columnCount(self, parent: QModelIndex = TOP) -> int:
        return 0 if parent.isValid() else 2

    def index(self, row: int, column: int, parent: QModelIndex = TOP) -> QModelIndex:
        return self.createIndex(row, column)

    def data(self, index: QModelIndex, role: int = 0) -> object:
        return f"{index.row()},{index.column()}" if role == 0 else None


def build() -> QWidget:
    window = QWidget(objectName="problemsWindow")
    window.setWindowTitle("problems")
    window.resize(500, 500)
    layout = QVBoxLayout(window)
    name = QLineEdit(objectName="nameEdit")
    label = QLabel("&Name", objectName="nameLabel")
    label.setBuddy(name)
    layout.addWidget(label)
    layout.addWidget(name)
    ok = QPushButton("Save", objectName="saveButton")
    layout.addWidget(ok)
    later = QPushButton("Send", objectName="sendButton")
    later.setEnabled(False)
    later.setToolTip("Fill in the name first")
    layout.addWidget(later)
    view = QTableView(objectName="goodView")
    good = QStandardItemModel(2, 2, view)
    view.setModel(good)
    layout.addWidget(view)
    save = QAction("Save", window, objectName="saveAction")
    save.setShortcut(QKeySequence("Ctrl+S"))
    window.addAction(save)
    unused = QAction("Save too", window)  # added to no widget: its shortcut never fires
    unused.setShortcut(QKeySequence("Ctrl+S"))
    for widget in (name, view):  # one key, two places that never meet: no collision
        clear = QAction("Clear", widget)
        clear.setShortcut(QKeySequence("Ctrl+K"))
        clear.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        widget.addAction(clear)
    scroller = QScrollArea(objectName="scroller")  # controls scrolled out of view are fine
    inner = QWidget()
    rows = QVBoxLayout(inner)
    for n in range(30):
        rows.addWidget(QPushButton(f"Item {n}"))
    if not CLEAN:  # an unnamed control deep in the scroll area, out of view
        rows.addWidget(QPushButton(objectName="scrolledUnnamed"))
    scroller.setWidget(inner)
    scroller.setFixedHeight(80)
    layout.addWidget(scroller)
    if CLEAN:
        return window
    layout.addWidget(QPushButton(objectName="unnamed_control"))
    cut = QLabel("A label whose text is far too long for it", objectName="text_cut")
    cut.setFixedWidth(40)
    layout.addWidget(cut)
    zero = QPushButton("Zero", objectName="zero_size")
    zero.setFixedWidth(0)
    layout.addWidget(zero)
    away = QPushButton("Away", window, objectName="outside_window")
    away.move(5000, 5000)
    under = QPushButton("Under", window, objectName="covered")
    under.setGeometry(300, 10, 80, 30)
    cover = QFrame(window, objectName="cover")
    cover.setGeometry(290, 0, 120, 60)
    cover.raise_()
    twin = QAction("Also save", window, objectName="duplicate_shortcut")
    twin.setShortcut(QKeySequence("Ctrl+S"))
    window.addAction(twin)
    off = QPushButton("Delete", objectName="disabled_without_reason")
    off.setEnabled(False)
    layout.addWidget(off)
    bad = QTableView(objectName="model_contract")
    bad.setModel(BrokenModel(bad))
    layout.addWidget(bad)
    worker = QObject(objectName="thread_without_loop")
    worker.moveToThread(QThread(window))  # never started: the worker gets no events
    window.worker = worker
    fast = QTimer(window, objectName="fast_timer")
    fast.setInterval(5)
    fast.start()
    return window


def main() -> None:
    app = QApplication(sys.argv)
    window = build()
    window.show()
    engine = QQmlEngine()
    if not CLEAN:  # a binding loop and a warning, printed by Qt with their .qml lines
        component = QQmlComponent(engine, QUrl.fromLocalFile(os.path.join(HERE,
                                                                          "problems.qml")))
        window.qml_item = component.create()
        window.qml_item.setParent(window)  # in the object tree: @id:looped finds it
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    app.exec()


if __name__ == "__main__":
    main()
