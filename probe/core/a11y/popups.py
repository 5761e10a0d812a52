"""Open popups (menus, context menus, combo box lists, completers) and the window each
belongs to.

A popup is a top-level widget of type ``Qt.Popup``: it is a window of its own, but to a
user it is part of the window it opened over, so the walk of that window shows it (after
the window's own elements) and ``chr.tabsContext`` lists it too. Its window is found
through its parent widget (a context menu, a combo box's list, a submenu), else the
widget it forwards focus to (a completer's list), else its window handle's transient
parent, else the active window. GUI thread.
"""

from __future__ import annotations

from typing import TypeGuard

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible, QAction
from PySide6.QtWidgets import QApplication, QMenu, QWidget

from probe.core.objects import qtchildren
from probe.core.objects.text import clean_name, strip_mnemonic

_POPUP = Qt.WindowType.Popup
#: Popup chains deeper than this are cut (guards against a parent loop).
MAX_CHAIN = 20


def is_popup(w: object) -> TypeGuard[QWidget]:
    """A visible-or-not top-level popup widget (menu, combo list, completer list)."""
    return isinstance(w, QWidget) and QWidget.isWindow(w) and QWidget.windowType(w) == _POPUP


def opener_of(popup: QWidget) -> QWidget | None:
    """The widget the popup belongs to: its parent, its focus proxy, or its transient
    parent's widget; None when nothing says."""
    parent = QWidget.parentWidget(popup)
    if parent is not None:
        return parent
    proxy = QWidget.focusProxy(popup)
    if proxy is not None:
        return proxy
    handle = QWidget.windowHandle(popup)
    transient = handle.transientParent() if handle is not None else None
    if transient is not None:
        for w in qtchildren.top_level_widgets():
            if QWidget.windowHandle(w) is transient:
                return w
    return None


def chain_of(popup: QWidget) -> list[QWidget]:
    """The popup, the popups it opened from (a submenu's menu), and last the window that
    is no popup; the active window stands in when nothing names one."""
    out = [popup]
    cur = popup
    while len(out) < MAX_CHAIN:
        opener = opener_of(cur)
        if opener is None:
            active = QApplication.activeWindow()
            if active is not None and not is_popup(active):
                out.append(active)
            break
        window = QWidget.window(opener)
        if window in out:
            break
        out.append(window)
        if not is_popup(window):
            break
        cur = window
    return out


def owner_of(popup: QWidget) -> QWidget | None:
    """The window (no popup) a popup belongs to."""
    last = chain_of(popup)[-1]
    return None if is_popup(last) else last


def open_popups() -> list[QWidget]:
    """Visible popups, each after the popup it opened from (a menu before its submenu)."""
    if QApplication.activePopupWidget() is None:  # no popup open: nothing to look for
        return []
    found = [w for w in qtchildren.top_level_widgets() if is_popup(w) and QWidget.isVisible(w)]
    found.sort(key=lambda w: len(chain_of(w)))
    return found


def shown_with(window: QWidget) -> list[QWidget]:
    """The open popups that belong to ``window`` (for a popup: those opened from it)."""
    return [p for p in open_popups() if p is not window and window in chain_of(p)[1:]]


def kind_of(popup: QWidget) -> str:
    """``menu`` for a QMenu, ``popup`` for any other popup (a combo list, a completer)."""
    return "menu" if isinstance(popup, QMenu) else "popup"


def popup_title(popup: QWidget) -> str:
    """A menu's title, else the window title, else the accessible name of its opener (the
    combo box or field it lists choices for)."""
    if isinstance(popup, QMenu) and QMenu.title(popup):
        return clean_name(strip_mnemonic(QMenu.title(popup)))
    if QWidget.windowTitle(popup):
        return clean_name(QWidget.windowTitle(popup))
    opener = opener_of(popup)
    if opener is None or QWidget.isWindow(opener):
        return ""
    iface = QAccessible.queryAccessibleInterface(opener)
    return clean_name(iface.text(QAccessible.Text.Name)) if iface is not None else ""


def submenu_states(obj: object) -> list[str]:
    """``hasPopup`` (and ``expanded`` while it shows) for a menu entry that opens a submenu."""
    if not isinstance(obj, QAction):
        return []
    menu = QAction.menu(obj)
    if not isinstance(menu, QWidget):  # (PySide6's stub says QObject: Qt's is a template)
        return []
    return ["hasPopup", "expanded"] if QWidget.isVisible(menu) else ["hasPopup"]
