"""Open Qt Quick popups (Popup, Drawer, Dialog, Menu, ToolTip, Qt Quick Dialogs) and what
they block.

A Qt Quick popup is a QObject (``QQuickPopup``) whose visual item (a ``QQuickPopupItem``,
its QObject child) is shown either in its window's overlay (``popupType: Popup.Item``) or
in a top-level ``QQuickPopupWindow`` of its own (``Popup.Window``: menus and Qt Quick
Dialogs' dialogs where the platform allows it). Either way, to a user it is part of the
window it opened over. A modal one (``modal: true``; a popup window shown modal) takes
every click meant for the items behind it. Told apart by meta-object (``inherits``):
importing this module loads no QtQuick, so widget apps pay nothing. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QWindow

from probe.core.objects import qmltypes, qtchildren
from probe.core.objects.text import clean_name, strip_mnemonic


def is_popup(obj: object) -> bool:
    """A Qt Quick popup object (Popup, Dialog, Drawer, Menu, ToolTip, a dialog's impl)."""
    return isinstance(obj, QObject) and QObject.inherits(obj, "QQuickPopup")


def is_popup_window(window: object) -> bool:
    """A top-level window Qt Quick made for one popup (``popupType: Popup.Window``)."""
    return isinstance(window, QObject) and QObject.inherits(window, "QQuickPopupWindow")


def popup_item(popup: QObject) -> Any:
    """The popup's visual item (its QQuickPopupItem child), or None."""
    for child in qtchildren.children(popup):
        if QObject.inherits(child, "QQuickPopupItem"):
            return child
    return None


def is_open(popup: QObject) -> bool:
    return bool(QObject.property(popup, "visible"))


def kind_of(popup: QObject) -> str:
    """``menu``, ``dialog`` (a Dialog, Qt Quick Dialogs' dialogs) or ``popup``."""
    if QObject.inherits(popup, "QQuickMenu"):
        return "menu"
    if QObject.inherits(popup, "QQuickDialog"):
        return "dialog"
    return "popup"


def title_of(popup: QObject) -> str:
    title = QObject.property(popup, "title")
    return clean_name(strip_mnemonic(title)) if isinstance(title, str) else ""


def is_file_dialog(popup: QObject) -> bool:
    """Qt Quick Dialogs' own file or folder dialog (an agent answers it with paths)."""
    return QObject.inherits(popup, "QQuickFileDialogImpl") or \
        QObject.inherits(popup, "QQuickFolderDialogImpl")


#: Qt Quick Dialogs' own dialogs (the QML FileDialog, ColorDialog… without a native one).
_DIALOGS_IMPLS = ("QQuickFileDialogImpl", "QQuickFolderDialogImpl", "QQuickColorDialogImpl",
                  "QQuickFontDialogImpl", "QQuickMessageDialogImpl")


def is_dialogs_dialog(popup: QObject) -> bool:
    """One of Qt Quick Dialogs' own dialogs: the app waits for its answer, so an agent
    deals with it first even where Qt leaves it non-modal (in the overlay before 6.5)."""
    return any(QObject.inherits(popup, cls) for cls in _DIALOGS_IMPLS)


def is_modal(popup: QObject) -> bool:
    return bool(QObject.property(popup, "modal"))


def _overlay(window: QObject) -> Any:
    quick = qmltypes.quick_module()
    root = qmltypes.content_item(window) if quick is not None else None
    if quick is None or root is None:
        return None
    for child in qmltypes.child_items(root):
        if QObject.inherits(child, "QQuickOverlay"):
            return child
    return None


def in_overlay(window: QObject) -> list[QObject]:
    """The popups open in a Quick window's overlay, bottom first (the last is on top)."""
    quick = qmltypes.quick_module()
    overlay = _overlay(window) if quick is not None else None
    if quick is None or overlay is None:
        return []
    out = []
    for item in sorted(qmltypes.child_items(overlay), key=quick.QQuickItem.z):
        popup = qtchildren.parent(item) if QObject.inherits(item, "QQuickPopupItem") else None
        if popup is not None and is_popup(popup) and is_open(popup) and \
                quick.QQuickItem.isVisible(item):
            out.append(popup)
    return out


def of_window(window: QObject) -> QObject | None:
    """The popup a QQuickPopupWindow shows, or None."""
    if not is_popup_window(window):
        return None
    quick = qmltypes.quick_module()
    root = qmltypes.content_item(window) if quick is not None else None
    if quick is None or root is None:
        return None
    for item in qmltypes.child_items(root):
        if QObject.inherits(item, "QQuickPopupItem"):
            popup = qtchildren.parent(item)
            return popup if is_popup(popup) else None
    return None


def owner_of(window: QObject) -> QObject | None:
    """The window a QQuickPopupWindow belongs to (its transient parent, followed up
    through other popup windows: a submenu's menu)."""
    cur: QObject | None = window
    for _ in range(20):
        if cur is None or not is_popup_window(cur):
            return cur
        cur = QWindow.transientParent(cur)  # pyright: ignore[reportArgumentType]  # a popup window is a QWindow
    return None


def open_popups() -> list[tuple[QObject, QObject]]:
    """(popup, the window it shows in) for every open Quick popup that is no window of
    its own: the overlay popups of the shown Quick windows (tool tips are no tabs)."""
    return [(p, w) for w in qmltypes.quick_windows(visible_only=True)
            if not is_popup_window(w) for p in in_overlay(w)
            if not QObject.inherits(p, "QQuickToolTip")]


def _contains(popup: QObject, item: QObject) -> bool:
    quick = qmltypes.quick_module()
    top = popup_item(popup)
    cur = item
    while cur is not None:
        if cur is top:
            return True
        cur = quick.QQuickItem.parentItem(cur)
    return False


def _window_modal(window: QObject) -> bool:
    return QWindow.modality(window) != Qt.WindowModality.NonModal  # pyright: ignore[reportArgumentType]  # a popup window


def blocker_of(item: QObject) -> tuple[QObject, QObject] | None:
    """(the modal popup, its window) that takes the clicks meant for ``item``, or None:
    a modal popup open over the item's window that does not hold the item, or a modal
    popup window shown over it (a Qt Quick Dialogs dialog)."""
    quick = qmltypes.quick_module()
    if quick is None:
        return None
    window = quick.QQuickItem.window(item)
    if window is None:
        return None
    for popup in reversed(in_overlay(window)):
        if is_modal(popup) and not _contains(popup, item):
            return popup, window
    other = window_blocker(window)
    return (of_window(other), other) if other is not None else None  # pyright: ignore[reportReturnType]  # window_blocker's windows have a popup


def top_blocker() -> tuple[QObject, QObject] | None:
    """(popup, window) of the topmost open Quick popup an agent must deal with first: a
    modal popup or an open menu, in a popup window of its own or in an overlay."""
    found: list[tuple[QObject, QObject]] = []
    for w in qmltypes.quick_windows(visible_only=True):
        if is_popup_window(w):
            popup = of_window(w)
            if popup is not None and (is_modal(popup) or _window_modal(w) or
                                      kind_of(popup) == "menu"):
                found.append((popup, w))
        else:
            found.extend((p, w) for p in in_overlay(w)
                         if is_modal(p) or kind_of(p) == "menu" or is_dialogs_dialog(p))
    return found[-1] if found else None


def window_blocker(window: QObject) -> QObject | None:
    """The modal popup window (a Qt Quick Dialogs dialog) shown over a Quick ``window``,
    which keeps every input from it; None when there is none."""
    if is_popup_window(window):
        return None
    for other in qtchildren.top_level_windows():
        if other is not window and is_popup_window(other) and QWindow.isVisible(other) \
                and owner_of(other) is window:
            popup = of_window(other)
            if popup is not None and (is_modal(popup) or _window_modal(other)):
                return other
    return None


def host_of(popup: QObject) -> QObject | None:
    """The window that shows ``popup`` (its overlay's window or its popup window)."""
    quick = qmltypes.quick_module()
    item = popup_item(popup)
    return quick.QQuickItem.window(item) if quick is not None and item is not None else None


def scene_rect(popup: QObject) -> list[int]:
    """``[x, y, width, height]`` of the popup's item in its window."""
    quick = qmltypes.quick_module()
    item = popup_item(popup)
    if quick is None or item is None:
        return [0, 0, 0, 0]
    r = quick.QQuickItem.mapRectToScene(item, quick.QQuickItem.boundingRect(item))
    return [round(r.x()), round(r.y()), round(r.width()), round(r.height())]
