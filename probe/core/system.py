"""Facts about the running Qt app, read on the GUI thread."""

from __future__ import annotations

import os
import sys

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
    }


def noop() -> None:
    """Runs on the GUI thread to measure the event loop's round trip."""
