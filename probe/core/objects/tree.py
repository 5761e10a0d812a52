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
import re
from collections.abc import Callable, Iterator
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QWidget

from probe.core import collector
from probe.core.errors import QtError
from probe.core.objects import paths, qmltypes, qtchildren, variant
from probe.core.objects.idtable import IdTable
from probe.core.objects.qtclass import visible_enabled
from probe.wire.qt_objects import (
    COLUMNS,
    ENABLED,
    NO_ENABLED,
    NO_VISIBLE,
    VISIBLE,
    WIDGET,
    ObjectNode,
    ObjectTree,
)

Annotator = tuple[tuple[type, ...], Callable[[QObject, dict[str, Any]], None]]


def _qml_annotator() -> Annotator | None:
    """(Quick classes, fn adding qmlType/qmlId to a node), or None when QML is not used."""
    quick = qmltypes.quick_module()
    if quick is None:
        return None

    def annotate(obj: QObject, node: dict[str, Any]) -> None:
        if not (isinstance(obj, quick.QQuickItem) or QObject.inherits(obj, "QQuickItem")
                or QObject.inherits(obj, "QQuickWindow")):
            return  # (a wrapper the app made before QtQuick loaded is a plain QWindow)
        node["qmlType"] = qmltypes.type_name(obj)
        qid = qmltypes.qml_id(obj)
        if qid:
            node["qmlId"] = qid

    return (QObject,), annotate


def tree(ids: IdTable, root: QObject | None, depth: int, max_nodes: int,
         compact: bool = False) -> ObjectTree:
    """Nodes down to ``depth`` levels below the start (0 = the start objects only).

    Without a root the walk starts at every root object. Stops adding nodes at
    ``max_nodes`` and says so with ``truncated``. The collector is paused during the
    walk: ten thousand fresh dicts would otherwise trigger full collections.

    ``compact``: instead of nested ``nodes``, ``rows`` in walk order, each a list in
    :data:`COLUMNS` order (``parent``: the parent's row, -1 for a start object;
    ``segment``: the path segment under the parent; ``flags``: :data:`WIDGET` ...), with
    ``qmlType`` and ``qmlId`` appended where a Qt Quick item has them; a start object's
    path is ``prefix`` + its segment. A third of the bytes, for a client that wants a big
    tree (the inspector's whole tree of 10,000 objects).
    """
    if root is None:
        starts = paths.segments_of(paths.roots())
        prefix = ""
        parented = False
    else:
        parent = paths.parent_of(root)
        prefix = paths.path_of(parent) + "/" if parent is not None else ""
        starts = [(root, QObject.metaObject(root).className(), paths.segment_of(root))]
        parented = qtchildren.parent(root) is not None
    nodes: list[ObjectNode] = []
    rows: list[list[Any]] | None = [] if compact else None
    with collector.paused():
        walk, state = _walker(ids, depth, max_nodes, rows)
        for obj, cls, seg in starts:
            if state[0] >= max_nodes:
                state[1] = True
                break
            node = walk(obj, cls, QObject.objectName(obj), prefix + seg, seg, 0, parented, -1)
            if rows is None:
                nodes.append(node)
    if rows is not None:
        return {"columns": list(COLUMNS), "prefix": prefix, "rows": rows,
                "count": state[0], "truncated": state[1]}
    return {"nodes": nodes, "count": state[0], "truncated": state[1]}


def _walker(ids: IdTable, depth: int, max_nodes: int, rows: list[list[Any]] | None
            ) -> tuple[Any, list[Any]]:
    """A recursive walk as a closure: names resolve as fast locals and cells. With
    ``rows``, each object is a row appended there (the compact form), else a node dict.

    Qt is called through its classes (``QObject.objectName(obj)``, never ``obj.objectName()``:
    an app's class may hide the method, see ``probe/core/objects``)."""
    id_of = ids.assigner()
    quick = _qml_annotator()
    children_of = qtchildren.children  # no stale wrapper among them
    meta_of = QObject.metaObject
    name_of = QObject.objectName
    visible_of = QWidget.isVisible
    enabled_of = QWidget.isEnabled
    flags_of = visible_enabled
    stable = paths.QML_SUFFIX.sub
    state: list[Any] = [0, False]  # count, truncated
    compact = rows is not None
    add_row = rows.append if rows is not None else (lambda _line: None)

    def walk(obj: QObject, cls: str, name: str, path: str, seg: str, level: int,
             parented: bool, parent_row: int) -> Any:
        kids = children_of(obj)
        ident = id_of(obj, path, cls, parented)
        if isinstance(obj, QWidget):  # cheaper than isWidgetType(); wrappers are typed
            widget, visible, enabled = True, visible_of(obj), enabled_of(obj)
        else:
            widget = False
            visible, enabled = flags_of(obj)
        extra: dict[str, Any] | None = None
        if not widget and quick is not None and isinstance(obj, quick[0]):
            extra = {}
            quick[1](obj, extra)
        state[0] += 1
        if compact:
            row = state[0] - 1  # rows are appended in walk order, one per counted object
            flags = (WIDGET if widget else 0) | (VISIBLE if visible else 0) | \
                (ENABLED if enabled else 0) | (NO_VISIBLE if visible is None else 0) | \
                (NO_ENABLED if enabled is None else 0)
            line = [ident, parent_row, seg, cls, name, flags, len(kids)]
            if extra:
                line += [extra.get("qmlType", ""), extra.get("qmlId", "")]
            add_row(line)
            node: Any = row
        else:
            node = {"id": ident, "path": path, "className": cls, "objectName": name,
                    "isWidget": widget, "visible": visible, "enabled": enabled,
                    "childCount": len(kids)}
            if extra:
                node.update(extra)
        if level >= depth or not kids:
            return node
        children: list[dict[str, Any]] = []
        if not compact:
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
                cseg = cname if k == 0 else f"{cname}#{k}"
            else:
                scls = stable("", ccls) if "_QML" in ccls else ccls
                k = unnamed.get(scls, 0)
                unnamed[scls] = k + 1
                cseg = f"{scls}#{k}"
            sub = walk(child, ccls, cname, prefix + cseg, cseg, level, True, node)
            if not compact:
                children.append(sub)
        return node

    return walk, state


# ------------------------------------------------------------------------------ search


def _scope(root: QObject | None) -> Iterator[QObject]:
    """Every object under ``root`` (itself included), or under every root."""
    starts = [root] if root is not None else paths.roots()
    for start in starts:
        yield start
        yield from qtchildren.descendants(start)


def find_by_name(name: str, root: QObject | None) -> list[QObject]:
    """Objects whose objectName is exactly ``name``."""
    starts = [root] if root is not None else paths.roots()
    out: list[QObject] = []
    for start in starts:
        if QObject.objectName(start) == name:
            out.append(start)
        out.extend(qtchildren.find_children(start, QObject, name))
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
