"""The Qt Quick conformance app: every Qt Quick Controls type and Qt Quick Dialogs' dialogs
in one window, loaded the way QML apps load (``QGuiApplication`` + ``QQmlApplicationEngine``;
Python never imports QtQuick).

Each control reports its own signals into the root's ``log`` (``name.signal;``), which the
suite (tests/conformance/test_quick_conformance.py) reads back through the probe. The
dialogs start in the folder given as the first argument (``folder`` in QML).

The window is loaded under one Qt Quick Controls style at a time, in the same process:
``harness.configure(style)`` (an object outside the window) loads quick_app.qml anew with
``import QtQuick.Controls.<Style>`` (Qt's compile-time style selection) and drops the
window it loaded before; its ``style`` property says when the new one is there.

Run it with the probe: ``qtmcp launch tests/conformance/quick_app.py FOLDER``.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import Property, QObject, QTimer, QUrl, Slot
from PySide6.QtGui import QGuiApplication
from PySide6.QtQml import QQmlApplicationEngine

QML = Path(__file__).resolve().parent / "quick_app.qml"
#: The Qt Quick Controls styles that ship with Qt (and work on every platform).
STYLES = ("Basic", "Fusion", "Material", "Universal", "Imagine")


class Harness(QObject):
    """Loads the window under a style; the folder the dialogs start in."""

    def __init__(self, app: QGuiApplication, folder: str) -> None:
        super().__init__(app)
        self.setObjectName("harness")
        self._folder = folder
        self.engine: QQmlApplicationEngine | None = None
        self._style = ""
        self.sources = Path(tempfile.mkdtemp(prefix="qtmcp-quick-styles-"))

    def _get_folder(self) -> str:
        return self._folder

    folder = Property(str, _get_folder, constant=True)

    def _get_style(self) -> str:
        return self._style

    #: the style the window is loaded in now ("" while none is)
    style = Property(str, _get_style)

    @Slot(str, result=bool)
    def configure(self, style: str) -> bool:
        """Load the window in ``style`` (one of STYLES), from the event loop (a load takes
        a while): ``style`` says when it is there. The last window goes."""
        self._style = ""
        QTimer.singleShot(0, lambda: self.load(style))
        return True

    def load(self, style: str) -> bool:
        old = self.engine
        if old is not None:
            for root in old.rootObjects():
                root.setProperty("visible", False)
            old.deleteLater()
        text = QML.read_text(encoding="utf-8").replace(
            "import QtQuick.Controls\n", f"import QtQuick.Controls.{style}\n", 1)
        path = self.sources / f"quick_app_{style}.qml"
        path.write_text(text, encoding="utf-8")
        engine = QQmlApplicationEngine(self)
        engine.rootContext().setContextProperty("folder", QUrl.fromLocalFile(self._folder))
        engine.load(QUrl.fromLocalFile(str(path)))
        self.engine = engine
        self._style = style
        return bool(engine.rootObjects())


def main() -> int:
    os.environ.setdefault("QT_QUICK_CONTROLS_STYLE", "Basic")
    folder = sys.argv[1] if len(sys.argv) > 1 else os.getcwd()
    app = QGuiApplication(sys.argv[:1])
    harness = Harness(app, folder)
    if not harness.load(STYLES[0]):
        return 1
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
