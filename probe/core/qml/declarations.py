"""Where a QML object is declared: file, line and column of its ``Type {`` in a .qml file.

Qt keeps an object's declaration site in private data (QQmlData's line and column) that
PySide6 does not expose, and no public call returns it. What is public: the QML context
that created the object (``QQmlEngine.contextForObject``: the context of the file that
*declares* it, also for the root of a component used there), its base URL (that file),
the object's id in it, and the QObject tree. So the probe reads the file: every
``Type {`` block is a declaration, nested as written. An object is found

- by its id (``id: nameField``): exact;
- by ``objectName: "…"`` in the file: exact when it is the only one;
- else by its place: its QObject parent's declaration (found the same way, up to the
  file's root), then the k-th child declaration of its type, k being its rank among its
  QObject siblings of that type made by the same context. Declaration order is the order
  QML creates objects in, so this holds for what a file declares plainly.

What stays unknown (None): objects made by JavaScript (``Qt.createQmlObject``,
``createObject``), delegates of several candidate declarations, files that are not local
(qrc:, http:), and objects of C++ types that QML did not create. GUI thread.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import shiboken6
from PySide6.QtCore import QObject

from probe.core.objects.qmltypes import context_of, qml_id, type_name
from probe.core.qml.bindings import _blank, _match_close

#: ``Type {`` / ``Module.Type {`` (not ``Behavior on x {``, not a lower-case group).
_DECL = re.compile(r"(?<![\w.])((?:[A-Za-z_]\w*\.)*[A-Z]\w*)\s*\{")
_PROPERTY = re.compile(r"([A-Za-z_][\w.]*)\s*:\s*\[?\s*$")
_ID = re.compile(r"(?<![\w.])id\s*:\s*([A-Za-z_]\w*)")
_OBJECT_NAME = re.compile(r"(?<![\w.])objectName\s*:\s*$")
_QT_PREFIX = re.compile(r"^(?:QQuick|QQml|QQuick3D)(?=[A-Z])")


@dataclass
class Declaration:
    """One ``Type { … }`` block of a .qml file."""

    type: str
    line: int
    column: int
    start: int
    end: int
    property: str = ""
    id: str = ""
    object_name: str = ""
    parent: int = -1
    children: list[int] = field(default_factory=list)


def _parse(text: str) -> list[Declaration]:
    code = _blank(text)
    decls: list[Declaration] = []
    stack: list[int] = []
    for m in _DECL.finditer(code):
        brace = m.end() - 1
        while stack and decls[stack[-1]].end < brace:
            stack.pop()
        line_start = code.rfind("\n", 0, m.start()) + 1
        before = code[line_start:m.start()]
        prop = _PROPERTY.search(before)
        d = Declaration(type=m.group(1).rsplit(".", 1)[-1], line=code.count("\n", 0,
                        m.start()) + 1, column=m.start() - line_start + 1, start=brace,
                        end=_match_close(code, brace),
                        property=prop.group(1) if prop else "",
                        parent=stack[-1] if stack else -1)
        if d.parent >= 0:
            decls[d.parent].children.append(len(decls))
        stack.append(len(decls))
        decls.append(d)
    for d in decls:  # id and objectName written directly in each block
        inner = [(decls[c].start, decls[c].end) for c in d.children]
        body = list(code[d.start + 1:d.end])
        for s, e in inner:
            body[s - d.start - 1:e - d.start] = " " * (e - s + 1)
        flat = "".join(body)
        hit = _ID.search(flat)
        d.id = hit.group(1) if hit else ""
        for name in re.finditer(r"(?<![\w.])objectName\s*:\s*", flat):
            raw = text[d.start + 1 + name.end():d.end]
            value = re.match(r"""["']([^"'\n]*)["']""", raw)
            if value:
                d.object_name = value.group(1)
                break
    return decls


@lru_cache(maxsize=64)
def _declarations(path: str, mtime: float) -> tuple[Declaration, ...]:
    try:
        with open(path, encoding="utf-8") as fh:
            return tuple(_parse(fh.read()))
    except (OSError, UnicodeDecodeError):
        return ()


def declarations(path: str) -> tuple[Declaration, ...]:
    """The declarations of a local .qml file, cached until the file changes."""
    try:
        mtime = os.path.getmtime(path)
    except OSError:
        return ()
    return _declarations(path, mtime)


def _same(a: Any, b: Any) -> bool:
    return a is not None and b is not None and (
        shiboken6.getCppPointer(a)[0] == shiboken6.getCppPointer(b)[0])


def _matches(obj: QObject, decl: Declaration) -> bool:
    name = _QT_PREFIX.sub("", type_name(obj))
    return name == decl.type or name == decl.type + "QmlImpl"


def _find(obj: QObject, ctx: Any, decls: tuple[Declaration, ...], depth: int = 0
          ) -> int | None:
    """Index of ``obj``'s declaration among ``decls`` (the file of context ``ctx``)."""
    if depth > 64 or not decls:
        return None
    qid = qml_id(obj)
    if qid:
        hits = [i for i, d in enumerate(decls) if d.id == qid]
        return hits[0] if len(hits) == 1 else None
    name = QObject.objectName(obj)
    if name:
        hits = [i for i, d in enumerate(decls) if d.object_name == name and _matches(obj, d)]
        if len(hits) == 1:
            return hits[0]
    parent = QObject.parent(obj)
    if parent is None or not _same(context_of(parent), ctx):
        roots = [i for i, d in enumerate(decls) if d.parent < 0]
        if roots and _matches(obj, decls[roots[0]]) and parent is None:
            return roots[0]
        # a component's object: the one declaration of its type that starts a component
        # (``delegate: Type {``, ``Component { Type {`` …) or the file's root
        starts = [i for i, d in enumerate(decls) if _matches(obj, d) and (
            d.parent < 0 or d.property in ("delegate", "sourceComponent", "contentItem",
                                           "component")
            or decls[d.parent].type == "Component")]
        return starts[0] if len(starts) == 1 else None
    at = _find(parent, ctx, decls, depth + 1)
    if at is None:
        return None
    kind = [c for c in decls[at].children if _matches(obj, decls[c])]
    siblings = [c for c in QObject.children(parent)
                if type_name(c) == type_name(obj) and _same(context_of(c), ctx)]
    rank = next((k for k, c in enumerate(siblings) if c is obj or _same(c, obj)), -1)
    return kind[rank] if 0 <= rank < len(kind) else None


def declaration_of(obj: QObject) -> dict[str, Any] | None:
    """``{"file", "line", "column", "type"}`` of the QML declaration that made ``obj``
    (``component``: the file of the component type it is an instance of, when that is a
    .qml file too), or None when the object has no QML context or cannot be placed."""
    ctx = context_of(obj)
    if ctx is None:
        return None
    url = ctx.baseUrl()
    if not url.isLocalFile():
        return None
    path = url.toLocalFile()
    decls = declarations(path)
    at = _find(obj, ctx, decls)
    if at is None:
        return None
    d = decls[at]
    out: dict[str, Any] = {"file": path, "line": d.line, "column": d.column, "type": d.type}
    component = os.path.join(os.path.dirname(path), d.type + ".qml")
    if os.path.isfile(component):
        out["component"] = component
    return out
