"""Objects family: find objects, walk the tree, describe and inspect one object."""

from __future__ import annotations

from typing import Annotated, Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from probe.api._params import ObjectId, RootId
from probe.core.objects import idtable, meta, paths, qtchildren, tree
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.core.qml.sources import source_of
from probe.server.context import Context, Meta
from probe.server.registry import P, Tool, method
from probe.wire.qt_objects import (
    Found,
    Inspection,
    ObjectInfo,
    ObjectInfoWithSource,
    ObjectTree,
)

Limit = Annotated[int, P("at most this many objects", minimum=1, maximum=100000)]


def _root(ctx: Context, root: str | None) -> QObject | None:
    return object_of(root, ids_for(ctx.state)) if root else None


def _described(ctx: Context, found: list[QObject], limit: int) -> Meta[Found]:
    ids = ids_for(ctx.state)
    out = [paths.describe(o, ids) for o in found[:limit]]
    result: Found = {"objects": out, "count": len(found), "truncated": len(found) > limit}
    return Meta(result, truncated=len(found) > limit)


@method("qt.objects.find", tool=Tool(spoken="find_objects"))
def find(ctx: Context, name: Annotated[str, P("exact objectName", minLength=1)],
         root: RootId = None, limit: Limit = 100) -> Meta[Found]:
    """Objects whose objectName is exactly ``name`` (anywhere, or under ``root``).

    An empty result carries ``similar``: objectNames close to the one asked for.
    """
    scope = _root(ctx, root)
    found = tree.find_by_name(name, scope)
    result = _described(ctx, found, limit)
    if not found:
        result.value["similar"] = tree.similar_names(name, scope)
    return result


@method("qt.objects.findByClass", tool=Tool(spoken="find_objects"))
def find_by_class(ctx: Context,
                  className: Annotated[str, P("Qt class name, e.g. QPushButton", minLength=1)],
                  root: RootId = None,
                  exact: Annotated[bool, P("only this class, not subclasses")] = False,
                  limit: Limit = 100) -> Meta[Found]:
    """Objects of a class, including subclasses unless ``exact`` (uses QObject.inherits).

    An empty result carries ``similar``: class names present in the app.
    """
    scope = _root(ctx, root)
    found = tree.find_by_class(className, scope, exact)
    result = _described(ctx, found, limit)
    if not found:
        result.value["similar"] = tree.known_classes(scope, className)
    return result


@method("qt.objects.tree", tool=Tool("get_object_tree", "native", heavy=True))
def object_tree(
    ctx: Context,
    objectId: Annotated[str | None, P("start here; omit for every root")] = None,
    depth: Annotated[int, P("levels of children below the start", minimum=0, maximum=200)] = 3,
    maxNodes: Annotated[int, P("stop after this many nodes", minimum=1,
                               maximum=1_000_000)] = 2000,
    compact: Annotated[bool, P("rows instead of nested nodes: a third of the bytes, for "
                               "a whole big tree")] = False,
) -> Meta[ObjectTree]:
    """The QObject tree (widgets and non-widgets: actions, timers, models), depth-limited.

    Each node is the object's short description plus ``children`` when within depth.
    ``truncated`` is true when ``maxNodes`` cut the walk short. ``compact``: ``rows`` in
    walk order instead of ``nodes``, each ``[id, parent row (-1: a start object), path
    segment, className, objectName, flags, childCount]`` (``columns`` names them; flags:
    1 widget, 2 visible, 4 enabled, 8 no visible flag, 16 no enabled flag; a Qt Quick
    item adds qmlType and qmlId); a start object's path is ``prefix`` + its segment.
    """
    ids = ids_for(ctx.state)
    root = object_of(objectId, ids) if objectId else None
    result = tree.tree(ids, root, depth, maxNodes, compact)
    return Meta(result, truncated=result["truncated"], count=result["count"])


def _superclasses(obj: QObject) -> list[str]:
    out = []
    mo = QObject.metaObject(obj).superClass()
    while mo is not None:
        out.append(mo.className())
        mo = mo.superClass()
    return out


def info_of(obj: QObject, ids: idtable.IdTable) -> ObjectInfo:
    parent = qtchildren.parent(obj)
    d: ObjectInfo = {**paths.describe(obj, ids),
                     "parentId": ids.id_of(parent) if parent is not None else None,
                     "superClasses": _superclasses(obj)}
    if isinstance(obj, QWidget):
        g = QWidget.geometry(obj)
        top_left = QWidget.mapToGlobal(obj, g.topLeft() - g.topLeft())
        d["geometry"] = {"x": g.x(), "y": g.y(), "width": g.width(), "height": g.height()}
        d["globalPos"] = {"x": top_left.x(), "y": top_left.y()}
        d["isWindow"] = QWidget.isWindow(obj)
        if QWidget.isWindow(obj):
            d["windowTitle"] = QWidget.windowTitle(obj)
    return d


@method("qt.objects.info", tool=Tool(spoken="inspect_object"))
def info(ctx: Context, objectId: ObjectId) -> ObjectInfoWithSource:
    """One object: its description, parent id, superclasses, (widgets) geometry and
    ``source``: the line that made it (see qt.objects.inspect)."""
    obj = object_of(objectId, ids_for(ctx.state))
    return {**info_of(obj, ids_for(ctx.state)), "source": source_of(obj)}


@method("qt.objects.inspect", tool=Tool("inspect_object", "native"))
def inspect(ctx: Context, objectId: ObjectId) -> Inspection:
    """Everything about one object in one call: info, properties, methods, signals,
    children, and ``source``: where it was made.

    ``source`` is ``{"kind": "python", "file", "line", "function", "stack"}`` for an object
    Python code made after the probe was installed (the first line outside Qt, qtmcp and
    the object's own ``__init__``), ``{"kind": "qml", "file", "line", "column", "type"}``
    for a QML declaration, or ``{"file": null, "unknown": why}`` (made before the probe
    came in, by C++, or by JavaScript) with ``near``: the nearest ancestor's source.
    """
    ids = ids_for(ctx.state)
    obj = object_of(objectId, ids)
    methods = meta.list_methods(obj)
    path = paths.path_of(obj)
    children = [paths.describe(c, ids, f"{path}/{seg}")
                for c, _, seg in paths.segments_of(qtchildren.children(obj))]
    return {"object": info_of(obj, ids), "properties": meta.list_properties(obj, ids),
            "methods": [m for m in methods if m["kind"] != "signal"],
            "signals": [m for m in methods if m["kind"] == "signal"],
            "children": children, "source": source_of(obj)}


@method("qt.objects.query", tool=Tool("find_objects", "native", heavy=True))
def query(
    ctx: Context,
    className: Annotated[str | None, P("class or base class name")] = None,
    objectName: Annotated[str | None, P("objectName: exact, a glob (*, ?) or 're:' + regex")]
    = None,
    properties: Annotated[dict[str, Any] | None,
                          P("property name -> JSON value that must be equal")] = None,
    visible: Annotated[bool | None, P("only visible (true) or hidden (false) objects")] = None,
    enabled: Annotated[bool | None, P("only enabled (true) or disabled (false) objects")]
    = None,
    root: RootId = None,
    limit: Limit = 200,
) -> Meta[Found]:
    """Objects matching every filter given: class, objectName pattern, property values, state."""
    scope = _root(ctx, root)
    found = tree.query(scope, className, objectName, properties, visible, enabled)
    return _described(ctx, found, limit)
