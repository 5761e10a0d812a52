"""The Qt Quick conformance app: every Qt Quick Controls type and Qt Quick Dialogs' dialogs
in one window, loaded the way QML apps load (``QGuiApplication`` + ``QQmlApplicationEngine``;
Python never imports QtQuick).

Each control reports its own signals into the root's ``log`` (``name.signal;``), which the
suite (tests/conformance/test_quick_conformance.py) reads back through the probe. The
dialogs start in the folder given as the first argument (``folder`` in QML).

Run it with the probe: ``qtmcp launch tests/conformance/quick_app.py FOLDER``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlApplicationEngine

QML = Path(__file__).resolve().parent / "quick_app.qml"

_keep: list[object] = []


def main() -> int:
    os.environ.setdefault("QT_QUICK_CONTROLS_STYLE", "Basic")
    folder = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    app = QGuiApplication(sys.argv[:1])
    engine = QQmlApplicationEngine()
    engine.rootContext().setContextProperty("folder", QUrl.fromLocalFile(folder))
    engine.load(QUrl.fromLocalFile(str(QML)))
    if not engine.rootObjects():
        return 1
    _keep.extend([engine, engine.rootObjects()[0]])
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
