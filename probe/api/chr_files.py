"""chr.fileChooser: answer the open file dialog with paths (Playwright's file chooser).

The other dialogs need nothing of their own: a modal dialog or popup is a tab
(chr.tabsContext), its buttons and entries have refs (chr.readPage), and every action's
result names it in ``modal``. A file dialog can be answered that way too (type the name,
click Open); this is the one-call shortcut. No Qt here: core/a11y/filechooser does it.
"""

from __future__ import annotations

from typing import Annotated

from probe.api import _act
from probe.api._pointer import ACTION_TIMEOUT
from probe.core.a11y import filechooser
from probe.server.context import Context, Meta
from probe.server.registry import P, Tool, method
from probe.wire.chr_files import Chosen


@method("chr.fileChooser", changes=True, marks=True, tool=Tool("file_upload", "chrome"))
async def file_chooser(
    ctx: Context,
    paths: Annotated[list[str], P("absolute paths of the files to choose (several only for a "
                                  "dialog that takes several; all in one folder); for a "
                                  "save dialog the file to write; for a folder dialog the "
                                  "folder", minItems=1, maxItems=100)],
) -> Meta[Chosen]:
    """Answer the open file dialog (QFileDialog.getOpenFileName and the like) with paths.

    The dialog is filled and accepted as a user does it, so the app's code after the
    dialog gets the paths. WINDOW_NOT_FOUND when no file dialog is open (open it first:
    the action that opens it returns at once with the dialog in ``modal``);
    FORM_INPUT_INVALID when the paths do not fit it (a missing file for an Open dialog,
    several for a one-file dialog; ``data.mode`` says what it takes).
    """
    info, _, settled = await _act.perform(ctx, lambda: filechooser.choose(paths), True,
                                          ACTION_TIMEOUT)
    return Meta(info, settled=settled)
