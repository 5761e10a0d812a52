"""The app's own pixels: a window rendered by its own paint code, never cut from a screen.

A screen shows whatever is on top: another program over the app, the inspector that
mirrors it, a minimized window's nothing. So a picture is rendered: a widget window
through ``QWidget.grab()`` (its paint code painting into an image), a QQuickWindow
through its scene graph's own ``grabWindow()``. The screen's pixels are an explicit
choice (:func:`screen_pixels`), and then :func:`on_screen` says what the screen hid.

Why ``QWidget.grab()`` once crashed an app, and why it cannot here. Before painting,
``grab()`` (``QWidgetPrivate::prepareToRender``) delivers the *pending* move and resize
events of every descendant, shown or not, all from one C++ loop. Widgets that were
never shown keep those events pending. pyqtgraph's ``parametertree`` example replaces a
hidden label's ``resizeEvent`` with a Python function that raises while its parameter
has no value; the Python error stays set while Qt carries on to the next widget, and
PySide's next override lookup (``getHiddenDataFromQObject``) segfaults. A user never
sees those widgets, and Qt would deliver their events when they are shown, so
:func:`pending_held` clears the pending flags of hidden descendants for the render and
sets them again after it: the picture runs no code of a widget nobody sees, and the
hidden widgets get their events later exactly as they would have.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtCore import QCoreApplication, QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter, QRegion, QScreen, QWindow
from PySide6.QtWidgets import QWidget

from probe.core.objects import qtchildren
from probe.core.objects.qmltypes import is_quick_window
from probe.core.objects.qtclass import qt_method

_PENDING = (Qt.WidgetAttribute.WA_PendingMoveEvent, Qt.WidgetAttribute.WA_PendingResizeEvent)


@contextmanager
def pending_held(root: QWidget) -> Iterator[int]:
    """Hold back the pending move/resize events of ``root``'s hidden descendants while
    the block runs (see the module's note); yields how many were held."""
    held: list[tuple[QWidget, Qt.WidgetAttribute]] = []
    visible, test, set_ = QWidget.isVisible, QWidget.testAttribute, QWidget.setAttribute
    for w in qtchildren.widgets_under(root):  # the live view runs this 20 times a second
        if visible(w):
            continue
        for flag in _PENDING:
            if test(w, flag):
                set_(w, flag, False)
                held.append((w, flag))
    try:
        yield len(held)
    finally:
        for w, flag in held:
            set_(w, flag, True)


def render_window(window: QWidget | QWindow) -> QImage:
    """The window as its own paint code draws it, whatever covers it on screen.

    A widget window: ``QWidget.grab()`` with hidden widgets' pending events held (about
    5 ms for 1280x800). A QQuickWindow: the scene graph renders itself (3 ms for 640x480,
    software; it swaps no frame, so it does not trigger the live view's next grab).
    """
    render = qt_method(type(window), "grabWindow") if is_quick_window(window) else None
    if render is not None:
        return render(window)
    if isinstance(window, QWindow):  # a plain QWindow paints nothing we can ask for
        return screen_pixels(window) or QImage()
    QCoreApplication.sendPostedEvents(window, QEvent.Type.LayoutRequest)
    with pending_held(window):
        return QWidget.grab(window).toImage()


_REGION_FLAGS = QWidget.RenderFlag.DrawWindowBackground | QWidget.RenderFlag.DrawChildren


def render_region(window: QWidget, picture: QImage, region: QRect) -> QImage:
    """``picture`` (the window's previous rendering) with ``region`` (window coordinates)
    rendered again onto it, in place: the live view repaints only what was painted. A
    picture another holder shares (an encoder still reading it) is copied first, by
    QImage itself, so that holder's pixels never change."""
    painter = QPainter(picture)  # logical coordinates: the image carries its pixel ratio
    with pending_held(window):
        QWidget.render(window, painter, region.topLeft(), QRegion(region), _REGION_FLAGS)
    painter.end()
    return picture


def _frame(window: QWidget | QWindow) -> QRect:
    if isinstance(window, QWindow):
        return QWindow.geometry(window)
    return QRect(QWidget.mapToGlobal(window, QPoint(0, 0)), QWidget.size(window))


def screen_pixels(window: QWidget | QWindow) -> QImage | None:
    """What the screen shows where the window is (other programs' windows included);
    None where the platform cannot read the screen or the window is off every screen."""
    screen = (QWindow.screen(window) if isinstance(window, QWindow)
              else QWidget.screen(window)) or QGuiApplication.primaryScreen()
    if screen is None:
        return None
    frame = _frame(window)
    origin = QScreen.geometry(screen).topLeft()
    image = screen.grabWindow(0, frame.x() - origin.x(), frame.y() - origin.y(),
                              frame.width(), frame.height()).toImage()
    return None if image.isNull() or image.size().isEmpty() else image


def is_minimized(window: QWidget | QWindow) -> bool:
    if isinstance(window, QWindow):
        return bool(QWindow.windowState(window) & Qt.WindowState.WindowMinimized)
    return QWidget.isMinimized(window)


def exposed(window: QWidget | QWindow) -> bool:
    """True once the window system shows the window (it has had its first frame)."""
    handle = window if isinstance(window, QWindow) else QWidget.windowHandle(window)
    return handle is not None and QWindow.isExposed(handle)
