"""Where an object was made, as a link that opens the line in the user's editor.

The editor is ``QTMCP_EDITOR`` when set — a command with ``{file}``, ``{line}`` and
``{column}`` in it, e.g. ``code -g {file}:{line}:{column}`` or ``idea --line {line}
{file}`` — else ``$VISUAL``, else ``$EDITOR``, called as ``editor +LINE FILE`` (what vi,
vim, emacs, nano, gedit and kate understand). Without any, the desktop opens the file
(no line). The probe runs on this machine, so its paths are this machine's.

The file name comes from a probe, which may be a fake one or another user's: only an
absolute path to an existing regular file is opened, so it can never be an option
(``-c:!cmd`` runs a command in vim); after ``+LINE`` it also follows ``--``. The desktop
is never handed an executable or a ``.desktop`` file (it would run them).
"""

from __future__ import annotations

import os
import shlex
import stat
import subprocess
from collections.abc import Mapping

from PySide6.QtCore import Qt, QUrl, Signal
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QLabel, QWidget

from inspector.models import sources
from probe.wire._shared import Source


def editor_command(file: str, line: int, column: int = 0,
                   env: Mapping[str, str] | None = None) -> list[str] | None:
    """The command that opens ``file`` at ``line``; None when no editor is configured."""
    env = os.environ if env is None else env
    values = {"file": file, "line": str(max(line, 1)), "column": str(max(column, 1))}
    custom = env.get("QTMCP_EDITOR", "").strip()
    if custom:
        return [part.format(**values) for part in shlex.split(custom)]
    editor = env.get("VISUAL", "").strip() or env.get("EDITOR", "").strip()
    if editor:
        return [*shlex.split(editor), f"+{values['line']}", "--", file]
    return None


def refusal(file: str) -> str | None:
    """Why ``file`` is not opened, or None: it must be an absolute path to an existing
    regular file (a name that is not one could be read as an option)."""
    if not file or "\0" in file or not os.path.isabs(file):
        return f"not an absolute path: {file!r}"
    try:
        mode = os.stat(file).st_mode
    except OSError as exc:
        return f"{file}: {exc.strerror or exc}"
    return None if stat.S_ISREG(mode) else f"not a regular file: {file}"


def open_source(file: str, line: int, column: int = 0) -> list[str] | str:
    """Open the line in the editor: the command run, or what went wrong."""
    why = refusal(file)
    if why is not None:
        return f"not opened: {why}"
    command = editor_command(file, line, column)
    if command is None:
        if file.endswith(".desktop") or os.access(file, os.X_OK):
            return ("no editor: set QTMCP_EDITOR (e.g. 'code -g {file}:{line}') or $EDITOR; "
                    f"{file} is not handed to the desktop, which would run it")
        if QDesktopServices.openUrl(QUrl.fromLocalFile(file)):
            return ["(desktop)", file]
        return "no editor: set QTMCP_EDITOR (e.g. 'code -g {file}:{line}') or $EDITOR"
    try:
        subprocess.Popen(command, start_new_session=True, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except OSError as exc:
        return f"{command[0]}: {exc.strerror or exc}"
    return command


class SourceLink(QLabel):
    """``made at forms.py:88 in build()`` (a link), or why the line is unknown."""

    #: The editor command run after a click, or the error (a str).
    opened = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("sourceLink")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setWordWrap(True)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.LinksAccessibleByMouse
                                     | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.linkActivated.connect(lambda _href: self.open())
        self.source: Source = sources.NONE

    def show_source(self, source: Source | None) -> None:
        self.source = source or sources.NONE
        self.setText(self._text(self.source))
        self.setToolTip("\n".join((sources.where(self.source),
                                   *sources.stack_lines(self.source)))
                        if self.source["file"] else self.source.get("unknown", ""))

    def _text(self, s: Source) -> str:
        file = s["file"]
        if file:
            name = os.path.basename(file) + sources.where(s)[len(file):]
            function, kind = s.get("function"), s.get("kind")
            what = f" in {function}()" if function else (
                f" ({kind} declaration)" if kind == "qml" else "")
            return f'Made at <a href="open">{_html(name)}</a>{_html(what)}'
        why = s.get("unknown", "")
        if not why:
            return ""
        out = f"Source unknown: {_html(why)}"
        near = sources.known_near(s)
        if near is not None:
            out += (f"; its {_html(near.get('via') or 'parent')} was made at "
                    f'<a href="open">{_html(os.path.basename(near["file"] or ""))}:'
                    f"{near.get('line', 0)}</a>")
        return out

    def target(self) -> Source | None:
        """The source a click opens: the object's, else its nearest parent's."""
        return sources.opened(self.source)

    def open(self) -> list[str] | str | None:
        target = self.target()
        if target is None or not target["file"]:
            return None
        result = open_source(target["file"], target.get("line", 0),
                             target.get("column") or 0)
        self.opened.emit(result)
        return result


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
