"""Live list of running probes: a QFileSystemWatcher on the discovery folder, no polling.

Probes write and remove ``<pid>.json`` files in the user's private folder
(:func:`probe.private.folder`); a directory change is the only thing that makes us re-read
the list. A folder that is not the user's own is not read: :attr:`problem` says why.
"""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import QFileSystemWatcher, QObject, QTimer, Signal

from probe import discovery, private
from probe.exceptions import UnsafeFolder


class DiscoveryWatcher(QObject):
    """Emits ``probesChanged(list[ProbeInfo])`` whenever the set of running probes changes."""

    probesChanged = Signal(list)

    def __init__(self, parent: QObject | None = None, folder: Path | None = None) -> None:
        super().__init__(parent)
        #: Why no probe can be listed (the folder is not the user's own), or None.
        self.problem: str | None = None
        self.folder: Path | None = folder
        try:  # made if missing: it must exist to be watched
            self.folder = folder or private.folder()
            private.check(self.folder, create=True)
        except UnsafeFolder as exc:
            self.problem = str(exc)
        self._probes: list[discovery.ProbeInfo] = []
        self._key: list[tuple[int, int, float]] = []
        self._fs = QFileSystemWatcher(self)
        if self.folder is not None and self.problem is None:
            self._fs.addPath(os.fspath(self.folder))
        self._fs.directoryChanged.connect(self._schedule)
        # A probe writes a temp file then renames it: coalesce the burst into one read.
        self._debounce = QTimer(self)
        self._debounce.setSingleShot(True)
        self._debounce.setInterval(30)
        self._debounce.timeout.connect(self.refresh)
        self.refresh()

    def probes(self) -> list[discovery.ProbeInfo]:
        """The probes found at the last refresh, oldest first."""
        return list(self._probes)

    def _schedule(self, _path: str = "") -> None:
        self._debounce.start()

    def refresh(self) -> list[discovery.ProbeInfo]:
        """Re-read the folder now (also called when a connection is lost)."""
        probes: list[discovery.ProbeInfo] = []
        if self.folder is not None:
            try:
                probes = discovery.list_probes(self.folder)
                self.problem = None
            except UnsafeFolder as exc:
                self.problem = str(exc)
        key = [(p.pid, p.port, p.started) for p in probes]
        self._probes = probes
        if key != self._key:
            self._key = key
            self.probesChanged.emit(probes)
        return probes
