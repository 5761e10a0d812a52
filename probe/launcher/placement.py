"""Where ``qtmcp demo`` puts its two windows: the app on the left of the screen it opens
on, the inspector on the right, each fully visible, neither over the other.

Each process places its own window (``--place left|right``): it knows its screen, and a
window manager's frame (title bar, borders) is known only once the window is shown, so
the window is fitted again, frame included, when the frame arrives.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from probe.overrides import every_spelling

SIDES = ("left", "right")
#: The app's share of the screen's width (the inspector has more panes to show).
APP_SHARE = 0.42
#: A frame's size before the window manager has said it (title bar and borders).
GUESSED_FRAME = (8, 32)
#: Milliseconds after showing at which the frame is checked again: the window manager
#: frames a window a moment after it is shown, and moving the frame sends no Qt event.
CHECKS_MS = (50, 150, 400, 1000, 2000)


def area(side: str, screen: QRect) -> QRect:
    """The part of ``screen`` (its available geometry) a side's window takes, frame in."""
    split = round(screen.width() * APP_SHARE)
    if side == "left":
        return QRect(screen.x(), screen.y(), split, screen.height())
    return QRect(screen.x() + split, screen.y(), screen.width() - split, screen.height())


@every_spelling
class _Fitter(QObject):
    """Fits the window's frame into its area when the window manager moves or frames it."""

    def __init__(self, window: QWidget, target: QRect) -> None:
        super().__init__(window)
        self.window = window
        self.target = target
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if obj is self.window and event.type() == QEvent.Type.Show:
            for ms in CHECKS_MS:
                QTimer.singleShot(ms, self, self.fit)
            QTimer.singleShot(CHECKS_MS[-1] + 1, self, self._done)
        return False

    def fit(self) -> None:
        frame = QWidget.frameGeometry(self.window)
        inner = QWidget.geometry(self.window)
        if self.target.contains(frame) and frame.topLeft() == self.target.topLeft():
            return
        left, top = inner.x() - frame.x(), inner.y() - frame.y()
        right, bottom = frame.right() - inner.right(), frame.bottom() - inner.bottom()
        if frame == inner:  # not framed yet: guess the frame
            left = right = GUESSED_FRAME[0] // 2
            top, bottom = GUESSED_FRAME[1] - GUESSED_FRAME[0] // 2, GUESSED_FRAME[0] // 2
        t = self.target
        QWidget.setGeometry(self.window, t.x() + left, t.y() + top,
                            max(1, t.width() - left - right), max(1, t.height() - top - bottom))

    def _done(self) -> None:
        self.window.removeEventFilter(self)
        self.deleteLater()


def place(window: QWidget, side: str) -> QRect:
    """Put ``window`` (not shown yet) on ``side`` of its screen, frame included; returns
    the area it takes."""
    screen = QWidget.screen(window) or QGuiApplication.primaryScreen()
    target = area(side, screen.availableGeometry())
    _Fitter(window, target).fit()
    return target
