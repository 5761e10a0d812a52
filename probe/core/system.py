"""Facts about the running Qt app, read on the GUI thread."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, Qt, qVersion
from PySide6.QtGui import QGuiApplication

from probe.wire import qt_system


def versions() -> qt_system.AppVersions:
    app = QCoreApplication.instance()
    return {
        "qt": qVersion(),
        "pyside": pyside_version,
        "python": sys.version.split()[0],
        "platform": sys.platform,
        "qpa": QGuiApplication.platformName() if isinstance(app, QGuiApplication) else None,
        "app": app.applicationName() if app is not None else None,
        "appVersion": app.applicationVersion() if app is not None else None,
        "pid": os.getpid(),
        # False once the probe made file and message dialogs Qt's own (agents can read them)
        "nativeDialogs": not QCoreApplication.testAttribute(
            Qt.ApplicationAttribute.AA_DontUseNativeDialogs),
        "command": command_line(),
        "cwd": os.getcwd(),
    }


def _python_file(path: Path) -> bool:
    if path.suffix in (".py", ".pyw"):
        return True
    try:
        with path.open("rb") as fh:
            first = fh.readline(200)
    except OSError:
        return False
    return first.startswith(b"#!") and b"python" in first


def command_line() -> list[str] | None:
    """How to start this app again, as its user did (an exported test starts it so): the
    module a ``-m`` ran (``qtmcp launch -m`` too), else the script with this Python, else
    the program (a C++ app: the probe's boot set ``sys.argv`` from the process's own);
    None when the app came from ``-c`` or a prompt. The probe's own options are not in
    it: ``qtmcp launch`` leaves the app only its own ``sys.argv``."""
    args = list(getattr(sys, "argv", None) or [])
    spec = getattr(sys.modules.get("__main__"), "__spec__", None)
    module = getattr(spec, "name", None)
    if isinstance(module, str) and module:
        return [sys.executable, "-m", module.removesuffix(".__main__"), *args[1:]]
    first = args[0] if args else ""
    if not first or first == "-c":
        return None
    path = Path(first)
    if not path.is_file():
        return None
    if _python_file(path):
        return [sys.executable, str(path.resolve()), *args[1:]]
    return [str(path.resolve()), *args[1:]]


def noop() -> None:
    """Runs on the GUI thread to measure the event loop's round trip."""
