"""The qtmcp QML demo target: a Qt Quick Controls window loaded by QQmlApplicationEngine.

Runs offscreen with the software scene graph (no GPU, no display needed). Takes the same
``--probe`` and ``--control-stdin`` flags as :mod:`resources.demo_app` and prints the same
``ready`` line; the stdin control channel is demo_app's, pointed at the QML window.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a plain script: make 'resources' importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import QObject, QTimer, QUrl
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
from PySide6.QtWidgets import QApplication

from resources.demo_app import ControlChannel, _install_probe, parse_args

QML_DIR = Path(__file__).resolve().parent / "qml"
APP_NAME = "qtmcp QML demo"


class QmlControlChannel(ControlChannel):
    """demo_app's control channel on a QQuickWindow (objects are found by objectName)."""

    def _cmd_set_title(self, arg: str) -> None:
        self.window.setTitle(arg)  # type: ignore[attr-defined]

    def _cmd_emit_submit(self, arg: str) -> None:
        button = self.window.findChild(QObject, "submitButton")
        if button is None:
            raise LookupError("no submitButton in this window")
        button.clicked.emit()

    def _cmd_get(self, arg: str) -> None:
        """``get OBJECTNAME PROPERTY [TAG]``: print ``<repr> from get ...`` (tests read the scene
        back; the line holds the command, so DemoApp.command returns it)."""
        name, _, rest = arg.partition(" ")
        prop = rest.split(" ")[0]  # anything after it is a tag the reply repeats
        obj = self.window if name == "window" else self.window.findChild(QObject, name)
        if obj is None:
            raise LookupError(f"no object named {name!r}")
        self.write(f"{obj.property(prop)!r} from get {arg}")


def load(engine: QQmlApplicationEngine) -> QQuickWindow:
    """Load main.qml; its root object is the window."""
    engine.load(QUrl.fromLocalFile(str(QML_DIR / "main.qml")))
    roots = engine.rootObjects()
    if not roots or not isinstance(roots[0], QQuickWindow):
        raise RuntimeError("main.qml did not load (see the QML warnings above)")
    return roots[0]


def main(argv: list[str] | None = None) -> int:
    args, qt_args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("QT_QUICK_CONTROLS_STYLE", "Basic")
    QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *qt_args])
    app.setApplicationName(APP_NAME)
    if args.probe and not _install_probe():
        return 2
    engine = QQmlApplicationEngine()
    engine.setObjectName("qmlEngine")
    window = load(engine)
    if args.size is not None:
        window.resize(args.size)
    if args.title:
        window.setTitle(args.title)
    channel = QmlControlChannel(window, app) if args.control_stdin else None  # type: ignore[arg-type]
    window.show()
    if channel is not None:
        QTimer.singleShot(0, lambda: channel.write("ready"))
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
