"""Qt Quick Dialogs' own FileDialog and FolderDialog, answered with paths.

Without a native platform dialog (offscreen, most Linux desktops under ``qtmcp launch``)
a QML ``FileDialog`` / ``FolderDialog`` shows Qt's Quick implementation: a popup
(``QQuickFileDialogImpl`` / ``QQuickFolderDialogImpl``) in a window of its own or in the
overlay. It is answered as a user does it: go to the folder, pick the file (or type the
name in a save dialog's field), press the accept button; the app's ``FileDialog`` then
emits ``accepted`` with ``selectedFile``. GUI thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QMetaObject, QObject, QUrl

from probe.core.objects import qmltypes, qtchildren
from probe.core.qml import popups

#: The QML FileDialog's fileMode values (QQuickFileDialog::FileMode).
_OPEN_FILES, _SAVE_FILE = 1, 2


is_impl = popups.is_file_dialog


def open_dialog() -> QObject | None:
    """The open Quick file or folder dialog (the topmost one), or None."""
    found: list[QObject] = []
    for window in qmltypes.quick_windows(visible_only=True):
        popup = popups.of_window(window)
        if popup is not None and is_impl(popup):
            found.append(popup)
        found.extend(p for p in popups.in_overlay(window) if is_impl(p))
    return found[-1] if found else None


def _facing(impl: QObject) -> QObject | None:
    """The app's own (shown) ``FileDialog`` object the implementation answers for."""
    cls = "QQuickFolderDialog" if QObject.inherits(impl, "QQuickFolderDialogImpl") else \
        "QQuickFileDialog"
    title = QObject.property(impl, "title")
    for window in qmltypes.quick_windows():
        if popups.is_popup_window(window):
            continue
        for obj in qtchildren.descendants(window):
            if QObject.inherits(obj, cls) and QObject.property(obj, "visible") and \
                    QObject.property(obj, "title") == title:
                return obj
    return None


def mode_of(impl: QObject) -> str:
    """``folder``, ``save``, ``openFiles`` or ``open`` (the names QFileDialog's get)."""
    if QObject.inherits(impl, "QQuickFolderDialogImpl"):
        return "folder"
    facing = _facing(impl)
    mode = qmltypes.evaluate(facing, "fileMode") if facing is not None else None
    if not isinstance(mode, (int, float)):
        return "open"
    return {_SAVE_FILE: "save", _OPEN_FILES: "openFiles"}.get(int(mode), "open")


def problem(impl: QObject, paths: Sequence[str]) -> str | None:
    """Why ``paths`` cannot answer this dialog, or None."""
    mode = mode_of(impl)
    if len(paths) > 1:
        if mode == "openFiles":
            return ("Qt Quick's own FileDialog picks one file even in OpenFiles mode (its "
                    "list has single selection); give one path")
        return "this dialog takes one path (it is not a multiple-file dialog)"
    path = paths[0]
    if mode == "folder":
        return None if os.path.isdir(path) else \
            f"{path} is not an existing folder (this dialog picks a folder)"
    if mode == "save":
        return None if os.path.isdir(os.path.dirname(os.path.abspath(path))) else \
            f"the folder of {path} does not exist"
    return None if os.path.isfile(path) else \
        f"{path} is not an existing file (this dialog opens existing files)"


def answer(impl: QObject, path: str) -> Callable[[], Any]:
    """The function that answers ``impl`` with ``path`` (absolute) as a user does."""
    mode = mode_of(impl)

    def run() -> None:
        if mode == "folder":
            QObject.setProperty(impl, "currentFolder",
                                QUrl.fromLocalFile(os.path.dirname(path)))
            QObject.setProperty(impl, "selectedFolder", QUrl.fromLocalFile(path))
        else:
            QObject.setProperty(impl, "currentFolder",
                                QUrl.fromLocalFile(os.path.dirname(path)))
            if mode == "save":  # typed into its file name field
                QObject.setProperty(impl, "fileName", os.path.basename(path))
            QObject.setProperty(impl, "selectedFile", QUrl.fromLocalFile(path))
        QMetaObject.invokeMethod(impl, "accept")  # what its Open / Save button does

    return run
