"""Wire session recording, the session player and “Re-send” into the main window.

Kept out of mainwindow.py so the window only creates :class:`Records` once, handing it the
connection and the two panes it uses (it never imports the window). A streaming live
view pane (``streaming`` true, the latest frame in ``view.image``) lends its newest picture
instead of the recorder asking the app for a screenshot.
"""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from PySide6.QtCore import QBuffer, QIODevice
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox

from inspector import resend, session_file
from inspector.actions import make_action
from inspector.connection import Connection
from inspector.panes.agentlog import AgentLogPane
from inspector.panes.liveview import LiveViewPane
from inspector.panes.player import SessionPlayer
from inspector.recorder import SessionRecorder

FILTER = f"qtmcp sessions (*{session_file.SUFFIX});;All files (*)"


def live_image(pane: LiveViewPane) -> QImage | None:
    """The picture of the live view pane while it streams, if it has one."""
    image = pane.view.image
    if pane.streaming and isinstance(image, QImage) and not image.isNull():
        return image
    return None


def live_frame(pane: LiveViewPane) -> dict[str, Any] | None:
    """The newest frame of the streaming live view pane as JPEG, if there is one."""
    image = live_image(pane)
    if image is None:
        return None
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "JPEG", 80)
    return {"format": "jpeg", "width": image.width(), "height": image.height(),
            "data": base64.b64encode(bytes(buffer.data().data())).decode("ascii")}


class Records:
    """The window's recorder and open players, and the File menu entries for them."""

    def __init__(self, window: QMainWindow, conn: Connection, live_view: LiveViewPane,
                 agent_log: AgentLogPane) -> None:
        self.window = window
        self.recorder = SessionRecorder(conn, lambda: live_frame(live_view), parent=window,
                                        has_live=lambda: live_image(live_view) is not None)
        live_view.frameShown.connect(self.recorder.on_live_frame)
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
