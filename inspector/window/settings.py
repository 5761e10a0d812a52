"""Where the inspector keeps its layout, and when it may write there.

The user's settings (``QSettings("qtmcp", "inspector")``) hold the layout the user
arranged on a real screen. A run the user did not arrange — the test suite, a headless
(offscreen) run, ``--snapshot`` — must never change what they see next: an offscreen
window's size saved as theirs made the next start cramped. So ``QTMCP_SETTINGS_DIR``
(set by the tests) moves the settings to a folder of its own, and a window on a headless
platform reads the user's settings but never writes them.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication

#: A folder for the settings instead of the user's (tests, scripted runs).
ENV = "QTMCP_SETTINGS_DIR"
#: Qt platforms with no screen a user looks at: their window sizes are nobody's layout.
HEADLESS = frozenset({"offscreen", "minimal", "minimalegl"})


def location() -> QSettings:
    """The settings this window uses: ``$QTMCP_SETTINGS_DIR/inspector.ini``; else the
    user's on a real screen; else (headless) a scratch copy of the user's, so the run
    starts with their layout and whatever it writes is thrown away at exit."""
    folder = os.environ.get(ENV)
    if folder:
        return QSettings(str(Path(folder) / "inspector.ini"), QSettings.Format.IniFormat)
    user = QSettings("qtmcp", "inspector")
    if QGuiApplication.platformName() not in HEADLESS:
        return user
    global _scratch
    if _scratch is None:
        _scratch = tempfile.TemporaryDirectory(prefix="qtmcp-inspector-settings-")
    copy = QSettings(str(Path(_scratch.name) / "inspector.ini"), QSettings.Format.IniFormat)
    for key in user.allKeys():
        copy.setValue(key, user.value(key))
    return copy


_scratch: tempfile.TemporaryDirectory[str] | None = None
