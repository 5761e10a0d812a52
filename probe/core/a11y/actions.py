"""Input on an element named by ref: where it is, and a real click, hover or wheel there.

Widgets get their events through :mod:`probe.core.input.simulate` (QTest, as a user's). Items
that are no widgets (tabs, menu entries, rows, cells) are pressed through their
accessible Press action when they have one, else clicked at their centre through the
window, where Qt finds the widget under the point as for a real mouse. Model items (a
view plus a model index, see :mod:`probe.core.a11y.identity.itemrefs`) are scrolled into view with
``view.scrollTo`` and clicked at the centre of their visual rect. Menu entries are clicked
as a user clicks them (see :func:`_menu_entry`); a right click is a user's right click
(press, release, context menu event). GUI thread.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject, QPoint, QRectF, Qt, QTimer
from PySide6.QtGui import QAccessibleActionInterface, QAction, QWindow
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractScrollArea,
    QGraphicsView,
    QLabel,
    QMenu,
    QMenuBar,
    QScrollArea,
    QWidget,
)

from probe.core import compat
from probe.core.a11y import graphics, links, popups, reach
from probe.core.a11y.identity import Element, on_screen, scroll_to, viewport_point, window_rect
from probe.core.errors import QtError
from probe.core.input import keys as qkeys
from probe.core.input import simulate as qinput
from probe.core.objects import idtable, qmltypes
from probe.core.objects.qtclass import qt_class
from probe.core.qml import popups as quick_popups

Deliver = Callable[[], Any]


def check_reach(el: Element, ids: idtable.IdTable) -> None:
    """ELEMENT_NOT_VISIBLE when the element lies outside its window (a tabbed-away dock or
    page), ELEMENT_BLOCKED when a modal dialog blocks its window (the dialog named with
    its tabId): a user could act on neither, so neither is acted on."""
    w = el.widget
    if qmltypes.is_quick_item(w):
        _check_quick_reach(el, ids)
        return
    if not isinstance(w, QWidget) or not QWidget.isVisible(w):
        return  # hidden widgets: the input checks say why
    away = reach.offscreen_ancestor(w)
    if away is not None:
        what = QObject.objectName(away) or QObject.metaObject(away).className()
        raise QtError("ELEMENT_NOT_VISIBLE", f"{el.ref} is out of sight: it lies outside the "
                      f"window, in {what} (a tabbed-away dock or page)", ref=el.ref,
                      hint="Show its dock or page first (chr.navigate to its tab, or click "
                           "the tab), then chr.readPage again.", container=what)
    blocker = reach.modal_blocker(w)
    if blocker is not None:
        title = QWidget.windowTitle(blocker) or QObject.objectName(blocker)
        tab = ids.id_of(blocker)
        raise QtError("ELEMENT_BLOCKED", f"{el.ref} cannot be reached: the modal dialog "
                      f"{title!r} ({tab}) blocks its window", ref=el.ref,
                      hint=f"Act in the dialog first (chr.readPage with tabId {tab!r}) or "
                           "close it; then act here.",
                      blockedBy={"tabId": tab, "title": title,
                                 "objectName": QObject.objectName(blocker)})


def _check_quick_reach(el: Element, ids: idtable.IdTable) -> None:
    """ELEMENT_BLOCKED when a modal Qt Quick popup (a Dialog, a Drawer, a Qt Quick Dialogs
    dialog) covers the item: a click there would only close the popup."""
    found = quick_popups.blocker_of(el.widget)
    if found is None:
        return
    popup, window = found
    title = quick_popups.title_of(popup) or QObject.objectName(popup)
    tab = ids.id_of(window)
    kind = quick_popups.kind_of(popup)
    raise QtError("ELEMENT_BLOCKED", f"{el.ref} cannot be reached: the modal {kind} "
                  f"{title!r} covers it", ref=el.ref,
                  hint=f"Act in the {kind} first (chr.readPage with tabId {tab!r}) or close "
                       "it (Escape); then act here.",
                  blockedBy={"tabId": tab, "title": title, "popup": ids.id_of(popup),
                             "objectName": QObject.objectName(popup)})


def _spot_point(el: Element) -> tuple[QWidget, QPoint]:
    """A spot's widget and its click point there (the visible part's centre)."""
    assert el.area is not None
    w, r = el.area
    visible = r.intersected(QWidget.rect(w))
    if visible.isEmpty():
        raise QtError("ELEMENT_NOT_VISIBLE", f"{el.ref} is scrolled out of its view",
                      ref=el.ref, hint="chr.scroll over its view, then act again.")
    return w, visible.center()


def _check_model_item(el: Element) -> None:
    view = el.view
    qinput.check_interactable(view)
    if not QAbstractItemView.model(view).flags(el.index) & Qt.ItemFlag.ItemIsEnabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.ref} is disabled", ref=el.ref)


def _model_point(el: Element) -> QPoint:
    """Scroll the item into view; its click point in the viewport."""
    _check_model_item(el)
    view = el.view
    scroll_to(view, el.index)
    if not on_screen(view, el.index):
        raise QtError("ELEMENT_NOT_VISIBLE", f"{el.ref} cannot be scrolled into view (a "
                      "hidden row or column)", ref=el.ref)
    return viewport_point(view, el.index)


def _check_item(el: Element) -> None:
    if el.index is not None:
        _check_model_item(el)
        return
    st = el.iface.state()
    if st.invisible or not QWidget.isVisible(el.widget):
        raise QtError("ELEMENT_NOT_VISIBLE", f"{el.ref} is hidden", ref=el.ref,
                      hint="Open its menu, tab or dialog first, then chr.readPage again.")
    if st.disabled:
        raise QtError("ELEMENT_NOT_ENABLED", f"{el.ref} is disabled", ref=el.ref)


def item_point(el: Element) -> tuple[QWidget, QPoint]:
    """An item's centre in its top-level window's coordinates."""
    rect = el.iface.rect()
    window = QWidget.window(el.widget)
    return window, QWidget.mapFromGlobal(window, rect.center())


def center(el: Element) -> dict[str, Any]:
    """The element's centre and bounds in window coordinates (reported back to the agent);
    in an open popup, in the coordinates of the window it belongs to, as chr.readPage
    and the screenshot of that window show it."""
    out = _center(el)
    w = el.widget
    window = QWidget.window(w) if isinstance(w, QWidget) else None
    owner = popups.owner_of(window) if popups.is_popup(window) else None
    if window is not None and owner is not None:
        shift = QWidget.mapToGlobal(window, QPoint(0, 0)) - QWidget.mapToGlobal(owner,
                                                                                QPoint(0, 0))
        out["x"] += shift.x()
        out["y"] += shift.y()
        out["bounds"][0] += shift.x()
        out["bounds"][1] += shift.y()
    return out


def _center(el: Element) -> dict[str, Any]:
    if el.area is not None:
        w, r = el.area
        top = QWidget.mapTo(w, QWidget.window(w), r.topLeft())
        c = top + QPoint(r.width() // 2, r.height() // 2)
        return {"x": c.x(), "y": c.y(), "bounds": [top.x(), top.y(), r.width(), r.height()]}
    if el.index is not None:
        r = window_rect(el.view, el.index)
        c = r.center()
        return {"x": c.x(), "y": c.y(), "bounds": [r.x(), r.y(), r.width(), r.height()],
                "onScreen": on_screen(el.view, el.index)}
    if el.is_item:
        window, p = item_point(el)
        r = el.iface.rect()
        top = QWidget.mapFromGlobal(window, r.topLeft())
        return {"x": p.x(), "y": p.y(), "bounds": [top.x(), top.y(), r.width(), r.height()]}
    w = el.widget
    if not isinstance(w, QWidget):  # a Qt Quick item: scene coordinates
        x, y, width, height = qinput.quick_item_rect(w)
        return {"x": x + width // 2, "y": y + height // 2, "bounds": [x, y, width, height]}
    top = QWidget.mapTo(w, QWidget.window(w), QPoint(0, 0))
    c = top + QWidget.rect(w).center()
    return {"x": c.x(), "y": c.y(),
            "bounds": [top.x(), top.y(), QWidget.width(w), QWidget.height(w)]}


def _mouse_target(w: QWidget) -> QWidget:
    """Where a click on a widget goes: a scroll area takes the mouse in its viewport (its
    own event() refuses it; a list the app draws itself is clicked there), any other
    widget itself."""
    return QAbstractScrollArea.viewport(w) if isinstance(w, QAbstractScrollArea) else w


def _context_point(el: Element) -> tuple[QWidget, QPoint | None]:
    """The widget and point a right click on the element goes to (checked)."""
    if not el.is_item:
        qinput.check_interactable(el.widget)
        return _mouse_target(el.widget), None
    if el.index is not None:
        pos = _model_point(el)
        return QAbstractScrollArea.viewport(el.view), pos
    _check_item(el)
    return el.widget, QWidget.mapFromGlobal(el.widget, el.iface.rect().center())


def _menu_entry(el: Element, modifiers: Sequence[str]) -> tuple[str, Deliver] | None:
    """A menu or menu bar entry clicked as a user does: an entry with a submenu opens it
    (at once, not after the hover delay); any other entry of an open menu is clicked at
    its centre, so its action triggers and the whole menu chain closes (a menu that
    stays open, as some ignore an early release, gets Return, as from the keyboard).
    None for items that are no menu entries."""
    owner = el.widget
    if not isinstance(owner, (QMenu, QMenuBar)) or el.index is not None:
        return None
    _check_item(el)
    action = el.obj
    show = QAccessibleActionInterface.showMenuAction()
    submenu = compat.menu_of(action) if isinstance(action, QAction) else None
    if submenu is not None:
        if not _has_action(el, show):
            return None
        return "showMenu", lambda: (None if QWidget.isVisible(submenu)
                                    else do_action(el, show), qinput.settle())
    if not isinstance(owner, QMenu):
        return None  # a plain action on a menu bar: its press action triggers it
    window, p = item_point(el)
    handle = QWidget.windowHandle(window)
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its menu is not shown", ref=el.ref)
    enter = qkeys.parse_keys("Return")[0]

    def run() -> None:
        qinput.window_click(handle, p, "left", modifiers, 1)
        if QWidget.isVisible(owner) and isinstance(action, QAction):
            # Some menus ignore a release soon after they open (git-cola debounces 400 ms
            # against a right click's stray release): choose it as the keyboard does.
            QMenu.setActiveAction(owner, action)
            qinput.send_stroke(owner, enter)
            qinput.settle()
    return "click", run


def _has_action(el: Element, name: str) -> bool:
    actions = el.iface.actionInterface()
    return actions is not None and name in actions.actionNames()


def do_action(el: Element, name: str) -> None:
    """Run the item's accessible action ``name`` (Press, ShowMenu), its interface looked
    up now: a delivery runs after the app's own events, which may have deleted or rebuilt
    the item (OBJECT_STALE, REF_NOT_FOUND), and an interface kept from the validation
    would be a dangling one (see :class:`~probe.core.a11y.identity.refs.Element`)."""
    actions = el.iface.actionInterface()
    if actions is None or name not in actions.actionNames():
        raise QtError("OBJECT_STALE", f"{el.ref} no longer has its {name} action: the app "
                      "changed it during the action", ref=el.ref,
                      hint="Read the page again (chr.find, chr.readPage) and retry if it "
                           "still makes sense.")
    actions.doAction(name)


def _popup_list_click(vp: QWidget, pos: QPoint, button: str, modifiers: Sequence[str],
                      count: int) -> Deliver:
    """An item of a list popup (a combo box's list, a completer) clicked through the
    popup's window, pointer moved there first, as a user does. A combo box ignores the
    release of a click close to where it was opened for a moment (it takes it for the
    release of the click that opened it); if the popup is still open after a plain click,
    Return chooses the item the press made current, as the keyboard would."""
    popup = QWidget.window(vp)
    handle = QWidget.windowHandle(popup)
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its popup is not shown")
    at = QWidget.mapTo(vp, popup, pos)
    enter = qkeys.parse_keys("Return")[0]

    def run() -> None:
        qinput.window_click(handle, at, button, modifiers, count)
        if button == "left" and count == 1 and QWidget.isVisible(popup):
            qinput.send_stroke(QWidget.parentWidget(vp) or vp, enter)
            qinput.settle()
    return run


def click(el: Element, button: str = "left", count: int = 1,
          modifiers: Sequence[str] = ()) -> tuple[str, Deliver]:
    """Validate now; return how the click is done and the function that does it.

    A right click is a user's: press, release and the context menu event at the element.
    """
    qkeys.button_of(button)
    qkeys.modifiers_of(modifiers)
    if button == "right" and count == 1:
        w, pos = _context_point(el)
        return "contextClick", lambda: qinput.context_click(w, pos, modifiers)
    if button == "left" and count == 1:
        entry = _menu_entry(el, modifiers)
        if entry is not None:
            return entry
        if not modifiers and QObject.inherits(el.widget, "QQuickDelayButton"):
            return "pressAndHold", _hold(el.widget)
    if not el.is_item:
        qinput.check_interactable(el.widget)
        w = _mouse_target(el.widget)
        return "click", lambda: qinput.click(w, None, button, modifiers, count)
    if el.area is not None:
        qinput.check_interactable(el.widget)
        target, pos = _spot_point(el)
        spot = el.locator.index
        if isinstance(spot, links.LinkSpot) and isinstance(target, QLabel) and \
                button == "left" and count == 1:  # a label's link: linkActivated, surely
            return "click", lambda: links.click(
                target, spot, lambda: qinput.click(target, pos, button, modifiers, count))
        return "click", lambda: qinput.click(target, pos, button, modifiers, count)
    if el.index is not None:
        pos = _model_point(el)
        vp = QAbstractScrollArea.viewport(el.view)
        if popups.is_popup(QWidget.window(vp)):
            return "click", _popup_list_click(vp, pos, button, modifiers, count)
        if count >= 2:  # through the window, as a mouse's: Qt makes the double click of it
            window = QWidget.window(vp)
            handle = QWidget.windowHandle(window)
            if handle is not None:
                at = QWidget.mapTo(vp, window, pos)
                return "click", lambda: qinput.window_click(handle, at, button, modifiers,
                                                            count)
        return "click", lambda: qinput.click(vp, pos, button, modifiers, count)
    _check_item(el)
    press = QAccessibleActionInterface.pressAction()
    simple = button == "left" and count == 1 and not modifiers
    if simple and _has_action(el, press):
        return "pressAction", lambda: (do_action(el, press), qinput.settle())
    window, p = item_point(el)
    handle = QWidget.windowHandle(window)
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its window is not shown", ref=el.ref)
    return "click", lambda: qinput.window_click(handle, p, button, modifiers, count)


def _hold(item: QObject) -> Deliver:
    """A DelayButton acts when held down for its ``delay``: a user's click on it does
    nothing, so the click presses, holds that long (a timer: the event loop runs on) and
    releases."""
    qinput.check_interactable(item)  # pyright: ignore[reportArgumentType]  # a Qt Quick item: it takes both
    window, scene, _ = qinput.quick_item_point(item, None)
    delay = int(QObject.property(item, "delay") or 0)

    def run() -> None:
        qinput.window_button(window, scene, True)
        QTimer.singleShot(delay + 50, lambda: qinput.window_button(window, scene, False))

    return run


#: Roles whose content the walk does not read (the app draws it): an action on one may
#: change what shows without anything read changing.
UNREAD_ROLES = frozenset({"generic", "img", "graphic", "canvas"})


def unread(el: Element) -> dict[str, str]:
    """``{"unread": why}`` for an element whose content is drawn, not read (a custom-drawn
    widget, a canvas, a graphics view): a change report that sees no change there must
    say it cannot see, not that nothing changed. Empty for the rest."""
    w = el.widget
    if el.index is not None or (el.is_item and el.area is None) or not isinstance(w, QWidget):
        return {}
    if el.locator.role in UNREAD_ROLES or isinstance(w, QGraphicsView):
        what = f'{el.locator.role} "{el.locator.name}"' if el.locator.name else \
            el.locator.role
        return {"unread": f"{what} [{el.ref}] is drawn by the app: its content is not read, "
                          "so a change there may not show (cu.screenshot shows it)"}
    return {}


def hover(el: Element) -> Deliver:
    if not el.is_item:
        qinput.check_interactable(el.widget)
        w = el.widget
        return lambda: qinput.hover(w)
    if el.area is not None:
        qinput.check_interactable(el.widget)
        target, pos = _spot_point(el)
        return lambda: qinput.hover(target, pos)
    if el.index is not None:
        pos = _model_point(el)
        vp = QAbstractScrollArea.viewport(el.view)
        return lambda: qinput.hover(vp, pos)
    _check_item(el)
    window, p = item_point(el)
    handle = QWidget.windowHandle(window)
    if handle is None:
        raise QtError("ELEMENT_NOT_VISIBLE", "its window is not shown", ref=el.ref)
    return lambda: qinput.window_move(handle, p)


def _window_of(el: Element) -> QWindow:
    """The window whose coordinates :func:`center` gives (checked shown)."""
    w = el.widget
    if isinstance(w, QWidget):
        handle = QWidget.windowHandle(QWidget.window(w))
    else:  # a Qt Quick item
        handle = qt_class(w).window(w)
    if handle is None or not QWindow.isVisible(handle):
        raise QtError("ELEMENT_NOT_VISIBLE", "its window is not shown", ref=el.ref)
    return handle


def drag(source: Element, target: Element, steps: int = 8) -> tuple[dict[str, Any], Deliver]:
    """Validate now; a press on ``source``'s centre, moves to ``target``'s, a release
    there, with the drag and drop the app starts completed in the same call (see
    :func:`probe.core.input.simulate.window_drag`)."""
    if source.is_item and source.index is None and source.area is None:
        _check_item(source)
    elif not source.is_item:
        qinput.check_interactable(source.widget)
    window, other = _window_of(source), _window_of(target)
    if window is not other:
        raise QtError("NOT_SUPPORTED", "drag and drop between two windows is not supported",
                      hint="Drag within one window (chr.tabsContext lists them).")
    a, b = center(source), center(target)
    start, end = QPoint(a["x"], a["y"]), QPoint(b["x"], b["y"])
    return ({"start": [start.x(), start.y()], "end": [end.x(), end.y()]},
            lambda: qinput.window_drag(window, start, end, "left", steps))


def scroll(el: Element, dx: float, dy: float, modifiers: Sequence[str] = ()) -> Deliver:
    """Wheel over the element (over the view that holds an item)."""
    qinput.check_interactable(el.widget)
    w = el.widget
    pos = None
    if el.area is not None:
        target, point = _spot_point(el)
        pos = QWidget.mapTo(target, w, point)
    elif el.index is not None:
        vp = QAbstractScrollArea.viewport(el.view)
        r = el.view.visualRect(el.index).intersected(QWidget.rect(vp))  # virtual: on the view
        pos = QWidget.mapTo(vp, w, r.center()) if not r.isEmpty() else None
    elif el.is_item:
        pos = QWidget.mapFromGlobal(w, el.iface.rect().center())
    if isinstance(w, QAbstractScrollArea):
        # A scroll area leaves the wheel to its viewport (its own event() refuses it), as
        # a mouse's wheel reaches the viewport: send it there.
        vp = QAbstractScrollArea.viewport(w)
        at = QWidget.mapFrom(vp, w, pos) if pos is not None else QWidget.rect(vp).center()
        return lambda: qinput.scroll(vp, at, dx, dy, modifiers)
    return lambda: qinput.scroll(w, pos, dx, dy, modifiers)


def _scrolled(area: QAbstractScrollArea) -> tuple[int, int]:
    """Where a scroll area's bars stand."""
    return (QAbstractScrollArea.horizontalScrollBar(area).value(),
            QAbstractScrollArea.verticalScrollBar(area).value())


def scroll_into_view(el: Element) -> bool:
    """Scroll every scroll area around the element so it shows; True if anything moved."""
    target = el.widget
    if not isinstance(target, QWidget):  # a Qt Quick item: its Flickables scroll instead
        moved = _scroll_flickables(target)
        qinput.settle(50)
        return moved
    moved = False
    if el.index is not None:
        moved = scroll_to(el.view, el.index)
    spot = el.locator.index if el.area is not None else None  # links, headers: in place
    item = spot.item(target) if isinstance(spot, graphics.SceneSpot) and \
        isinstance(target, QGraphicsView) else None
    if item is not None and isinstance(target, QGraphicsView):
        bars = _scrolled(target)
        QGraphicsView.ensureVisible(target, item)
        moved = bars != _scrolled(target)
    parent = QWidget.parentWidget(target)
    while parent is not None:
        area = QWidget.parentWidget(parent)
        if isinstance(area, QScrollArea) and QScrollArea.widget(area) is parent:
            before = _scrolled(area)
            QScrollArea.ensureWidgetVisible(area, target, 20, 20)
            moved |= before != _scrolled(area)
        parent = QWidget.parentWidget(parent)
    if el.index is None and el.is_item and isinstance(target, QAbstractScrollArea):
        viewport = QWidget.rect(QAbstractScrollArea.viewport(target))
        r = el.iface.rect()
        local = QWidget.mapFromGlobal(QAbstractScrollArea.viewport(target), r.center())
        if not viewport.contains(local):
            dy = (local.y() - viewport.center().y()) / max(r.height(), 1) / 3
            qinput.scroll(target, None, 0, round(dy))
            moved = True
    qinput.settle(50)
    return moved


def _scroll_flickables(item: Any) -> bool:
    """Move each Flickable (ListView, ScrollView…) around a Qt Quick item so the item shows;
    True if one moved."""
    moved = False
    size = QRectF(0, 0, qt_class(item).width(item), qt_class(item).height(item))
    parent = qt_class(item).parentItem(item)  # QQuickItem's (QtQuick is not imported here)
    while parent is not None:
        if QObject.inherits(parent, "QQuickFlickable"):
            content = QObject.property(parent, "contentItem")
            r = qt_class(item).mapRectToItem(item, content, size)
            top = float(QObject.property(parent, "contentY"))
            height = qt_class(parent).height(parent)
            wanted = r.top() if r.top() < top else \
                r.bottom() - height if r.bottom() > top + height else None
            if wanted is not None:
                QObject.setProperty(parent, "contentY", wanted)
                moved = True
        parent = qt_class(parent).parentItem(parent)
    return moved
