"""Qt Quick introspection: item trees of QQuickWindows, QML type names, ids, contexts.

The item tree is the *visual* tree (``QQuickItem.childItems()`` sorted by ``z``, stable
for equal z: the order Qt paints them, lowest first), from each window's ``contentItem``
down. A QML type name is the metaObject class name without the engine's ``_QMLTYPE_N`` / ``_QML_N``
suffixes and without the ``QQuick`` prefix of built-in types (``QQuickRectangle_QML_12``
is ``Rectangle``; the public QQmlType API is not exposed to Python). The id comes from
the item's own QML context (``QQmlContext.nameForObject``), the source file from the
context's base URL and the line from where that id is declared in it. GUI thread.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from PySide6.QtCore import QObject, QPointF, QRectF, QUrl
from PySide6.QtGui import QWindow
from PySide6.QtQml import QQmlContext, QQmlEngine, QQmlExpression
from PySide6.QtQuick import QQuickItem

from probe.core.errors import QtError
from probe.core.objects.idtable import IdTable
from probe.core.objects.paths import describe, path_of
from probe.core.objects.qmltypes import (
    as_quick_item,
    child_items,
    content_item,
    context_of,
    is_quick_window,
    qml_id,
    quick_windows,
    type_name,
)
from probe.core.objects.variant import to_json
from probe.core.qml.declarations import declaration_of

#: Items per qml.tree answer unless asked otherwise.
MAX_NODES = 2000


def source_of(obj: QObject, qid: str = "") -> dict[str, Any] | None:
    """``{"file", "line", "column"}`` where the object is declared, as far as it is known
    (declarations.py places it; else the file and the line of its id)."""
    declared = declaration_of(obj)
    if declared is not None:
        return {k: declared[k] for k in ("file", "line", "column")}
    ctx = context_of(obj)
    if ctx is None:
        return None
    url: QUrl = ctx.baseUrl()
    if url.isEmpty():
        return None
    where: dict[str, Any] = {"file": url.toLocalFile() or url.toString()}
    if qid and url.isLocalFile():
        line = _id_line(url.toLocalFile(), qid)
        if line:
            where["line"] = line
    return where


@lru_cache(maxsize=256)
def _id_line(path: str, qid: str) -> int:
    try:
        with open(path, encoding="utf-8") as fh:
            pattern = re.compile(rf"\bid\s*:\s*{re.escape(qid)}\b")
            for n, text in enumerate(fh, start=1):
                if pattern.search(text):
                    return n
    except OSError:
        pass
    return 0


def scene_rect(item: QQuickItem) -> list[int]:
    """``[x, y, width, height]`` of the item in its window's scene coordinates (its own
    size, not ``boundingRect()``: an empty TextField's is its 1-pixel cursor). A place
    QML computed as infinite or NaN (``x: 1 / 0``) is outside anything: held at the
    bounds of a C++ int (NaN as 0)."""
    size = QRectF(0, 0, QQuickItem.width(item), QQuickItem.height(item))
    r = QQuickItem.mapRectToScene(item, size)
    return [_int(r.x()), _int(r.y()), _int(r.width()), _int(r.height())]


#: What a coordinate is held to (a C++ int).
_INT_BOUND = 2**31 - 1


def _int(value: float) -> int:
    if value != value:  # NaN
        return 0
    return round(max(-_INT_BOUND, min(_INT_BOUND, value)))


def paint_order(item: QQuickItem) -> list[QQuickItem]:
    """The item's children as Qt paints them: by z, declaration order among equal z
    (QQuickItemPrivate::paintOrderChildItems is a stable sort too); the last is on top."""
    return sorted(child_items(item), key=QQuickItem.z)


def describe_item(item: QObject, ids: IdTable) -> dict[str, Any]:
    """The short form of an item: describe + QML type, id, source, geometry."""
    out: dict[str, Any] = {**describe(item, ids)}
    qid = qml_id(item)
    out["type"] = type_name(item)
    out["qmlId"] = qid or None
    src = source_of(item, qid)
    if src is not None:
        out["source"] = src
    typed = as_quick_item(item)
    if isinstance(typed, QQuickItem):
        out.update(visible=QQuickItem.isVisible(typed), enabled=QQuickItem.isEnabled(typed),
                   opacity=round(QQuickItem.opacity(typed), 3), z=QQuickItem.z(typed),
                   geometry=scene_rect(typed))
        out["childCount"] = len(child_items(typed))
    elif isinstance(item, QWindow) and is_quick_window(item):
        out.update(title=QWindow.title(item), geometry=[QWindow.x(item), QWindow.y(item),
                                                        QWindow.width(item),
                                                        QWindow.height(item)])
    return out


def tree(root: QObject | None, ids: IdTable, depth: int = 50,
         max_nodes: int = MAX_NODES) -> dict[str, Any]:
    """The visual item tree under ``root`` (default: every QQuickWindow's contentItem)."""
    count = 0
    truncated = False

    def node(item: QQuickItem, level: int) -> dict[str, Any]:
        nonlocal count, truncated
        count += 1
        d = describe_item(item, ids)
        kids = paint_order(item)
        if level < depth and kids:
            children = []
            for c in kids:
                if count >= max_nodes:
                    truncated = True
                    break
                children.append(node(c, level + 1))
            d["children"] = children
        return d

    if root is None:
        wins = quick_windows()
        if not wins:
            raise QtError("QML_NOT_AVAILABLE", "the app has no QQuickWindow",
                          hint="qml.* needs a Qt Quick window; use qt.objects.tree for widgets.")
        nodes = []
        for w in wins:
            wd = describe_item(w, ids)
            wd["children"] = [node(content_item(w), 1)]
            nodes.append(wd)
        return {"nodes": nodes, "count": count, "truncated": truncated}
    item = as_quick_item(content_item(root) if is_quick_window(root) else root)
    if not isinstance(item, QQuickItem):
        raise not_an_item(root)
    return {"nodes": [node(item, 0)], "count": count, "truncated": truncated}


def not_an_item(obj: QObject) -> QtError:
    return QtError("NOT_SUPPORTED", f"a {QObject.metaObject(obj).className()} is no Qt Quick item",
                   hint="Pass a QQuickItem or QQuickWindow (qml.tree lists them).",
                   className=QObject.metaObject(obj).className())


def all_items() -> list[QQuickItem]:
    """Every item of every QQuickWindow, in tree order."""
    out: list[QQuickItem] = []
    for w in quick_windows():
        stack = [content_item(w)]
        while stack:
            it = stack.pop()
            out.append(it)
            stack.extend(reversed(child_items(it)))
    return out


def quick_objects() -> list[QObject]:
    """Quick windows and all their items (what ``@id:`` searches)."""
    return [*quick_windows(), *all_items()]


def ids_in_context(ctx: QQmlContext) -> dict[str, QObject]:
    """The ids a context knows, found among the items (public API has no id list)."""
    found: dict[str, QObject] = {}
    for obj in quick_objects():
        try:
            if context_of(obj) is not ctx and QQmlEngine.contextForObject(obj) != ctx:
                continue
        except RuntimeError:
            continue
        name = ctx.nameForObject(obj)
        if name:
            found.setdefault(name, obj)
    return found


def context_info(obj: QObject, ids: IdTable,
                 names: list[str] | None = None) -> dict[str, Any]:
    """What the item's QML context holds: base URL, ids, asked-for context properties."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{path_of(obj)} has no QML context",
                      hint="Only objects created by QML have one (qml.tree lists them).")
    out: dict[str, Any] = {"objectId": ids.id_of(obj), "baseUrl": ctx.baseUrl().toString(),
                           "ids": {k: ids.id_of(v) for k, v in ids_in_context(ctx).items()}}
    # No ctx.contextObject(): in PySide 6.11 the wrapper it returns is tied to the
    # context's wrapper, and freeing that one invalidates the app's own wrapper of it.
    props: dict[str, Any] = {}
    missing: list[str] = []
    for name in names or []:
        value = ctx.contextProperty(name)
        if value is None:
            missing.append(name)
        else:
            props[name] = to_json(value)
    out["properties"] = props
    if missing:
        out["missing"] = missing
    return out


def evaluate(obj: QObject, expression: str) -> Any:
    """Evaluate a JavaScript expression with ``obj`` as scope in its context."""
    ctx = context_of(obj)
    if ctx is None:
        raise QtError("NOT_SUPPORTED", f"{path_of(obj)} has no QML context",
                      hint="Evaluate in an item created by QML (qml.tree lists them).")
    expr = QQmlExpression(ctx, obj, expression)
    result = expr.evaluate()
    value, undefined = result if isinstance(result, tuple) else (result, False)
    if expr.hasError():
        err = expr.error()
        raise QtError("QML_EVAL_ERROR", err.description() or "the expression failed",
                      hint="Check the expression; ids and properties of the item's file are "
                           "in scope (qml.contextProperties lists the ids).",
                      expression=expression, line=err.line(), column=err.column())
    return None if undefined else to_json(value)


def item_at(window: QWindow, x: int, y: int) -> QQuickItem:
    """The topmost visible item under scene point (x, y) (the content item if none)."""
    def deepest(item: QQuickItem) -> QQuickItem | None:
        for child in reversed(paint_order(item)):  # the last painted is on top
            if not QQuickItem.isVisible(child) or QQuickItem.opacity(child) <= 0:
                continue
            local = QQuickItem.mapFromScene(child, QPointF(x, y))
            inside = child.contains(local)  # virtual: an item may define its own shape
            if inside or not QQuickItem.clip(child):
                hit = deepest(child)
                if hit is not None:
                    return hit
            if inside:
                return child
        return None

    root = content_item(window)
    return deepest(root) or root
