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

from probe.core.objects.qmltypes import context_of, is_quick_item, qml_id, type_name
from probe.core.objects.qtchildren import children
from probe.core.objects.qtchildren import parent as parent_of
from probe.core.objects.qtclass import qt_class
from probe.core.qml.qmltext import blank, match_close
from probe.wire._shared import QmlDeclaration

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
    code = blank(text)
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
                        end=match_close(code, brace),
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


#: Types whose default property is a delegate: the objects they make are their parent's
#: children (a Repeater's) or their own (a ListView's, through its content item).
_BESIDE = {"Repeater"}
_COMPONENT_PROPERTIES = {"delegate", "sourceComponent", "component", "contentItem"}


def _starts_component(decls: tuple[Declaration, ...], i: int) -> bool:
    d = decls[i]
    if d.property in _COMPONENT_PROPERTIES:
        return True
    holder = decls[d.parent] if d.parent >= 0 else None
    return holder is not None and not d.property and (
        holder.type == "Component" or holder.type in _BESIDE
        or holder.type.endswith("View") or holder.type == "Instantiator")


def _anchor(decls: tuple[Declaration, ...], i: int) -> int:
    """The declaration whose object the objects made from component ``i`` hang under."""
    holder = decls[i].parent
    if holder >= 0 and decls[holder].type == "Component" and not decls[i].property:
        holder = decls[holder].parent
    if holder >= 0 and decls[holder].type in _BESIDE:
        holder = decls[holder].parent
    return holder


def _file_root(decls: tuple[Declaration, ...]) -> int:
    return next((i for i, d in enumerate(decls) if d.parent < 0), -1)


def _up(obj: QObject) -> Any:
    """The object's QObject parent, else (an item) its parent item."""
    parent = parent_of(obj)
    if parent is None and is_quick_item(obj):
        try:
            parent = qt_class(obj).parentItem(obj)
        except (RuntimeError, TypeError):
            return None
    return parent


def _placed_ancestor(obj: QObject, path: str, decls: tuple[Declaration, ...], depth: int
                     ) -> int | None:
    """The declaration in this file of the nearest ancestor declared in it."""
    parent = _up(obj)
    for _ in range(16):
        if parent is None:
            return None
        pctx = context_of(parent)
        if pctx is not None and pctx.baseUrl().isLocalFile() and \
                pctx.baseUrl().toLocalFile() == path:
            return _find(parent, pctx, path, decls, depth + 1)
        parent = _up(parent)
    return None


def _find(obj: QObject, ctx: Any, path: str, decls: tuple[Declaration, ...],
          depth: int = 0) -> int | None:
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
    root = _file_root(decls)
    parent = parent_of(obj)
    if parent is not None and _same(context_of(parent), ctx):
        at = _find(parent, ctx, path, decls, depth + 1)
    elif parent is not None and root >= 0 and (
            _matches(parent, decls[root])
            or type_name(parent) == os.path.splitext(os.path.basename(path))[0]):
        at = root  # a child declared in a component file; the parent is its root
    else:
        if parent is None and root >= 0 and _matches(obj, decls[root]):
            return root
        # made from a component: a delegate, a Loader's item, a component file's root
        starts = [i for i in range(len(decls))
                  if _matches(obj, decls[i]) and _starts_component(decls, i)]
        if len(starts) > 1:
            anchor = _placed_ancestor(obj, path, decls, depth)
            starts = [i for i in starts if _anchor(decls, i) == anchor]
        if len(starts) == 1:
            return starts[0]
        return root if root >= 0 and not starts and _matches(obj, decls[root]) else None
    if at is None:
        return None
    kind = [c for c in decls[at].children if _matches(obj, decls[c])
            and not _starts_component(decls, c)]
    siblings = [c for c in children(parent)
                if type_name(c) == type_name(obj) and _same(context_of(c), ctx)]
    rank = next((k for k, c in enumerate(siblings) if c is obj or _same(c, obj)), -1)
    return kind[rank] if 0 <= rank < len(kind) else None


def declaration_of(obj: QObject) -> QmlDeclaration | None:
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
    at = _find(obj, ctx, path, decls)
    if at is None:
        return None
    d = decls[at]
    out: QmlDeclaration = {"file": path, "line": d.line, "column": d.column, "type": d.type}
    component = os.path.join(os.path.dirname(path), d.type + ".qml")
    if os.path.isfile(component):
        out["component"] = component
    return out
