"""An object's source: the line that made it, from whichever record knows it.

A QML object's source is its declaration in a .qml file (declarations.py), a Python-made
object's the line that constructed it (objects/origin.py); one the probe cannot place
says why (``unknown``) and, when an ancestor has a source, gives that one as ``near``
(the line that made the QComboBox whose inner line edit Qt made). GUI thread.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QObject

from probe.core.objects import origin, qtchildren
from probe.core.objects.qmltypes import context_of
from probe.core.qml.declarations import declaration_of
from probe.wire._shared import Source

#: Parents climbed to find a ``near`` source.
_NEAR = 12


def _known(obj: QObject) -> Source | None:
    declared = declaration_of(obj)
    made = origin.site_of(obj)
    if declared is not None:
        out: Source = {"kind": "qml", **declared}
        if made is not None:  # a Python type that QML made: the Python stack at the time
            out["python"] = made
        return out
    if made is not None:
        return {"kind": "python", **made}
    return None


def _why(obj: QObject) -> str:
    ctx = context_of(obj)
    if ctx is not None and ctx.baseUrl().isEmpty():
        return ("made by QML loaded from text without a URL (QQmlEngine.loadData, "
                "QQmlComponent.setData): there is no file to point to")
    if ctx is not None:
        url = ctx.baseUrl()
        where = url.toLocalFile() if url.isLocalFile() else url.toString()
        return (f"made by QML from {where}, but its declaration there could not be placed "
                "(made by JavaScript, a delegate, or a file that is not local)")
    if not origin.recording():
        return ("creation sites are not recorded (QTMCP_ORIGINS=0, or the probe was "
                "installed with origins=False)")
    return ("made before the probe was installed (attach, a late probe.install()) or by "
            "C++ code (Qt's own parts of a widget, a C++ or PyQt app)")


def source_of(obj: QObject) -> Source:
    """``{"kind": "python"|"qml", "file", "line", …}``, or ``{"file": None, "unknown":
    why}`` with ``near`` (an ancestor's source, its ``via`` the ancestor's class)."""
    known = _known(obj)
    if known is not None:
        return known
    out: Source = {"file": None, "unknown": _why(obj)}
    parent = qtchildren.parent(obj)
    for _ in range(_NEAR):
        if parent is None:
            break
        near = _known(parent)
        if near is not None:
            out["near"] = {**near, "via": QObject.metaObject(parent).className()}
            break
        parent = qtchildren.parent(parent)
    return out


def short(source: Mapping[str, Any], root: str | None = None) -> str:
    """``app/forms.py:88`` (relative to ``root`` when under it), '' when unknown."""
    file = source.get("file")
    if not file:
        return ""
    if root and file.startswith(root.rstrip(os.sep) + os.sep):
        file = os.path.relpath(file, root)
    line = source.get("line")
    return f"{file}:{line}" if line else file
