"""The modal state: the dialog or popup an agent has to deal with before anything else.

While a modal dialog (a message box, a file or input dialog, an app's ``exec()``-ed dialog)
or a popup (a menu, a context menu, a combo box list, a completer) is open, the rest of the
app waits for it; every action's result names it (as Playwright's "modal state"), with
where to read it and how to answer it. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QApplication, QDialog, QFileDialog, QWidget

from probe.core.a11y import popups
from probe.core.objects import idtable, qtchildren
from probe.core.qml import popups as quick_popups


def blocker() -> QWidget | None:
    """The topmost open popup, else the active modal dialog; None when neither is open."""
    popup = QApplication.activePopupWidget()
    if popup is not None and QWidget.isVisible(popup):
        return popup
    dialog = QApplication.activeModalWidget()
    if dialog is not None and QWidget.isVisible(dialog):
        return dialog
    return None


def blocker_id(ids: idtable.IdTable) -> str | None:
    """The ``#N`` ids of every dialog and popup open before an action, Qt Quick popups
    included (space-separated; None when none is), to tell what the action opened: not the
    one that blocks afterwards when it was open already, under a popup the action closed or
    behind the dialog it answered."""
    open_now = [w for w in qtchildren.top_level_widgets()
                if QWidget.isVisible(w) and (isinstance(w, QDialog) or popups.is_popup(w))]
    open_now += [popup for popup, _window in quick_popups.open_popups()]
    return " ".join(ids.id_of(w) for w in open_now) or None


def _describe_quick(ids: idtable.IdTable, before: str | None, waiting: bool
                    ) -> dict[str, Any] | None:
    """The ``modal`` field for a Qt Quick modal popup or open menu (a Dialog, a Drawer, a
    Menu, a Qt Quick Dialogs dialog); its ``tabId`` is the window to read it in."""
    found = quick_popups.top_blocker()
    if found is None:
        return None
    popup, window = found
    kind = quick_popups.kind_of(popup)
    tab = ids.id_of(window)
    file_chooser = quick_popups.is_file_dialog(popup)
    out: dict[str, Any] = {
        "kind": kind, "title": quick_popups.title_of(popup), "tabId": tab,
        "className": QObject.metaObject(popup).className(),
        "modal": quick_popups.is_modal(popup) or kind == "dialog",
        "opened": ids.id_of(popup) not in (before or "").split(),
    }
    owner = quick_popups.owner_of(window)
    if owner is not None and owner is not window:
        out["owner"] = ids.id_of(owner)
    if file_chooser:
        out["fileChooser"] = True
    if waiting:
        out["waiting"] = True
    if out["opened"] or waiting:
        out["hint"] = _hint("dialog" if kind == "dialog" else kind, tab, file_chooser)
    return out


def _hint(kind: str, tab: str, file_chooser: bool) -> str:
    if kind == "dialog":
        extra = (" chr.fileChooser answers it with paths."
                 if file_chooser else "")
        return (f"A modal dialog blocks the app's other windows: read it with chr.readPage "
                f"tabId={tab} and click its buttons by ref (Escape cancels).{extra}")
    return (f"A {kind} is open: its entries are in chr.readPage (its window's or tabId={tab}); "
            "click one by ref, or press Escape to close it.")


def describe(ids: idtable.IdTable, before: str | None = None, waiting: bool = False
             ) -> dict[str, Any] | None:
    """The ``modal`` field of an action's result, or None when nothing blocks.

    ``before``: :func:`blocker_id` before the action (``opened``: the action opened it,
    it was not open before);
    ``waiting``: the action's own code waits in a nested event loop (``exec()``) and goes
    on when the dialog closes.
    """
    w = blocker()
    if w is None:
        quick = _describe_quick(ids, before, waiting)
        if quick is not None:
            return quick
        if not waiting:
            return None
        return {"kind": "eventLoop", "waiting": True,
                "hint": "The action's code runs a nested event loop without showing a "
                        "dialog (it waits for something in the app); its effect comes when "
                        "that loop ends. chr.tabsContext lists the windows."}
    tab = ids.id_of(w)
    popup = popups.is_popup(w)
    kind = popups.kind_of(w) if popup else "dialog"
    file_chooser = isinstance(w, QFileDialog)
    out: dict[str, Any] = {
        "kind": kind,
        "title": popups.popup_title(w) if popup else QWidget.windowTitle(w),
        "tabId": tab,
        "className": QObject.metaObject(w).className(),
        "modal": not popup and QWidget.windowModality(w) != Qt.WindowModality.NonModal,
        "opened": tab not in (before or "").split(),
    }
    if popup:
        owner = popups.owner_of(w)
        out["owner"] = ids.id_of(owner) if owner is not None else None
    if file_chooser:
        out["fileChooser"] = True
    if waiting:
        out["waiting"] = True
    if out["opened"] or waiting:  # said once: later results only name it
        out["hint"] = _hint(kind, tab, file_chooser)
    return out
