"""A small target app for the hardening tests, with what the demo app does not have.

``python -m tests.apps.hardening_app --probe --control-stdin``: a slot that keeps the GUI
thread working (``work``), one that opens a modal dialog with ``exec()`` (a nested event
loop), a button the app deletes and recreates on command (``recreate``), a form field,
and SIGINT at its default disposition (it ends the process, as many Qt apps set it).
"""

from __future__ import annotations

import signal
import sys
import time

from PySide6.QtCore import QTimer, Slot
from PySide6.QtWidgets import (
    QApplication,
    QLineEdit,
    QMainWindow,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

import probe
from resources.demo_app import ControlChannel

APP_NAME = "qtmcp-hardening"


class Window(QMainWindow):
    """The main window; its slots are what the tests invoke."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("hardeningWindow")
        self.setWindowTitle("qtmcp hardening target")
        central = QWidget(self)
        self.box = QVBoxLayout(central)
        self.field = QLineEdit(central)
        self.field.setObjectName("field")
        self.box.addWidget(self.field)
        self.target: QPushButton | None = None
        self.clicks = 0
        self.recreate()
        self.setCentralWidget(central)
        self.resize(400, 300)

    @Slot(int)
    def work(self, ms: int) -> None:
        """The app's own slow code: keeps the GUI thread busy for ``ms`` milliseconds."""
        time.sleep(ms / 1000)

    @Slot()
    def askModal(self) -> None:
        """Open a modal dialog with exec(): returns only when the dialog closes."""
        box = QMessageBox(QMessageBox.Icon.Question, "Question", "Really?",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                          self)
        box.setObjectName("modalBox")
        box.exec()

    def recreate(self) -> None:
        """Delete the target button (deleteLater) and put a new one in its place."""
        if self.target is not None:
            self.target.deleteLater()
        self.target = QPushButton("Target", self.centralWidget() or self)
        self.target.setObjectName("raceTarget")
        self.target.clicked.connect(self._clicked)
        self.box.addWidget(self.target)
        self.target.show()

    def _clicked(self) -> None:
        self.clicks += 1


class Channel(ControlChannel):
    """The demo's control channel plus this app's commands."""

    def __init__(self, window: Window, parent: QApplication) -> None:
        super().__init__(window, parent)
        self.app_window = window

    def _cmd_recreate(self, arg: str) -> None:
        self.app_window.recreate()

    def _cmd_close_modal(self, arg: str) -> None:
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QMessageBox) and widget.isVisible():
                widget.reject()


def main() -> int:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl+C ends the app, as in many Qt apps
    app = QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    if "--probe" in sys.argv:
        probe.install()
    window = Window()
    channel = Channel(window, app) if "--control-stdin" in sys.argv else None
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
