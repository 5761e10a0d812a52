"""Replay a saved session offline: step through the calls with the app as it looked then.

No connection needed: everything comes from the ``.qtmcp-session`` file. An action's
picture is the first one taken after it; a read's, the app as it was when it ran
(:meth:`inspector.sessions.session_file.Session.frame_for`), at the app's own
resolution. "Export as test…" writes the session (or the selected calls) as a pytest
file and a JSON script (:mod:`inspector.sessions.export_test`).
"""

from __future__ import annotations

import base64
import json
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase, QImage, QKeySequence, QPixmap, QResizeEvent, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPlainTextEdit,
    QSizePolicy,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from inspector.models.traffic import TrafficRow, short_json
from inspector.sessions import export_test
from inspector.sessions.session_file import Frame, Session
from inspector.style.words import counted


def decode_frame(frame: Frame) -> QImage:
    image = QImage()
    image.loadFromData(base64.b64decode(frame.data))
    return image


class SessionPlayer(QDialog):
    """Calls on the left; the picture, request and response of the current one on the right."""

    def __init__(self, session: Session, title: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sessionPlayer")
        self.session = session
        app = session.app
        self.setWindowTitle(f"Session: {title or app.get('app') or 'app'} — "
                            f"{counted(len(session.calls), 'call')}, "
                            f"{counted(len(session.frames), 'frame')}")
        self.current = -1
        self.image = QImage()

        self.calls = QListWidget(self)
        self.calls.setObjectName("playerCalls")
        for rec in session.calls:
            row = TrafficRow.from_record(rec)
            self.calls.addItem(f"{row.time}  {row.client}  {row.method}  "
                               f"{short_json(row.call.params, 60)}  [{row.status}]")
        self.calls.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.calls.currentRowChanged.connect(self.show_call)
        self.title = title

        self.picture = QLabel(self)
        self.picture.setObjectName("playerPicture")
        self.picture.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.picture.setMinimumSize(320, 200)
        self.picture.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)
        mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        self.detail = QPlainTextEdit(self)
        self.detail.setObjectName("playerDetail")
        self.detail.setReadOnly(True)
        self.detail.setFont(mono)
        self.position = QLabel(self)
        self.position.setObjectName("playerPosition")

        self.prev_button = QToolButton(self)
        self.prev_button.setText("◀ Previous")
        self.prev_button.clicked.connect(self.previous)
        self.next_button = QToolButton(self)
        self.next_button.setText("Next ▶")
        self.next_button.clicked.connect(self.next)
        nav = QHBoxLayout()
        nav.addWidget(self.prev_button)
        nav.addWidget(self.next_button)
        nav.addWidget(self.position, 1)
        self.export_button = export_test.export_button(self, self.test_records,
                                                       self._export_test_dialog)
        nav.addWidget(self.export_button)

        right = QSplitter(Qt.Orientation.Vertical, self)
        right.addWidget(self.picture)
        right.addWidget(self.detail)
        right.setSizes([480, 200])
        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.calls)
        split.addWidget(right)
        split.setSizes([360, 700])
        layout = QVBoxLayout(self)
        layout.addWidget(split, 1)
        layout.addLayout(nav)
        for keys, slot in (("Alt+Right", self.next), ("Alt+Left", self.previous)):
            QShortcut(QKeySequence(keys), self).activated.connect(slot)
        self.resize(1100, 720)
        if session.calls:
            self.calls.setCurrentRow(0)
        else:
            self.position.setText("this session has no calls")

    def next(self) -> None:
        if self.current + 1 < len(self.session.calls):
            self.calls.setCurrentRow(self.current + 1)

    def previous(self) -> None:
        if self.current > 0:
            self.calls.setCurrentRow(self.current - 1)

    def show_call(self, index: int) -> None:
        """Show call ``index``: its picture (if any frame exists yet), request and response."""
        if not 0 <= index < len(self.session.calls):
            return
        self.current = index
        rec = self.session.calls[index]
        row = TrafficRow.from_record(rec)
        frame = self.session.frame_for(index)
        self.image = decode_frame(frame) if frame is not None else QImage()
        self._scale_picture()
        if frame is None:
            self.picture.setText("no picture after this action was recorded"
                                 if row.call.changes_app else "no picture before this call")
        text: dict[str, Any] = {"request": row.request(), "response": row.response()}
        self.detail.setPlainText(f"// {row.client} ({row.role}) · seq {row.call.seq} · "
                                 f"{row.time} · {row.status} {row.duration}\n"
                                 + json.dumps(text, indent=2, ensure_ascii=False, default=str))
        shot = (f"picture taken after call seq {frame.after_seq}, {frame.width}×{frame.height}"
                if frame else "no picture")
        self.position.setText(f"call {index + 1} of {len(self.session.calls)} · {shot}")
        self.prev_button.setEnabled(index > 0)
        self.next_button.setEnabled(index + 1 < len(self.session.calls))

    def selected_calls(self) -> list[int]:
        return sorted(self.calls.row(item) for item in self.calls.selectedItems())

    def test_records(self, selected_only: bool) -> list[dict[str, Any]]:
        """The calls an exported test replays: the selected ones, or all of them."""
        if not selected_only:
            return list(self.session.calls)
        return [self.session.calls[r] for r in self.selected_calls()]

    def _export_test_dialog(self, selected_only: bool) -> None:
        rows = self.selected_calls() if selected_only else None  # keeps the call numbers
        script = export_test.ask_and_write(self, self.session.calls, self.session.app,
                                           self.title or None, rows)
        if script is not None:
            self.position.setText(export_test.done_message(script))

    def _scale_picture(self) -> None:
        if self.image.isNull():
            self.picture.setPixmap(QPixmap())
            return
        size = self.picture.size()
        self.picture.setPixmap(QPixmap.fromImage(self.image).scaled(
            size, Qt.AspectRatioMode.KeepAspectRatio,
            Qt.TransformationMode.SmoothTransformation))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._scale_picture()
