"""``QTest`` for the probe's input, also in a process where Qt Test cannot load.

PySide6's ``QtTest`` links ``libQt6Widgets``, so it imports only where Qt Widgets can
(see :mod:`probe.core.nowidgets`: a C++ Qt Quick app on ``QGuiApplication`` has none).
There :data:`QTest` is :class:`WindowTest`: the window half of Qt Test done as Qt Test
does it, through the entry points Qt Gui exports for it (``qt_handleMouseEvent``,
``qt_handleKeyEvent``: the window-system queue, so the app gets input exactly as from a
real mouse and keyboard, shortcuts and double-click detection included). Windows only:
no widget can exist in such a process. Elsewhere :data:`QTest` is Qt Test's own. GUI
thread.
"""

from __future__ import annotations

import ctypes
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QGuiApplication, QStyleHints, QWindow

from probe.core.nowidgets import widgets_absent

_MOUSE = ("_Z19qt_handleMouseEventP7QWindowRK7QPointFS3_6QFlagsIN2Qt11MouseButtonEES6_"
          "N6QEvent4TypeES4_INS5_16KeyboardModifierEEi")
_KEY = "_Z17qt_handleKeyEventP7QWindowN6QEvent4TypeEi6QFlagsIN2Qt16KeyboardModifierEERK7QStringbt"


class _PointF(ctypes.Structure):
    _fields_ = [("x", ctypes.c_double), ("y", ctypes.c_double)]


class _String(ctypes.Structure):
    """A QString's layout (Qt 6: data header, UTF-16 pointer, size): a header of null
    makes it borrow the characters, as ``QString::fromRawData`` does."""

    _fields_ = [("d", ctypes.c_void_p), ("ptr", ctypes.c_void_p), ("size", ctypes.c_ssize_t)]


class _Gui:
    """Qt Gui's two input entry points, found in the loaded library by their names."""

    def __init__(self) -> None:
        lib = ctypes.CDLL(None)  # the process's own symbols: its libQt6Gui is loaded
        self.mouse = getattr(lib, _MOUSE)
        self.mouse.restype = None
        self.mouse.argtypes = [ctypes.c_void_p, ctypes.POINTER(_PointF),
                               ctypes.POINTER(_PointF), ctypes.c_int, ctypes.c_int,
                               ctypes.c_int, ctypes.c_int, ctypes.c_int]
        self.key = getattr(lib, _KEY)
        self.key.restype = None
        self.key.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int,
                             ctypes.POINTER(_String), ctypes.c_bool, ctypes.c_ushort]


_gui: _Gui | None = None


def _entry() -> _Gui:
    global _gui
    if _gui is None:
        _gui = _Gui()
    return _gui


def _flag(value: Any) -> int:
    return int(getattr(value, "value", value))


class WindowTest:
    """The window methods of ``QTest`` the probe uses, with Qt Test's behaviour: buttons
    held across calls, timestamps that never make two clicks a double click by accident,
    the events processed before returning."""

    _buttons = 0
    _stamp = 0

    @classmethod
    def _mouse(cls, window: QWindow, pos: QPoint | None, button: int, kind: QEvent.Type,
               mods: Any) -> None:
        if pos is None or pos.isNull():
            pos = QPoint(QWindow.width(window) // 2, QWindow.height(window) // 2)
        glob = QWindow.mapToGlobal(window, pos)
        local, where = _PointF(pos.x(), pos.y()), _PointF(glob.x(), glob.y())
        _entry().mouse(shiboken6.getCppPointer(window)[0], ctypes.byref(local),
                       ctypes.byref(where), cls._buttons, button, _flag(kind), _flag(mods),
                       cls._stamp)

    @classmethod
    def _step(cls) -> None:
        cls._stamp += QStyleHints.mouseDoubleClickInterval(QGuiApplication.styleHints()) + 1

    @classmethod
    def _button(cls, window: QWindow, button: Qt.MouseButton, mods: Any, pos: QPoint | None,
                down: bool) -> None:
        bit = _flag(button)
        cls._buttons = cls._buttons | bit if down else cls._buttons & ~bit
        kind = QEvent.Type.MouseButtonPress if down else QEvent.Type.MouseButtonRelease
        cls._mouse(window, pos, bit, kind, mods)
        cls._step()
        QCoreApplication.processEvents()

    @classmethod
    def mousePress(cls, window: QWindow, button: Qt.MouseButton, mods: Any = 0,
                   pos: QPoint | None = None) -> None:
        cls._button(window, button, mods, pos, True)

    @classmethod
    def mouseRelease(cls, window: QWindow, button: Qt.MouseButton, mods: Any = 0,
                     pos: QPoint | None = None) -> None:
        cls._button(window, button, mods, pos, False)

    @classmethod
    def mouseClick(cls, window: QWindow, button: Qt.MouseButton, mods: Any = 0,
                   pos: QPoint | None = None) -> None:
        cls.mousePress(window, button, mods, pos)
        cls.mouseRelease(window, button, mods, pos)

    @classmethod
    def mouseDClick(cls, window: QWindow, button: Qt.MouseButton, mods: Any = 0,
                    pos: QPoint | None = None) -> None:
        """Press, release, press, release within the double-click interval (Qt makes the
        double click of the second press), as Qt Test does."""
        bit = _flag(button)
        cls._buttons |= bit
        cls._mouse(window, pos, bit, QEvent.Type.MouseButtonPress, mods)
        cls._buttons &= ~bit
        cls._mouse(window, pos, bit, QEvent.Type.MouseButtonRelease, mods)
        cls.mouseClick(window, button, mods, pos)

    @classmethod
    def mouseMove(cls, window: QWindow, pos: QPoint | None = None, delay: int = -1) -> None:
        cls._mouse(window, pos, 0, QEvent.Type.MouseMove, 0)
        QCoreApplication.processEvents()

    @classmethod
    def simulateEvent(cls, window: QWindow, press: bool, code: int, mods: Any, text: str,
                      repeat: bool, delay: int = -1) -> None:
        units = text.encode("utf-16-le")
        buffer = ctypes.create_string_buffer(units, len(units) + 2)
        string = _String(None, ctypes.cast(buffer, ctypes.c_void_p), len(units) // 2)
        kind = QEvent.Type.KeyPress if press else QEvent.Type.KeyRelease
        _entry().key(shiboken6.getCppPointer(window)[0], _flag(kind), _flag(code),
                     _flag(mods), ctypes.byref(string), repeat, 1)
        QCoreApplication.processEvents()


if widgets_absent():
    QTest: Any = WindowTest
else:
    from PySide6.QtTest import QTest as _QtTest

    QTest = _QtTest
