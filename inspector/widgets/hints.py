"""What an empty pane says: what would fill it and how, drawn over its empty view; and
labels that elide instead of widening the window (:class:`ElidedLabel`).

A blank pane looks broken. Each pane gives its view an :class:`EmptyHint` with a function
that says, for the state the pane is in (not connected, nothing selected, nothing
recorded yet…), what would show there and what to do for it. The hint shows while the
view's model has no rows and hides by itself when rows come.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent
from PySide6.QtWidgets import QAbstractItemView, QLabel, QSizePolicy, QWidget

from inspector.style import theme


class EmptyHint(QLabel):
    """A centred, wrapped, muted text over ``view`` while its model is empty."""

    def __init__(self, view: QAbstractItemView, text: Callable[[], str]) -> None:
        super().__init__(view.viewport())
        self.setObjectName(f"{view.objectName() or 'view'}Hint")
        self.view = view
        self.text_of = text
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setContentsMargins(16, 16, 16, 16)
        view.viewport().installEventFilter(self)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved,
                       model.layoutChanged):
            signal.connect(self.refresh)
        self.theme_changed()
        self.refresh()

    def theme_changed(self) -> None:
        self.setStyleSheet(f"color: {theme.accent('muted').name()};")

    def refresh(self, *_args: Any) -> None:
        """Show the current hint if the view is empty, else hide."""
        text = self.text_of() if self.view.model().rowCount() == 0 else ""
        self.setText(text)
        self.setVisible(bool(text))
        self._fit()

    def _fit(self) -> None:
        self.setGeometry(self.view.viewport().rect())

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._fit()
        return False


class ElidedLabel(QLabel):
    """A one-line label that never asks for more width than it gets: a text too long for
    it is drawn cut with … (the whole text in the tool tip). ``text()`` stays whole."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._own_tip = ""

    def setToolTip(self, tip: str) -> None:
        self._own_tip = tip
        super().setToolTip(tip)

    def minimumSizeHint(self) -> QSize:
        return QSize(20, super().minimumSizeHint().height())

    def sizeHint(self) -> QSize:
        return QSize(min(super().sizeHint().width(), 400), super().sizeHint().height())

    def paintEvent(self, event: QPaintEvent) -> None:
        rect = self.contentsRect()
        full = self.text()
        shown = self.fontMetrics().elidedText(full, Qt.TextElideMode.ElideRight, rect.width())
        tip = self._own_tip or (full if shown != full else "")
        if super().toolTip() != tip:
            super().setToolTip(tip)
        painter = QPainter(self)
        self.style().drawItemText(painter, rect, int(self.alignment()), self.palette(),
                                  self.isEnabled(), shown, self.foregroundRole())
