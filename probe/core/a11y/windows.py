"""Top-level windows as Chrome "tabs": list them, pick one by id, name or title.

A tab is a visible top-level window or dialog. An open popup (a menu, a combo box's list,
a completer) is listed as a tab of kind ``menu`` / ``popup`` after the windows, with the
tabId of the window it belongs to as ``owner``; reading that window shows it too. Tool tips
are no tabs. Qt Quick popups are listed the same way: a Dialog, Drawer, Popup or Menu
open in a window's overlay as a tab of kind ``dialog`` / ``popup`` / ``menu`` with its
title (its tabId reads the window that shows it), a popup in a window of its own (a
Qt Quick Dialogs dialog, a menu) with its popup's kind and title. ``tabId`` is the window's
session ``#N`` id; an objectName or a window title is accepted too. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QPoint, Qt
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QApplication, QDialog, QWidget

from probe.core.a11y import popups
from probe.core.errors import QtError
from probe.core.objects import idtable, qmltypes, qtchildren
from probe.core.objects.qtclass import qt_class
from probe.core.qml import popups as quick_popups

_POPUPS = (Qt.WindowType.Popup, Qt.WindowType.ToolTip)


def _listed(w: QWidget) -> bool:
    """Whether a top-level widget is one of :func:`windows`."""
    return QWidget.isVisible(w) and QWidget.isWindow(w) and \
        QWidget.windowType(w) not in _POPUPS


def windows() -> list[QWidget]:
    """Visible top-level windows and dialogs, in stacking-independent, stable order.
    From the app's windows (:func:`qtchildren.windowed_widgets`: a shown widget has one),
    not Qt's topLevelWidgets, which visits every widget of the app (1.4 ms with 2,000
    controls, 6.8 with 8,000: once a read, for the change report's list of windows)."""
    out = [w for w in qtchildren.windowed_widgets() if _listed(w)]
    out.sort(key=lambda w: (isinstance(w, QDialog), QObject.objectName(w)))
    return out + qmltypes.quick_windows(visible_only=True)


def tabs(ids: idtable.IdTable, active: QWidget | None) -> list[dict[str, Any]]:
    """chr.tabsContext's tabs: the windows, then the open popups (a Qt Quick popup shown
    in its window's overlay is listed too, read through that window)."""
    return [tab_summary(w, ids, active) for w in windows() + popups.open_popups()] + \
        [_quick_popup_tab(p, host, ids) for p, host in quick_popups.open_popups()]


def _quick_popup_tab(popup: Any, host: Any, ids: idtable.IdTable) -> dict[str, Any]:
    """A Qt Quick popup open in ``host``'s overlay: kind, title, modal, its window."""
    x, y, w, h = quick_popups.scene_rect(popup)
    out = {"tabId": ids.id_of(popup), "title": quick_popups.title_of(popup),
           "objectName": QObject.objectName(popup),
           "className": QObject.metaObject(popup).className(),
           "kind": quick_popups.kind_of(popup), "active": False,
           "bounds": [QWindow.x(host) + x, QWindow.y(host) + y, w, h],
           "owner": ids.id_of(host)}
    if quick_popups.is_modal(popup):
        out["modal"] = True
    return out


def toplevel_of(obj: Any) -> Any:
    """The top-level window of a widget or Qt Quick item (through the Qt class: an app's
    widget may hide ``window``, see ``probe/core/objects``)."""
    return QWidget.window(obj) if isinstance(obj, QWidget) else qt_class(obj).window(obj)


def window_title(w: Any) -> str:
    """A widget's windowTitle or a QWindow's title."""
    return QWidget.windowTitle(w) if isinstance(w, QWidget) else QWindow.title(w)


def active_window() -> QWidget | None:
    """The active window (the focus is there), else the top modal dialog, else the first.
    The active window (a top-level widget) is checked as :func:`windows` checks each:
    a read of the active window lists no windows."""
    active = QApplication.activeWindow()
    if active is not None and _listed(active):
        return active
    found = windows()
    focus = QApplication.focusWindow()
    if focus is not None and focus in found:  # a QQuickWindow
        return focus  # type: ignore[return-value]
    modal = QApplication.activeModalWidget()
    if modal is not None and modal in found:
        return modal
    return found[0] if found else None


def window_for(tab_id: str | None, ids: idtable.IdTable) -> QWidget:
    """The window ``tab_id`` names (``#N``, objectName or title); default the active one."""
    if tab_id is None or not str(tab_id).strip():
        win = active_window()
        if win is None:
            raise QtError("WINDOW_NOT_FOUND", "the app shows no window",
                          hint="Wait for the app to show one (qt.wait), then retry.")
        return win
    tab_id = str(tab_id).strip()
    found = windows() + popups.open_popups()
    if tab_id.startswith("#"):
        obj = ids.get(tab_id)
        if isinstance(obj, QWidget) and QWidget.isWindow(obj) and QWidget.isVisible(obj):
            return obj
        if obj in found:  # a QQuickWindow
            return obj  # pyright: ignore[reportReturnType]  # a QQuickWindow, which callers take as a window
        if quick_popups.is_popup(obj) and quick_popups.is_open(obj):
            host = quick_popups.host_of(obj)  # a Qt Quick popup: read in its window
            if host is not None and host in found:
                return host  # pyright: ignore[reportReturnType]  # (as above)
    else:
        for w in found:
            if tab_id in (QObject.objectName(w), window_title(w)):
                return w
    raise QtError("WINDOW_NOT_FOUND", f"no visible window {tab_id!r}",
                  hint="chr.tabsContext lists the windows and their tabId.",
                  available=[tab_summary(w, ids) for w in found])


def tab_summary(w: QWidget, ids: idtable.IdTable, active: QWidget | None = None) -> dict[str, Any]:
    """One tab of chr.tabsContext."""
    if not isinstance(w, QWidget):  # a QQuickWindow
        summary = {"tabId": ids.id_of(w), "title": QWindow.title(w),
                   "objectName": QObject.objectName(w),
                   "className": QObject.metaObject(w).className(), "kind": "window",
                   "active": w is active, "bounds": [QWindow.x(w), QWindow.y(w),
                                                     QWindow.width(w), QWindow.height(w)]}
        popup = quick_popups.of_window(w)
        if popup is not None:  # a Qt Quick popup in a window of its own (menu, dialog)
            owner = quick_popups.owner_of(w)
            summary.update(kind=quick_popups.kind_of(popup),
                           title=quick_popups.title_of(popup) or QWindow.title(w),
                           owner=ids.id_of(owner) if owner is not None else None)
            if quick_popups.is_modal(popup) or \
                    QWindow.modality(w) != Qt.WindowModality.NonModal:
                summary["modal"] = True
        return summary
    pos = QWidget.mapToGlobal(w, QPoint(0, 0))
    popup = popups.is_popup(w)
    out: dict[str, Any] = {
        "tabId": ids.id_of(w), "title": popups.popup_title(w) if popup else QWidget.windowTitle(w),
        "objectName": QObject.objectName(w), "className": QObject.metaObject(w).className(),
        "kind": popups.kind_of(w) if popup else "dialog" if isinstance(w, QDialog) else "window",
        "active": w is active,
        "bounds": [pos.x(), pos.y(), QWidget.width(w), QWidget.height(w)],
    }
    if popup:
        owner = popups.owner_of(w)
        out["owner"] = ids.id_of(owner) if owner is not None else None
    if QWidget.isModal(w):
        out["modal"] = True
    return out
