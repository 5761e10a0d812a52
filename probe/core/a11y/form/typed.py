"""The read-back of typing (chr.type, cu.type): did the text arrive in the field?

Keys go to whatever has the focus as each one is pressed; when typing ends in a text
field (a line edit, a text edit, a spin box's field, a cell's editor) that field must hold
the typed text, else TEXT_NOT_TAKEN says what it holds instead (a validator refused keys,
a date edit clamped a section, the keys went elsewhere). Text with Return or Tab in it
moves on or commits, so only its effect on the app can be read, not the field: it is
not compared. GUI thread.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QLineEdit,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from probe.core.errors import QtError

#: Typed text quoted in an error at most this long.
QUOTE = 200


def field_text(w: QWidget | None) -> str | None:
    """The text a text field holds (None for anything else, or a masked field, whose
    text is not what was typed)."""
    if isinstance(w, QLineEdit):
        return None if QLineEdit.inputMask(w) else QLineEdit.text(w)
    if isinstance(w, QTextEdit):
        return QTextEdit.toPlainText(w)
    if isinstance(w, QPlainTextEdit):
        return QPlainTextEdit.toPlainText(w)
    if isinstance(w, QAbstractSpinBox):
        return QAbstractSpinBox.text(w)
    return None


def before() -> tuple[QWidget | None, str | None]:
    """The focus widget and its text, before typing."""
    w = QApplication.focusWidget()
    return w, field_text(w)


def check(text: str, was: tuple[QWidget | None, str | None], target: QWidget | None) -> Any:
    """After typing settled: the field that has the focus holds ``text`` (TEXT_NOT_TAKEN
    otherwise). ``was`` is :func:`before`'s answer; ``target`` the widget typed into (None:
    the focus). Returns the field's text, or None when there is no field to compare."""
    if not text.strip() or "\n" in text or "\t" in text or "\r" in text:
        return None
    w = QApplication.focusWidget()
    try:
        if w is None or (target is not None and w is not target and
                         not QWidget.isAncestorOf(target, w)):
            return None  # the focus left the field: the app moved it; its text is its own
    except RuntimeError:  # the field was deleted meanwhile
        return None
    now = field_text(w)
    if now is None:
        return None
    old = was[1] if was[0] is w else None
    if text in now and now != old:
        return now
    raise QtError("TEXT_NOT_TAKEN",
                  f"typed {text[:QUOTE]!r}, but the field holds {now[:QUOTE]!r}",
                  expected=text[:QUOTE], actual=now[:QUOTE],
                  widget=type(w).__name__)
