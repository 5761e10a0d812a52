"""Walking the object tree: tree (depth and node capped), find, findByClass, query.

The tree walk is the hot path (10,000 objects in one call): each node costs one
``children()``, className, objectName and a few flag reads. Paths are built from the
parent's path plus the child's segment, never by walking up, and non-widget
visibility is looked up through a per-type cache instead of ``hasattr`` per node.
In an app that loaded QtQuick, Qt Quick items and windows also get ``qmlType`` and,
when they have one, ``qmlId`` (widget apps pay one ``None`` check per non-widget).
"""

from __future__ import annotations

import fnmatch
import gc
import re
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from probe.core.errors import QtError
from probe.core.objects import paths, qmltypes, variant
from probe.core.objects.idtable import IdTable
from probe.core.objects.qtclass import visible_enabled
from probe.wire.qt_objects import ObjectNode, ObjectTree

Annotator = tuple[tuple[type, ...], Callable[[QObject, ObjectNode], None]]


def _qml_annotator() -> Annotator | None:
    """(Quick classes, fn adding qmlType/qmlId to a node), or None when QML is not used."""
    quick = qmltypes.quick_module()
    if quick is None:
        return None

    def annotate(obj: QObject, node: ObjectNode) -> None:
        if not (isinstance(obj, quick.QQuickItem) or QObject.inherits(obj, "QQuickItem")
                or QObject.inherits(obj, "QQuickWindow")):
            return  # (a wrapper the app made before QtQuick loaded is a plain QWindow)
        node["qmlType"] = qmltypes.type_name(obj)
        qid = qmltypes.qml_id(obj)
        if qid:
            node["qmlId"] = qid

    return (QObject,), annotate


def tree(ids: IdTable, root: QObject | None, depth: int, max_nodes: int) -> ObjectTree:
    """Nodes down to ``depth`` levels below the start (0 = the start objects only).

    Without a root the walk starts at every root object. Stops adding nodes at
    ``max_nodes`` and says so with ``truncated``. The collector is paused during the
    walk: ten thousand fresh dicts would otherwise trigger full collections.
    """
    if root is None:
        starts = paths.segments_of(paths.roots())
        prefix = ""
        parented = False
    else:
        parent = paths.parent_of(root)
        prefix = paths.path_of(parent) + "/" if parent is not None else ""
        starts = [(root, QObject.metaObject(root).className(), paths.segment_of(root))]
        parented = QObject.parent(root) is not None
    nodes: list[ObjectNode] = []
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        walk, state = _walker(ids, depth, max_nodes)
        for obj, cls, seg in starts:
            if state[0] >= max_nodes:
                state[1] = True
                break
            nodes.append(walk(obj, cls, QObject.objectName(obj), prefix + seg, 0, parented))
    finally:
        if was_enabled:
            gc.enable()
    return {"nodes": nodes, "count": state[0], "truncated": state[1]}


def _walker(ids: IdTable, depth: int, max_nodes: int) -> tuple[Any, list[Any]]:
    """A recursive walk as a closure: names resolve as fast locals and cells.

    Qt is called through its classes (``QObject.children(obj)``, never ``QObject.children(obj)``:
    an app's class may hide the method, see ``probe/core/objects``)."""
    id_of = ids.id_of
    quick = _qml_annotator()
    children_of = QObject.children
    meta_of = QObject.metaObject
    name_of = QObject.objectName
    visible_of = QWidget.isVisible
    enabled_of = QWidget.isEnabled
    flags_of = visible_enabled
    stable = paths.QML_SUFFIX.sub
    state: list[Any] = [0, False]  # count, truncated

    def walk(obj: QObject, cls: str, name: str, path: str, level: int, parented: bool
             ) -> ObjectNode:
        kids = children_of(obj)
        node: ObjectNode
        if isinstance(obj, QWidget):  # cheaper than isWidgetType(); wrappers are typed
            node = {"id": id_of(obj, path, cls, parented), "path": path, "className": cls,
                    "objectName": name, "isWidget": True,
                    "visible": visible_of(obj), "enabled": enabled_of(obj),
                    "childCount": len(kids)}
        else:
            visible, enabled = flags_of(obj)
            node = {"id": id_of(obj, path, cls, parented), "path": path, "className": cls,
                    "objectName": name, "isWidget": False,
                    "visible": visible, "enabled": enabled, "childCount": len(kids)}
            if quick is not None and isinstance(obj, quick[0]):
                quick[1](obj, node)
        state[0] += 1
        if level >= depth or not kids:
            return node
        children: list[ObjectNode] = []
        node["children"] = children
        named: dict[str, int] = {}
        unnamed: dict[str, int] = {}
        level += 1
        prefix = path + "/"
        for child in kids:
            if state[0] >= max_nodes:
                state[1] = True
                break
            ccls = meta_of(child).className()
            cname = name_of(child)
            if cname:
                k = named.get(cname, 0)
                named[cname] = k + 1
                seg = cname if k == 0 else f"{cname}#{k}"
            else:
                scls = stable("", ccls) if "_QML" in ccls else ccls
                k = unnamed.get(scls, 0)
                unnamed[scls] = k + 1
                seg = f"{scls}#{k}"
            children.append(walk(child, ccls, cname, prefix + seg, level, True))
        return node

    return walk, state


# ------------------------------------------------------------------------------ search


def _scope(root: QObject | None) -> Iterator[QObject]:
    """Every object under ``root`` (itself included), or under every root."""
    starts = [root] if root is not None else paths.roots()
    for start in starts:
        yield start
        yield from QObject.findChildren(start, QObject)


def find_by_name(name: str, root: QObject | None) -> list[QObject]:
    """Objects whose objectName is exactly ``name``."""
    starts = [root] if root is not None else paths.roots()
    out: list[QObject] = []
    for start in starts:
        if QObject.objectName(start) == name:
            out.append(start)
        out.extend(QObject.findChildren(start, QObject, name))
    return out


def similar_names(name: str, root: QObject | None, limit: int = 10) -> list[str]:
    import difflib

    names = {QObject.objectName(o) for o in _scope(root)} - {""}
    return difflib.get_close_matches(name, sorted(names), n=limit, cutoff=0.6)


def find_by_class(class_name: str, root: QObject | None, exact: bool) -> list[QObject]:
    """Objects of a class (or, unless ``exact``, of a subclass)."""
    if exact:
        return [o for o in _scope(root) if QObject.metaObject(o).className() == class_name]
    return [o for o in _scope(root) if QObject.inherits(o, class_name)]


def known_classes(root: QObject | None, near: str, limit: int = 10) -> list[str]:
    import difflib

    names = sorted({QObject.metaObject(o).className() for o in _scope(root)})
    close = difflib.get_close_matches(near, names, n=limit, cutoff=0.5)
    return close or names[:50]


def _name_matcher(pattern: str) -> Any:
    if pattern.startswith("re:"):
        try:
            rx = re.compile(pattern[3:])
        except re.error as exc:
            raise QtError("INVALID_SELECTOR", f"bad regular expression: {exc}",
                          hint="objectName takes a glob (* and ?) or 're:' + a Python regex.",
                          pattern=pattern) from None
        return lambda s: rx.search(s) is not None
    if any(c in pattern for c in "*?["):
        return lambda s: fnmatch.fnmatchcase(s, pattern)
    return lambda s: s == pattern


def query(root: QObject | None, class_name: str | None, object_name: str | None,
          properties: dict[str, Any] | None, visible: bool | None, enabled: bool | None
          ) -> list[QObject]:
    """Objects matching every given filter (class inherits-aware)."""
    match_name = _name_matcher(object_name) if object_name else None
    out = []
    for o in _scope(root):
        if class_name and not QObject.inherits(o, class_name):
            continue
        if match_name is not None and not match_name(QObject.objectName(o)):
            continue
        if visible is not None or enabled is not None:
            if isinstance(o, QWidget):
                v, e = QWidget.isVisible(o), QWidget.isEnabled(o)
            else:
                v, e = visible_enabled(o)
            if visible is not None and v != visible:
                continue
            if enabled is not None and e != enabled:
                continue
        if properties and not all(_prop_is(o, k, v) for k, v in properties.items()):
            continue
        out.append(o)
    return out


def _prop_is(obj: QObject, name: str, wanted: Any) -> bool:
    value = QObject.property(obj, name)
    if value is None:
        return wanted is None and name.encode() in [bytes(n.data()) for n in
                                                    QObject.dynamicPropertyNames(obj)]
    return variant.same(variant.to_json(value), wanted)
