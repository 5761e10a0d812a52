"""Wire session recording, the session player and “Re-send” into the main window.

Kept out of mainwindow.py so the window only creates :class:`Records` once, handing it the
connection and the agent log (it never imports the window). The recorder takes its own
pictures at the app's resolution (``qt.ui.screenshot``), not the live view's, whose
frames are only as large as its pane.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from inspector import resend, session_file
from inspector.actions import make_action
from inspector.connection import Connection
from inspector.panes.agentlog import AgentLogPane
from inspector.panes.player import SessionPlayer
from inspector.recorder import SessionRecorder

FILTER = f"qtmcp sessions (*{session_file.SUFFIX});;All files (*)"


class Records:
    """The window's recorder and open players, and the File menu entries for them."""

    def __init__(self, window: QMainWindow, conn: Connection, agent_log: AgentLogPane
                 ) -> None:
        self.window = window
        self.recorder = SessionRecorder(conn, parent=window)
        self.players: list[SessionPlayer] = []
        resend.install(agent_log)

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
            f"saved {len(s.calls)} calls and {len(s.frames)} pictures to {written}", 8000)
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
