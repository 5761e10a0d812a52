"""Whether this PySide6 release can host the probe at all: checked by ``probe.install()``
before anything else of the probe loads.

Apart from :mod:`probe.core.compat` (the differences the probe works around), which
names Qt classes that PySide6 builds at first use (``QAccessible`` alone ~1.5 ms) and
that no start needs (#41).
"""

from __future__ import annotations

import sys

import PySide6
from PySide6.QtCore import QObject, Signal


class _Pinger(QObject):
    ping = Signal()


def emit_loses_references() -> str | None:
    """Why this PySide6 would crash the app, or None: PySide6 6.12.0's ``Signal.emit()``
    returns True without a reference of its own, so each emit frees one reference to True,
    and Python 3.11 and older abort once it reaches zero ("Fatal Python error:
    bool_dealloc", after a few hundred emits). Measured on a throwaway signal, not read
    from a version table; Python 3.12's True is immortal and loses nothing."""
    sender = _Pinger()
    before = sys.getrefcount(True)
    for _ in range(8):
        sender.ping.emit()
    if before - sys.getrefcount(True) < 8:
        return None
    python = f"{sys.version_info.major}.{sys.version_info.minor}"
    return (f"PySide6 {PySide6.__version__} loses a reference to True at every "
            f"Signal.emit(); on Python {python} the app would abort after a "
            "few hundred signals (Fatal Python error: bool_dealloc). Use another PySide6 "
            "release (pip install 'PySide6-Essentials>=6.8,!=6.12.0') or Python 3.12 or newer")
