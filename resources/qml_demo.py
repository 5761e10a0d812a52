"""The qtmcp QML demo target: a Qt Quick Controls window loaded by QQmlApplicationEngine.

Runs offscreen with the software scene graph (no GPU, no display needed). Takes the same
``--probe`` and ``--control-stdin`` flags as :mod:`resources.demo_app` and prints the same
``ready`` line; the stdin control channel is demo_app's, pointed at the QML window.
``--allow-eval`` installs the probe with ``probe.install(allow_eval=True)`` (the option,
not the QTMCP_ALLOW_EVAL environment variable) so both paths can be tested.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a plain script: make 'resources' importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PySide6.QtCore import Property, QObject, QTimer, QUrl, Signal
from PySide6.QtQml import QQmlApplicationEngine
from PySide6.QtQuick import QQuickWindow, QSGRendererInterface
from PySide6.QtWidgets import QApplication

from resources.demo_app import ControlChannel, _install_probe, parse_args

QML_DIR = Path(__file__).resolve().parent / "qml"
APP_NAME = "qtmcp QML demo"
APP_VERSION = "1.4.2"


class Backend(QObject):
    """A Python object handed to QML as a context property, as real apps do."""

    greetingChanged = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("backend")
        self._greeting = "Hello from Python"

    def _get_greeting(self) -> str:
        return self._greeting

    def _set_greeting(self, value: str) -> None:
        if value != self._greeting:
            self._greeting = value
            self.greetingChanged.emit()

    greeting = Property(str, _get_greeting, _set_greeting, notify=greetingChanged)


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


def load(engine: QQmlApplicationEngine, backend: QObject | None = None) -> QQuickWindow:
    """Set the context properties main.qml uses (``appVersion``, ``backend``), then load
    it; its root object is the window."""
    engine.rootContext().setContextProperty("appVersion", APP_VERSION)
    engine.rootContext().setContextProperty("backend", backend or Backend(engine))
    engine.load(QUrl.fromLocalFile(str(QML_DIR / "main.qml")))
    roots = engine.rootObjects()
    if not roots or not isinstance(roots[0], QQuickWindow):
        raise RuntimeError("main.qml did not load (see the QML warnings above)")
    return roots[0]


def main(argv: list[str] | None = None) -> int:
    args, qt_args = parse_args(argv)
    allow_eval = "--allow-eval" in qt_args
    qt_args = [a for a in qt_args if a != "--allow-eval"]
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("QT_QUICK_CONTROLS_STYLE", "Basic")
    QQuickWindow.setGraphicsApi(QSGRendererInterface.GraphicsApi.Software)
    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication([sys.argv[0], *qt_args])
    app.setApplicationName(APP_NAME)
    if args.probe and allow_eval:
        import probe

        probe.install(allow_eval=True)  # _install_probe() below then returns this probe
    if args.probe and not _install_probe():
        return 2
    engine = QQmlApplicationEngine()
    engine.setObjectName("qmlEngine")
    backend = Backend(app)
    window = load(engine, backend)
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
