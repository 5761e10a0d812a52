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

#: Python type -> (has isVisible, has isEnabled), for non-widget objects.
_FLAGS: dict[type, tuple[bool, bool]] = {}


def _flag_methods(tp: type) -> tuple[bool, bool]:
    flags = _FLAGS.get(tp)
    if flags is None:
        flags = _FLAGS[tp] = (callable(getattr(tp, "isVisible", None)),
                              callable(getattr(tp, "isEnabled", None)))
    return flags


Annotator = tuple[tuple[type, ...], Callable[[QObject, dict[str, Any]], None]]


def _qml_annotator() -> Annotator | None:
    """(Quick classes, fn adding qmlType/qmlId to a node), or None when QML is not used."""
    quick = qmltypes.quick_module()
    if quick is None:
        return None

    def annotate(obj: QObject, node: dict[str, Any]) -> None:
        node["qmlType"] = qmltypes.type_name(obj)
        qid = qmltypes.qml_id(obj)
        if qid:
            node["qmlId"] = qid

    return (quick.QQuickItem, quick.QQuickWindow), annotate


def node_of(obj: QObject, ids: IdTable, path: str, cls: str, name: str,
            kids: list[QObject], parented: bool) -> dict[str, Any]:
    """``describe()`` without recomputing what the walk already knows."""
    if obj.isWidgetType():
        is_widget = True
        visible: bool | None = obj.isVisible()  # type: ignore[attr-defined]
        enabled: bool | None = obj.isEnabled()  # type: ignore[attr-defined]
    else:
        is_widget = False
        has_visible, has_enabled = _flag_methods(type(obj))
        visible = bool(obj.isVisible()) if has_visible else None  # type: ignore[attr-defined]
        enabled = bool(obj.isEnabled()) if has_enabled else None  # type: ignore[attr-defined]
    return {"id": ids.id_of(obj, path, cls, parented), "path": path, "className": cls,
            "objectName": name, "isWidget": is_widget, "visible": visible,
            "enabled": enabled, "childCount": len(kids)}


def tree(ids: IdTable, root: QObject | None, depth: int, max_nodes: int) -> dict[str, Any]:
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
        starts = [(root, root.metaObject().className(), paths.segment_of(root))]
        parented = root.parent() is not None
    nodes: list[dict[str, Any]] = []
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        walk, state = _walker(ids, depth, max_nodes)
        for obj, cls, seg in starts:
            if state[0] >= max_nodes:
                state[1] = True
                break
            nodes.append(walk(obj, cls, obj.objectName(), prefix + seg, 0, parented))
    finally:
        if was_enabled:
            gc.enable()
    return {"nodes": nodes, "count": state[0], "truncated": state[1]}


def _walker(ids: IdTable, depth: int, max_nodes: int) -> tuple[Any, list[Any]]:
    """A recursive walk as a closure: names resolve as fast locals and cells."""
    id_of = ids.id_of
    quick = _qml_annotator()
    flags_of = _FLAGS.get
    state: list[Any] = [0, False]  # count, truncated

    def walk(obj: QObject, cls: str, name: str, path: str, level: int, parented: bool
             ) -> dict[str, Any]:
        kids = obj.children()
        if isinstance(obj, QWidget):  # cheaper than isWidgetType(); wrappers are typed
            node = {"id": id_of(obj, path, cls, parented), "path": path, "className": cls,
                    "objectName": name, "isWidget": True,
                    "visible": obj.isVisible(),  # type: ignore[attr-defined]
                    "enabled": obj.isEnabled(),  # type: ignore[attr-defined]
                    "childCount": len(kids)}
        else:
            tp = type(obj)
            flags = flags_of(tp) or _flag_methods(tp)
            node = {"id": id_of(obj, path, cls, parented), "path": path, "className": cls,
                    "objectName": name, "isWidget": False,
                    "visible": bool(obj.isVisible()) if flags[0] else None,  # type: ignore
                    "enabled": bool(obj.isEnabled()) if flags[1] else None,  # type: ignore
                    "childCount": len(kids)}
            if quick is not None and isinstance(obj, quick[0]):
                quick[1](obj, node)
        state[0] += 1
        if level >= depth or not kids:
            return node
        children: list[dict[str, Any]] = []
        node["children"] = children
        named: dict[str, int] = {}
        unnamed: dict[str, int] = {}
        level += 1
        prefix = path + "/"
        for child in kids:
            if state[0] >= max_nodes:
                state[1] = True
                break
            ccls = child.metaObject().className()
            cname = child.objectName()
            if cname:
                k = named.get(cname, 0)
                named[cname] = k + 1
                seg = cname if k == 0 else f"{cname}#{k}"
            else:
                k = unnamed.get(ccls, 0)
                unnamed[ccls] = k + 1
                seg = f"{ccls}#{k}"
            children.append(walk(child, ccls, cname, prefix + seg, level, True))
        return node

    return walk, state


# ------------------------------------------------------------------------------ search


def _scope(root: QObject | None) -> Iterator[QObject]:
    """Every object under ``root`` (itself included), or under every root."""
    starts = [root] if root is not None else paths.roots()
    for start in starts:
        yield start
        yield from start.findChildren(QObject)


def find(name: str, root: QObject | None) -> list[QObject]:
    """Objects whose objectName is exactly ``name``."""
    starts = [root] if root is not None else paths.roots()
    out: list[QObject] = []
    for start in starts:
        if start.objectName() == name:
            out.append(start)
        out.extend(start.findChildren(QObject, name))
    return out


def similar_names(name: str, root: QObject | None, limit: int = 10) -> list[str]:
    import difflib

    names = {o.objectName() for o in _scope(root)} - {""}
    return difflib.get_close_matches(name, sorted(names), n=limit, cutoff=0.6)


def find_by_class(class_name: str, root: QObject | None, exact: bool) -> list[QObject]:
    """Objects of a class (or, unless ``exact``, of a subclass)."""
    if exact:
        return [o for o in _scope(root) if o.metaObject().className() == class_name]
    return [o for o in _scope(root) if o.inherits(class_name)]


def known_classes(root: QObject | None, near: str, limit: int = 10) -> list[str]:
    import difflib

    names = sorted({o.metaObject().className() for o in _scope(root)})
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
        if class_name and not o.inherits(class_name):
            continue
        if match_name is not None and not match_name(o.objectName()):
            continue
        if visible is not None or enabled is not None:
            if o.isWidgetType():
                v, e = o.isVisible(), o.isEnabled()  # type: ignore[attr-defined]
            else:
                hv, he = _flag_methods(type(o))
                v = o.isVisible() if hv else None  # type: ignore[attr-defined]
                e = o.isEnabled() if he else None  # type: ignore[attr-defined]
            if visible is not None and v != visible:
                continue
            if enabled is not None and e != enabled:
                continue
        if properties and not all(_prop_is(o, k, v) for k, v in properties.items()):
            continue
        out.append(o)
    return out


def _prop_is(obj: QObject, name: str, wanted: Any) -> bool:
    value = obj.property(name)
    if value is None:
        return wanted is None and name.encode() in [bytes(n.data()) for n in
                                                    obj.dynamicPropertyNames()]
    return variant.same(variant.to_json(value), wanted)
