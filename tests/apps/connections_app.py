"""A small PySide6 app with one connection of each kind the probe must name or count:
a method of a QObject, a Qt method of another object, a lambda, ``functools.partial``,
a method of a plain Python object, a callable object, a signal connected to a signal (of
an object in the window and of one outside any tree), a receiver deleted, a connection
undone, and one made before the probe came in. Each line a test expects is marked
``# CONN: <name>``. ``--probe`` installs the probe after the ``early`` connection.
Prints ``ready``.
"""

import functools
import os
import sys

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QVBoxLayout, QWidget

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


class Counter:
    """Not a QObject: its bound method is a plain Python callable."""

    def __init__(self) -> None:
        self.count = 0

    def bump(self) -> None:
        self.count += 1


class Caller:
    """A callable object."""

    def __call__(self) -> None:
        pass


class Relay(QObject):
    """Outside any tree: a signal connected to its signal has no owner the probe finds."""

    passed = Signal()


class Window(QWidget):
    relayed = Signal()

    def __init__(self) -> None:
        super().__init__(objectName="connWindow")
        self.setWindowTitle("connections")
        layout = QVBoxLayout(self)
        self.status = QLabel("", self, objectName="status")
        layout.addWidget(self.status)
        self.counter = Counter()
        self.relay = Relay()
        self.buttons: dict[str, QPushButton] = {}
        for name in ("early", "method", "qtMethod", "lambda", "partial", "plain", "callable",
                     "relay", "outside", "deleted", "undone"):
            button = QPushButton(name, self, objectName=f"{name}Button")
            layout.addWidget(button)
            self.buttons[name] = button

    def early(self) -> None:
        self.buttons["early"].clicked.connect(self.on_early)  # CONN: early

    def connect_all(self) -> None:
        b = self.buttons
        b["method"].clicked.connect(self.on_method)  # CONN: method
        b["qtMethod"].clicked.connect(self.status.clear)  # CONN: qtMethod
        b["lambda"].clicked.connect(lambda: self.status.setText("lambda"))  # CONN: lambda
        b["partial"].clicked.connect(functools.partial(self.say, "partial"))  # CONN: partial
        b["plain"].clicked.connect(self.counter.bump)  # CONN: plain
        b["callable"].clicked.connect(Caller())  # CONN: callable
        b["relay"].clicked.connect(self.relayed)  # CONN: relay
        b["outside"].clicked.connect(self.relay.passed)  # CONN: outside
        doomed = QLabel("doomed", self, objectName="doomed")
        b["deleted"].clicked.connect(doomed.clear)  # CONN: deleted
        doomed.deleteLater()
        b["undone"].clicked.connect(self.on_method)  # CONN: undone
        b["undone"].clicked.disconnect(self.on_method)

    def on_early(self) -> None:
        self.status.setText("early")

    def on_method(self) -> None:
        self.status.setText("method")

    def say(self, text: str) -> None:
        self.status.setText(text)


def main() -> None:
    app = QApplication(sys.argv)
    window = Window()
    window.early()
    if "--probe" in sys.argv:
        import probe

        probe.install()
    window.connect_all()
    window.show()
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    app.exec()


if __name__ == "__main__":
    main()
