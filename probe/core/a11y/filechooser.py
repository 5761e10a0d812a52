"""Answer the open file dialog with paths, as Playwright's file chooser does for a page.

A ``QFileDialog`` (``getOpenFileName`` and friends, or the app's own) waits in its event
loop for a user to pick files. Here its directory is set to the files' folder, the names
are put in its file name field as a user types them (``"a.txt" "b.txt"`` for several),
and it is accepted the way its Open/Save button accepts it, so the dialog's own checks run
(an existing file for Open, the overwrite question for Save) and the app gets the paths
from its ``exec()``. Validation happens at once; the returned function answers the dialog
(its effect may be another dialog, so the caller runs it as its own GUI job). GUI thread.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QFileDialog, QLineEdit, QWidget

from probe.core.a11y import modal
from probe.core.errors import QtError
from probe.core.objects import qmltypes, qtchildren
from probe.core.qml import filedialogs as quick_dialogs

Deliver = Callable[[], Any]
_MODE = QFileDialog.FileMode


def open_dialog() -> QFileDialog | None:
    """The file dialog waiting for an answer: the blocking one, else any shown one, else a
    hidden one (a native dialog in use: the app did not get Qt's own)."""
    top = modal.blocker()
    if isinstance(top, QFileDialog):
        return top
    found = [w for w in qtchildren.top_level_widgets() if isinstance(w, QFileDialog)]
    shown = [w for w in found if QWidget.isVisible(w)]
    return (shown or found or [None])[-1]


def _problem(dialog: QFileDialog, paths: Sequence[str]) -> str | None:
    """Why ``paths`` cannot answer this dialog, or None."""
    mode = QFileDialog.fileMode(dialog)
    if not paths:
        return "give at least one path"
    if len(paths) > 1 and mode != _MODE.ExistingFiles:
        return "this dialog takes one path (it is not a multiple-file dialog)"
    if len({os.path.dirname(os.path.abspath(p)) for p in paths}) > 1:
        return "several paths must be in one folder (a file dialog shows one folder)"
    for p in paths:
        if mode in (_MODE.ExistingFile, _MODE.ExistingFiles) and not os.path.isfile(p):
            return f"{p} is not an existing file (this dialog opens existing files)"
        if mode == _MODE.Directory and not os.path.isdir(p):
            return f"{p} is not an existing folder (this dialog picks a folder)"
    if mode == _MODE.AnyFile and not os.path.isdir(os.path.dirname(os.path.abspath(paths[0]))):
        return f"the folder of {paths[0]} does not exist"
    return None


def _mode_name(dialog: QFileDialog) -> str:
    if QFileDialog.acceptMode(dialog) == QFileDialog.AcceptMode.AcceptSave:
        return "save"
    return {_MODE.ExistingFiles: "openFiles", _MODE.Directory: "folder"}.get(
        QFileDialog.fileMode(dialog), "open")


def choose(paths: Sequence[str]) -> tuple[dict[str, Any], Deliver]:
    """Validate ``paths`` against the open file dialog; (what will happen, the answer)."""
    dialog = open_dialog()
    if dialog is None and qmltypes.qml_loaded():
        impl = quick_dialogs.open_dialog()
        if impl is not None:
            return _choose_quick(impl, paths)
    if dialog is None:
        raise QtError("WINDOW_NOT_FOUND", "no file dialog is open",
                      hint="Open it first: click what opens it (chr.find 'open'), then call "
                           "this again; chr.tabsContext lists the open dialogs.")
    problem = _problem(dialog, paths)
    if problem is not None:
        raise QtError("FORM_INPUT_INVALID", f"cannot choose {list(paths)}: {problem}",
                      hint="Give absolute paths that fit the dialog's mode (data.mode).",
                      mode=_mode_name(dialog), paths=list(paths))
    full = [os.path.abspath(p) for p in paths]
    is_folder = QFileDialog.fileMode(dialog) == _MODE.Directory
    folder = full[0] if is_folder else os.path.dirname(full[0])
    names = [os.path.basename(p) for p in full]
    info = {"dialog": QWidget.windowTitle(dialog), "mode": _mode_name(dialog), "paths": full}

    def answer() -> None:
        QFileDialog.setDirectory(dialog, folder)
        if QFileDialog.fileMode(dialog) != _MODE.Directory:
            field = qtchildren.find_child(dialog, QLineEdit, "fileNameEdit")
            typed = names[0] if len(names) == 1 else " ".join(f'"{n}"' for n in names)
            if field is not None:
                QLineEdit.setText(field, typed)  # as typed: the dialog reads its field on accept
            else:
                QFileDialog.selectFile(dialog, typed)
        QFileDialog.accept(dialog)

    return info, answer


def _choose_quick(impl: QObject, paths: Sequence[str]) -> tuple[dict[str, Any], Deliver]:
    """The same for Qt Quick Dialogs' own FileDialog / FolderDialog."""
    problem = quick_dialogs.problem(impl, paths)
    mode = quick_dialogs.mode_of(impl)
    if problem is not None:
        raise QtError("FORM_INPUT_INVALID", f"cannot choose {list(paths)}: {problem}",
                      hint="Give absolute paths that fit the dialog's mode (data.mode).",
                      mode=mode, paths=list(paths))
    full = [os.path.abspath(p) for p in paths]
    title = QObject.property(impl, "title")
    info = {"dialog": title if isinstance(title, str) else "", "mode": mode, "paths": full}
    return info, quick_dialogs.answer(impl, full[0])
