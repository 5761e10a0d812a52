"""A small PySide6 app whose objects' creation lines the tests know: widgets made by a
function and by an app subclass, and QML items declared with an id, an objectName and
neither. Each line a test expects is marked ``# ORIGIN: <name>`` (Python) or
``// ORIGIN: <name>`` (tests/apps/origin.qml).

Three app classes hook their attributes (a guard, a change tracker, properties that
forward to ``setProperty``): recording must not reach those hooks; the ``hooksReport``
label says what each saw.

``--probe`` installs the probe first (lines are recorded); ``--late`` installs it only
after the window is built, as ``qtmcp attach`` does (lines are unknown). Prints ``ready``.
"""

import json
import os
import sys
from typing import Any

from PySide6.QtCore import QTimer, QUrl
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
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


class Guarded(QLabel):
    """Refuses any attribute it does not declare (an app's guard against typos)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "level":
            raise AttributeError(f"Guarded has no attribute {name!r}")
        super().__setattr__(name, value)


class Tracked(QLineEdit):
    """Remembers every attribute set on it, to save only what changed."""

    def __setattr__(self, name: str, value: Any) -> None:
        self.__dict__.setdefault("_changed", set()).add(name)
        super().__setattr__(name, value)

    def changed(self) -> list[str]:
        return sorted(self.__dict__.get("_changed", ()))


class Forwarding(QPushButton):
    """Keeps its Python attributes as Qt properties (style sheets and QML see them)."""

    def __setattr__(self, name: str, value: Any) -> None:
        self.setProperty(name, value)


def build_hooked(window: QWidget, layout: QVBoxLayout) -> None:
    """The three hooking classes, and a label saying what their hooks saw."""
    report: dict[str, Any] = {}
    try:
        guarded = Guarded("guarded", window, objectName="guarded")  # ORIGIN: guarded
        guarded.level = 1
        layout.addWidget(guarded)
        report["guarded"] = "made"
    except AttributeError as exc:
        report["guarded"] = str(exc)
    tracked = Tracked(window, objectName="tracked")  # ORIGIN: tracked
    layout.addWidget(tracked)
    report["tracked"] = tracked.changed()
    forwarding = Forwarding("forwarding", window, objectName="forwarding")  # ORIGIN: forwarding
    layout.addWidget(forwarding)
    report["forwarding"] = [bytes(n.data()).decode() for n in forwarding.dynamicPropertyNames()]
    layout.addWidget(QLabel(json.dumps(report), window, objectName="hooksReport"))


def build(window: QWidget) -> None:
    layout = QVBoxLayout(window)
    layout.addWidget(NameField(window))  # ORIGIN: nameField
    ok = QPushButton("OK", window, objectName="okButton")  # ORIGIN: okButton
    layout.addWidget(ok)
    menu = QMenu(ok)
    ok.setMenu(menu)
    opener = menu.addAction("Open")  # ORIGIN: openAction
    opener.setObjectName("openAction")
    build_hooked(window, layout)


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
