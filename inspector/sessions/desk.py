"""The session desk: recording, the session player, the agent log's exports and Re-send,
and their File menu entries.

The main window creates one :class:`SessionDesk`, handing it the typed client and its
panes (the desk finds the agent log among them; it never imports the window). The
recorder takes its own pictures at the app's resolution, not the live view's, whose
frames are only as large as its pane.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from inspector.link.client import ProbeClient
from inspector.panes.agent_log import AgentLogPane
from inspector.sessions import resend, session_file
from inspector.sessions.log_export import LogExport
from inspector.sessions.player import SessionPlayer
from inspector.sessions.recorder import SessionRecorder
from inspector.style.actions import make_action
from inspector.style.words import counted
from inspector.widgets.pane import Pane

FILTER = f"qtmcp sessions (*{session_file.SUFFIX});;All files (*)"


class SessionDesk:
    """The window's recorder and open players, the agent log's exports, and the File menu
    entries for them."""

    def __init__(self, window: QMainWindow, probe: ProbeClient, panes: list[Pane]) -> None:
        self.window = window
        self.recorder = SessionRecorder(probe, parent=window)
        self.players: list[SessionPlayer] = []
        self.log_export: LogExport | None = None
        for pane in panes:
            if isinstance(pane, AgentLogPane):
                resend.install(pane)
                self.log_export = LogExport(pane)

    def _action(self, text: str, slot: Any, shortcut: str | None = None, tip: str = "",
                icon_name: str = "") -> QAction:
        return make_action(self.window, text, slot, shortcut, tip, icon_name)

    def add_actions(self, menu: QMenu) -> None:
        w = self
        record = w._action("&Record session", self._toggle, None,
                           "Keep the agents' calls and a picture after each change", "record")
        record.setCheckable(True)
        record.setChecked(self.recorder.enabled)
        self.record_action = record
        menu.addAction(record)
        self.save_action = w._action("&Save session…", self.save_dialog, "Ctrl+Shift+S",
                                     "Write the recorded calls and pictures to a file", "save")
        menu.addAction(self.save_action)
        menu.addAction(w._action("Open s&ession…", self.open_dialog, "Ctrl+Shift+O",
                                 "Step through a saved session offline", "open"))
        menu.addAction(w._action("Clear recorded session", self.recorder.clear, None,
                                 "Forget what was recorded so far", "clear"))

    def _toggle(self, on: bool) -> None:
        self.recorder.enabled = on

    def save_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self.window, "Save session",
                                              "agent" + session_file.SUFFIX, FILTER)
        if path:
            self.save(path)

    def save(self, path: str) -> str:
        written = self.recorder.save(path)
        s = self.recorder.session
        self.window.statusBar().showMessage(
            f"saved {counted(len(s.calls), 'call')} and "
            f"{counted(len(s.frames), 'picture')} to {written}", 8000)
        return written

    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self.window, "Open session", "", FILTER)
        if path:
            try:
                self.open(path)
            except (OSError, session_file.SessionFileError) as exc:
                QMessageBox.warning(self.window, "Open session", str(exc))

    def open(self, path: str) -> SessionPlayer:
        """Show a saved session in a player window (no connection needed)."""
        player = SessionPlayer(session_file.load(path), Path(path).name, self.window)
        self.players.append(player)
        player.finished.connect(lambda _r: self.players.remove(player)
                                if player in self.players else None)
        player.show()
        return player
