"""Simulated input through Qt's own event delivery: works offscreen, needs no real mouse.

Two levels, both synchronous and run on the GUI thread:

* widget level (``click``, ``type_text``, ``key``, ``scroll``, ``focus``): the event goes
  to the target widget itself through ``QApplication.notify`` (QTest), so the target gets
  it even when scrolled away or covered. Shortcuts still fire (QTest sends the
  ShortcutOverride first).
* window level (``hover``, ``drag`` and the ``window_*`` functions used by computer
  use): the event enters the top-level QWindow at a coordinate, and Qt finds the widget
  under it, tracks enter/leave, the mouse grab and double clicks, exactly as for a
  real mouse.

``QTest.keyClicks`` and ``QTest.keyClick`` are never used: for characters outside
Latin-1 they hit an assertion in Qt's ``asciiToKey`` that aborts the process. Key events
are built here with their text and sent with ``QTest.simulateEvent``.

Each action ends with :func:`settle` (bounded ``processEvents``), so the caller sees
its effect.

Deleted targets: an action holds its widget (or window) across steps that run the app's
code — QTest delivery, :func:`focus`, :func:`settle` — and the app may delete it there (a
view rebuilt on a timer, a button that removes itself). Every such step is followed by
:func:`require`, which answers OBJECT_STALE for a deleted object before anything touches
it again: PySide invalidates the wrapper of every QObject when the C++ object is
destroyed, the ones C++ made included, so ``shiboken6.isValid`` is the QPointer here.
Processing events never runs the probe's other jobs (see ``probe.server.executor``), so
no C++ frame of another action sits under a deletion.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import shiboken6
from PySide6.QtCore import (
    QCoreApplication,
    QEventLoop,
    QMetaObject,
    QObject,
    QPoint,
    QPointF,
    QRectF,
    Qt,
)
from PySide6.QtGui import QContextMenuEvent, QGuiApplication, QWheelEvent, QWindow
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

from probe.core.compat import wheel
from probe.core.errors import QtError
from probe.core.input import dragdrop
from probe.core.input.keys import KeyStroke, button_of, char_stroke, modifiers_of, parse_keys
from probe.core.objects import qtchildren
from probe.core.objects.qmltypes import is_quick_item
from probe.core.objects.qtclass import qt_class, qt_method
from probe.core.qtest import QTest

_MOD = Qt.KeyboardModifier
_K = Qt.Key

# ---------------------------------------------------------------------------- checks


def require(obj: Any, what: str = "element") -> None:
    """OBJECT_STALE when ``obj`` was deleted: the re-check after every step of an action
    that runs the app's code (the app may have rebuilt the element meanwhile)."""
    if obj is not None and not shiboken6.isValid(obj):
        raise QtError("OBJECT_STALE", f"the {what} was deleted by the app during the action",
                      hint="The app replaced it; read the page again (chr.find, "
                           "chr.readPage) for a fresh ref and retry if it still makes sense.")


def check_interactable(widget: QWidget) -> None:
    """ELEMENT_NOT_VISIBLE / ELEMENT_NOT_ENABLED when a user could not act on ``widget``
    (OBJECT_STALE when it is gone)."""
    require(widget)
    name = QObject.objectName(widget) or QObject.metaObject(widget).className()
    if is_quick_item(widget):  # a Qt Quick item: visible through its parents, in a shown window
        window = qt_class(widget).window(widget)
        if window is None or not QWindow.isVisible(window) or \
                not qt_class(widget).isVisible(widget):
            raise QtError("ELEMENT_NOT_VISIBLE", f"{name} is hidden (its page, popup or "
                          "window is not shown)", element=name)
    elif not QWidget.isVisible(widget):  # through the class: see probe/core/objects
        window = QWidget.window(widget)
        why = ("its window is hidden" if not QWidget.isVisible(window)
               else _hidden_ancestor(widget))
        raise QtError("ELEMENT_NOT_VISIBLE", f"{name} is hidden ({why})", element=name)
    if not (QWidget.isEnabled(widget) if isinstance(widget, QWidget)
            else qt_class(widget).isEnabled(widget)):
        raise QtError("ELEMENT_NOT_ENABLED", f"{name} is disabled", element=name)


def _hidden_ancestor(widget: QWidget) -> str:
    cur: QWidget | None = widget
    while cur is not None and not QWidget.isWindow(cur):
        if QWidget.isHidden(cur):
            who = QObject.objectName(cur) or QObject.metaObject(cur).className()
            return "it is hidden itself" if cur is widget else f"its parent {who} is hidden"
        cur = QWidget.parentWidget(cur)
    return "not shown"


def default_point(widget: QWidget) -> QPoint:
    """Where a user would click: the center, or for a wide check box its indicator."""
    center = QWidget.rect(widget).center()
    if isinstance(widget, QAbstractButton):
        w, h = QWidget.width(widget), QWidget.height(widget)
        left = QPoint(min(h // 2, w // 2), h // 2)
        for point in (center, left):
            try:
                if widget.hitButton(point):
                    return point
            except (AttributeError, RuntimeError, TypeError):  # protected on C++-made ones
                return left if w > 3 * h else center
        return left
    return center


def close_popups_outside(widget: QWidget) -> None:
    """Close the open popups ``widget`` is not in, as a user's press outside a menu or a
    combo box's list closes it before anything else happens (events sent straight to a
    widget do not go through Qt's popup handling, so this does what it would)."""
    if is_quick_item(widget):
        return
    window = QWidget.window(widget)
    for _ in range(20):  # a chain of submenus, innermost first
        popup = QApplication.activePopupWidget()
        if popup is None or popup is window:
            return
        QWidget.close(popup)


# --------------------------------------------------------------------------- settling


def settle(max_ms: int = 200) -> None:
    """Let the events an action posted run, so its effects are visible (bounded).

    Deferred deletions run here only as Qt's own rule allows (``deleteLater`` called
    while these events ran, i.e. by the app reacting to the action); ones the app asked
    for before stay for its own event loop. The probe's queued jobs wait (the executor
    counts their events and posts them again when this job ends).
    """
    deadline = time.monotonic() + max_ms / 1000
    for _ in range(3):
        QCoreApplication.sendPostedEvents()
        QCoreApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if time.monotonic() > deadline:
            break


# ------------------------------------------------------------------------ widget level


def click(widget: QWidget, pos: QPoint | None = None, button: str = "left",
          modifiers: Sequence[str] = (), count: int = 1) -> QPoint:
    """Click ``widget`` (``count`` 2 = double click, 3 = triple); returns the point used.

    A Qt Quick item is clicked through its window at its scene position (QTest has no
    item overload), so the item under the point gets it as from a real mouse.
    """
    check_interactable(widget)
    if is_quick_item(widget):
        window, scene, local = quick_item_point(widget, pos)
        window_click(window, scene, button, modifiers, count)
        return local
    close_popups_outside(widget)
    require(widget)
    point = pos if pos is not None else default_point(widget)
    qbutton = button_of(button)
    mods = modifiers_of(modifiers)
    if count >= 2:
        QTest.mouseDClick(widget, qbutton, mods, point)
        for _ in range(count - 2):
            require(widget)
            QTest.mouseClick(widget, qbutton, mods, point)
    else:
        QTest.mouseClick(widget, qbutton, mods, point)
    settle()
    return point


def context_click(widget: QWidget, pos: QPoint | None = None,
                  modifiers: Sequence[str] = ()) -> QPoint:
    """A user's right click at ``pos`` (default: the centre): press, release, then the
    QContextMenuEvent, to the deepest child there as a real mouse finds it, so the app's
    ``contextMenuEvent`` and ``customContextMenuRequested`` run (an ignored event goes on
    to the parents, as Qt sends it). Returns the point in ``widget``."""
    check_interactable(widget)
    if is_quick_item(widget):  # Qt Quick: Qt makes the context menu event from the window's click
        return click(widget, pos, "right", modifiers)
    close_popups_outside(widget)
    point = pos if pos is not None else QWidget.rect(widget).center()
    target = QWidget.childAt(widget, point) or widget
    local = QWidget.mapFrom(target, widget, point) if target is not widget else point
    mods = modifiers_of(modifiers)
    QTest.mousePress(target, Qt.MouseButton.RightButton, mods, local)
    require(target)
    QTest.mouseRelease(target, Qt.MouseButton.RightButton, mods, local)
    require(target)
    event = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, local,
                              QWidget.mapToGlobal(target, local), mods)
    QApplication.sendEvent(target, event)
    settle()
    return point


def focus(widget: QWidget) -> None:
    """Give ``widget`` the keyboard focus (and its window the activation)."""
    check_interactable(widget)
    if is_quick_item(widget):
        QWindow.requestActivate(qt_class(widget).window(widget))
        qt_class(widget).forceActiveFocus(widget, Qt.FocusReason.OtherFocusReason)
        settle(50)
        require(widget)
        return
    close_popups_outside(widget)
    require(widget)
    window = QWidget.window(widget)
    if not QWidget.isActiveWindow(window):
        QWidget.activateWindow(window)
        QCoreApplication.processEvents()
        require(widget)
    QWidget.setFocus(widget, Qt.FocusReason.OtherFocusReason)
    settle(50)
    require(widget)


def _key_receiver(widget: QWidget | None) -> QWidget | QWindow | None:
    """Where keys go: the focus widget inside ``widget`` (or ``widget``); without one, an
    open popup (a menu, a combo box's list: Qt sends keys there too), else the focus."""
    focused = QApplication.focusWidget()
    if widget is None:
        popup = QApplication.activePopupWidget()
        if popup is not None:
            return QWidget.focusWidget(popup) or popup
        if focused is not None:
            return focused
        return _focus_window()
    if is_quick_item(widget):
        return qt_class(widget).window(widget)  # it delivers keys to its active focus item
    if focused is not None and (focused is widget or QWidget.isAncestorOf(widget, focused)):
        return focused
    return widget


def _focus_window() -> QWindow | None:
    """The focus window if it is shown, else the first visible top-level window, made the
    focus window as a user's click on it would. After a Qt Quick FileDialog's own window
    closed, no window had the focus (offscreen): a key sent to the app's window found no
    active focus item there, so Escape no longer closed a menu open in it."""
    window = QGuiApplication.focusWindow()
    if window is not None and QWindow.isVisible(window):
        return window
    window = next((w for w in qtchildren.top_level_windows() if QWindow.isVisible(w)),
                  None)
    if window is not None:
        QWindow.requestActivate(window)
        QCoreApplication.processEvents()
    return window


def send_stroke(receiver: QWidget | QWindow, stroke: KeyStroke, press: bool = True,
                release: bool = True) -> None:
    """Press and/or release one key on ``receiver`` (shortcuts fire as for a real key)."""
    require(receiver, "receiver of the keys")
    if press:
        QTest.simulateEvent(receiver, True, stroke.key, stroke.modifiers, stroke.text, False)
        require(receiver, "receiver of the keys")
    if release:
        QTest.simulateEvent(receiver, False, stroke.key, stroke.modifiers, stroke.text, False)


def key(widget: QWidget | None, combo: str) -> list[KeyStroke]:
    """Press and release each chord of ``combo`` (``ctrl+s``, ``Ctrl+Shift+S``, ``Tab Tab``).

    With a widget, it gets the focus first; without one the keys go to the focus widget.
    """
    strokes = parse_keys(combo)
    if widget is not None:
        focus(widget)
    for stroke in strokes:
        require(widget)
        receiver = _key_receiver(widget)
        if receiver is None:
            raise QtError("WINDOW_NOT_FOUND", "no window can take the keys",
                          hint="Show a window first.")
        send_stroke(receiver, stroke)
    settle()
    return strokes


def key_down(widget: QWidget | None, combo: str, down: bool) -> None:
    """Only press (``down``) or only release each chord: for holding keys."""
    for stroke in parse_keys(combo):
        receiver = _key_receiver(widget)
        if receiver is not None:
            send_stroke(receiver, stroke, press=down, release=not down)
    settle(50)


def _clear(widget: QWidget, receiver: QWidget | QWindow) -> None:
    if is_quick_item(widget):  # QML invokables are no Python attributes
        if QMetaObject.invokeMethod(widget, "selectAll"):
            send_stroke(receiver, KeyStroke(_K.Key_Backspace.value, _MOD.NoModifier, ""))
        return
    select_all = qt_method(type(widget), "selectAll")
    clear = qt_method(type(widget), "clear")
    if select_all is not None:
        select_all(widget)
        send_stroke(receiver, KeyStroke(_K.Key_Backspace.value, _MOD.NoModifier, ""))
    elif clear is not None:
        clear(widget)


def type_text(widget: QWidget | None, text: str, clear: bool = False) -> None:
    """Type ``text`` as key events into ``widget`` (focused first) or the focus widget.

    ``clear`` selects everything first and deletes it, as a user would.
    """
    if widget is not None:
        focus(widget)
    receiver = _key_receiver(widget)
    if receiver is None:
        raise QtError("WINDOW_NOT_FOUND", "no window can take the text", hint="Show one first.")
    if clear and widget is not None:
        _clear(widget, receiver)
    for stroke in text_strokes(text):
        # Each key goes where the focus is when it is pressed, as a keyboard's does: an
        # editor the first key opened (a table cell's) gets the rest.
        send_stroke(_key_receiver(widget) or receiver, stroke)
    settle()


#: Longest text one typing call takes (the ``maxLength`` of cu.type, chr.type and
#: chr.formInput's value).
MAX_TYPED = 100_000
#: Texts up to this long are typed one key event per character, exactly as a user types.
PER_KEY = 256
#: A longer text is typed in at most about this many events of printable characters
#: (plus one per Return or Tab): each event makes a text field copy its whole text, so
#: one event per character would cost time quadratic in the text (a 100,000-character
#: text kept the GUI thread busy for minutes); this keeps it linear.
MAX_EVENTS = 256


def text_strokes(text: str) -> list[KeyStroke]:
    """The key events that type ``text``: one per character when short; for a long text,
    runs of printable characters as one event each (fields insert an event's whole
    text), newlines and tabs still as Return and Tab."""
    if len(text) <= PER_KEY:
        return [char_stroke(ch) for ch in text]
    size = -(-len(text) // MAX_EVENTS)
    strokes: list[KeyStroke] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            strokes.append(char_stroke(run[0]) if len(run) == 1
                           else KeyStroke(0, _MOD.NoModifier, "".join(run)))
            run.clear()

    for ch in text:
        if ch.isprintable():
            run.append(ch)
            if len(run) >= size:
                flush()
        else:
            flush()
            strokes.append(char_stroke(ch))
    flush()
    return strokes


def scroll(widget: QWidget, pos: QPoint | None, dx: float, dy: float,
           modifiers: Sequence[str] = ()) -> None:
    """Turn the wheel over ``widget``: ``dy`` > 0 scrolls down, ``dx`` > 0 right, in notches."""
    check_interactable(widget)
    if is_quick_item(widget):
        window, scene, _ = quick_item_point(widget, pos)
        window_scroll(window, scene, dx, dy, modifiers)
        return
    point = QPointF(pos if pos is not None else QWidget.rect(widget).center())
    glob = QPointF(QWidget.mapToGlobal(widget, point.toPoint()))
    angle = QPoint(round(-dx * 120), round(-dy * 120))
    event = QWheelEvent(point, glob, QPoint(0, 0), angle, Qt.MouseButton.NoButton,
                        modifiers_of(modifiers), Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    settle()


# ------------------------------------------------------------------------ window level


def window_handle_and_offset(widget: QWidget) -> tuple[QWindow, QPoint]:
    """The QWindow that ``widget`` lives in and the offset of ``widget`` inside it."""
    top = QWidget.window(widget)
    handle = QWidget.windowHandle(top)
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "the widget's window is not shown",
                      element=QObject.objectName(widget))
    return handle, QWidget.mapTo(widget, top, QPoint(0, 0))


def hover(widget: QWidget, pos: QPoint | None = None) -> QPoint:
    """Move the pointer over ``widget`` (Enter, HoverMove and MouseMove are delivered)."""
    check_interactable(widget)
    if is_quick_item(widget):
        window, scene, local = quick_item_point(widget, pos)
        window_move(window, scene)
        return local
    point = pos if pos is not None else QWidget.rect(widget).center()
    window, offset = window_handle_and_offset(widget)
    window_move(window, point + offset)
    return point


def drag(widget: QWidget, start: QPoint, end: QPoint, button: str = "left",
         steps: int = 8, end_widget: QWidget | None = None) -> dragdrop.Outcome:
    """Press at ``start``, move in ``steps`` to ``end`` (in ``end_widget`` if given), release.

    Points are local to their widget; both must be in the same window.
    """
    check_interactable(widget)
    window, offset = window_handle_and_offset(widget)
    a = start + offset
    if end_widget is not None:
        end_window, end_offset = window_handle_and_offset(end_widget)
        if end_window is not window:
            raise QtError("NOT_SUPPORTED", "drag across two windows is not supported")
        b = end + end_offset
    else:
        b = end + offset
    return window_drag(window, a, b, button, steps)


def window_click(window: QWindow, pos: QPoint, button: str = "left",
                 modifiers: Sequence[str] = (), count: int = 1) -> None:
    """Click at window coordinates; Qt finds the widget there (popups included)."""
    qbutton = button_of(button)
    mods = modifiers_of(modifiers)
    QTest.mouseMove(window, pos)
    require(window, "window")
    if count >= 2:
        QTest.mouseDClick(window, qbutton, mods, pos)
        for _ in range(count - 2):
            require(window, "window")
            QTest.mouseClick(window, qbutton, mods, pos)
    else:
        QTest.mouseClick(window, qbutton, mods, pos)
    settle()


def window_context_click(window: QWindow, pos: QPoint, modifiers: Sequence[str] = ()) -> None:
    """A user's right click at window coordinates: in a widget window with no popup open,
    :func:`context_click` on the widget there (after moving the pointer there); else
    through the window, where Qt routes it (to an open popup, or a Qt Quick scene)."""
    top = next((w for w in qtchildren.top_level_widgets()
                if QWidget.windowHandle(w) is window), None)
    if top is None or QApplication.activePopupWidget() is not None:
        window_click(window, pos, "right", modifiers)
        return
    QTest.mouseMove(window, pos)
    require(top, "window")
    context_click(top, pos, modifiers)


def window_move(window: QWindow, pos: QPoint) -> None:
    QTest.mouseMove(window, pos)
    settle(50)


def window_button(window: QWindow, pos: QPoint, down: bool, button: str = "left") -> None:
    """Only press or only release a button (computer use's mouse down / up)."""
    qbutton = button_of(button)
    if down:
        QTest.mousePress(window, qbutton, _MOD.NoModifier, pos)
    else:
        QTest.mouseRelease(window, qbutton, _MOD.NoModifier, pos)
    settle(50)


def window_drag(window: QWindow, start: QPoint, end: QPoint, button: str = "left",
                steps: int = 8) -> dragdrop.Outcome:
    """Press at ``start``, move in ``steps`` to ``end``, release, all within this call,
    also when the app starts a drag and drop (:mod:`.dragdrop`); returns what came of it."""
    qbutton = button_of(button)
    QTest.mouseMove(window, start)
    require(window, "window")
    QTest.mousePress(window, qbutton, _MOD.NoModifier, start)
    steps = max(1, steps)

    def move(point: QPoint) -> Callable[[], None]:
        def step() -> None:
            require(window, "window")
            QTest.mouseMove(window, point)
        return step

    def release() -> None:
        require(window, "window")
        QTest.mouseRelease(window, qbutton, _MOD.NoModifier, end)

    gesture = [move(QPoint(start.x() + (end.x() - start.x()) * i // steps,
                           start.y() + (end.y() - start.y()) * i // steps))
               for i in range(1, steps + 1)] + [release]
    return dragdrop.perform(window, end, gesture, lambda: _escape(window), settle)


def _escape(window: QWindow) -> None:
    """Escape, as a user cancels a drag that goes on after the release."""
    key = Qt.Key.Key_Escape
    QTest.simulateEvent(window, True, key, _MOD.NoModifier, "\x1b", False)
    QTest.simulateEvent(window, False, key, _MOD.NoModifier, "\x1b", False)


def window_scroll(window: QWindow, pos: QPoint, dx: float, dy: float,
                  modifiers: Sequence[str] = ()) -> None:
    """Wheel at window coordinates: ``dy`` > 0 scrolls down, in notches."""
    angle = QPoint(round(-dx * 120), round(-dy * 120))
    QTest.mouseMove(window, pos)
    require(window, "window")
    wheel(QTest, window, pos, angle, modifiers_of(modifiers))
    settle()


# ------------------------------------------------------------------------ Qt Quick items
# (told by qmltypes.is_quick_item: input goes through their window; QtQuick is never
# imported here)


def quick_item_rect(item: QObject) -> tuple[int, int, int, int]:
    """``(x, y, w, h)`` of a Qt Quick item in its window's (scene) coordinates (its size:
    ``boundingRect()`` of an empty TextField is its 1-pixel cursor)."""
    cls = qt_class(item)  # QQuickItem (QtQuick is never imported here)
    r = cls.mapRectToScene(item, QRectF(0, 0, cls.width(item), cls.height(item)))
    return round(r.x()), round(r.y()), round(r.width()), round(r.height())


def quick_item_point(item: QObject, pos: QPoint | None) -> tuple[QWindow, QPoint, QPoint]:
    """The item's window, the scene point of ``pos`` (default: the centre) and the local one."""
    window = qt_class(item).window(item)
    if window is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "the item is in no window",
                      element=QObject.objectName(item))
    if pos is None:
        local = QPoint(int(qt_class(item).width(item) / 2),
                       int(qt_class(item).height(item) / 2))
    else:
        local = pos
    scene = qt_class(item).mapToScene(item, QPointF(local)).toPoint()
    return window, scene, local
