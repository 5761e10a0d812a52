"""A small PySide6 app whose objects' creation lines the tests know: widgets made by a
function and by an app subclass, and QML items declared with an id, an objectName and
neither. Each line a test expects is marked ``# ORIGIN: <name>`` (Python) or
``// ORIGIN: <name>`` (tests/apps/origin.qml).

``--probe`` installs the probe first (lines are recorded); ``--late`` installs it only
after the window is built, as ``qtmcp attach`` does (lines are unknown). Prints ``ready``.
"""

import os
import sys

from PySide6.QtCore import QTimer, QUrl
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QMenu,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))
LATE = "--late" in sys.argv
if "--probe" in sys.argv and not LATE:
    import probe

    probe.install()


class NameField(QLineEdit):
    """An app subclass: its own __init__ is not where it was made."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("nameField")
        self.setAccessibleName("Name")


def build(window: QWidget) -> None:
    layout = QVBoxLayout(window)
    layout.addWidget(NameField(window))  # ORIGIN: nameField
    ok = QPushButton("OK", window, objectName="okButton")  # ORIGIN: okButton
    layout.addWidget(ok)
    menu = QMenu(ok)
    ok.setMenu(menu)
    opener = menu.addAction("Open")  # ORIGIN: openAction
    opener.setObjectName("openAction")


def main() -> None:
    app = QApplication(sys.argv)
    window = QWidget(objectName="originWindow")
    window.setWindowTitle("origins")
    build(window)
    window.show()
    engine = QQmlApplicationEngine()
    engine.load(QUrl.fromLocalFile(os.path.join(HERE, "origin.qml")))
    if LATE:
        import probe

        probe.install()
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    app.exec()


if __name__ == "__main__":
    main()
