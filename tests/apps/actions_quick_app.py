"""Loads tests/apps/actions_quick.qml as QML apps load (QGuiApplication and
QQmlApplicationEngine). ``--probe`` installs the probe. Prints ``ready``."""

import os
import sys

from PySide6.QtCore import QTimer, QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlApplicationEngine

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))


def main() -> None:
    app = QGuiApplication(sys.argv)
    if "--probe" in sys.argv:
        import probe

        probe.install()
    engine = QQmlApplicationEngine()
    engine.load(QUrl.fromLocalFile(os.path.join(HERE, "actions_quick.qml")))
    QTimer.singleShot(0, lambda: print("ready", flush=True))
    app.exec()


if __name__ == "__main__":
    main()
