"""Object paths: ``/``-joined segments from a root, and the objects they name.

Each segment is the objectName where set (``name#k`` when siblings share it), else
``ClassName#k`` (k-th unnamed sibling of that class). Stable across runs of the same UI.
A first segment that is not a root is looked up by objectName anywhere, so ``nameEdit``
alone works when it is unique. GUI thread only.

Class segments use the class name without the ``_QMLTYPE_N`` / ``_QML_N`` suffix the QML
engine appends (it changes from run to run), so recorded paths replay.

Qt is called through its classes (``QObject.parent(obj)``; children through ``qtchildren``),
never through attributes an app's class can shadow (the rule: ``probe/core/objects``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.errors import QtError
from probe.core.objects import qtchildren
from probe.core.objects.idtable import IdTable, alive
from probe.core.objects.qmltypes import quick_module
from probe.core.objects.qtclass import visible_enabled
from probe.wire._shared import ObjectSummary

_SEGMENT = re.compile(r"^(.*)#(\d+)$")
#: What the QML engine appends to a type's class name (a different number every run).
QML_SUFFIX = re.compile(r"(_QMLTYPE_\d+|_QML_\d+)+$")
_parent = qtchildren.parent
_children = qtchildren.children
_name = QObject.objectName
_meta = QObject.metaObject
#: How many names an OBJECT_NOT_FOUND lists in ``data.available``.
AVAILABLE_LIMIT = 50


def _address(obj: QObject) -> int:
    try:
        return int(shiboken6.getCppPointer(obj)[0])
    except (RuntimeError, TypeError):
        return 0


def roots() -> list[QObject]:
    """Parentless objects: top-level widgets, windows without a widget, app children.

    Ordered by (className, objectName, address) so ``ClassName#k`` of roots is stable.
    Popups with a parent are not roots: they are reached through their parent.
    """
    app = QCoreApplication.instance()
    if app is None:
        return []
    quick_module()  # QtQuick before any wrapper is made, so items are typed as items
    found: dict[int, QObject] = {}
    if isinstance(app, QApplication):
        for w in qtchildren.top_level_widgets():
            if _parent(w) is None:
                found[id(w)] = w
    if isinstance(app, QGuiApplication):
        for win in qtchildren.top_level_windows():
            if _parent(win) is None and not _is_widget_window(win):
                found[id(win)] = win
    for child in _children(app):
        if not is_probe_internal(child):
            found[id(child)] = child
    out = list(found.values())
    out.sort(key=lambda o: (class_name(o), _name(o), _address(o)))
    return out


def _is_widget_window(win: QWindow) -> bool:
    """A QWidgetWindow backs a top-level widget; the widget is the root, not its window."""
    return _meta(win).className() == "QWidgetWindow"


def is_probe_internal(obj: QObject) -> bool:
    return _name(obj).startswith("qtmcp") or type(obj).__module__.startswith("probe.")


# ------------------------------------------------------------------------------ paths


def segments_of(children: Iterable[QObject]) -> list[tuple[QObject, str, str]]:
    """``(child, className, segment)`` for each child, in order.

    Named children use their objectName (``name#k`` from the second one sharing it);
    unnamed ones ``ClassName#k``, k counting unnamed siblings of that class.
    """
    out: list[tuple[QObject, str, str]] = []
    named: dict[str, int] = {}
    unnamed: dict[str, int] = {}
    for child in children:
        cls = class_name(child)
        name = _name(child)
        if name:
            k = named.get(name, 0)
            named[name] = k + 1
            out.append((child, cls, name if k == 0 else f"{name}#{k}"))
        else:
            k = unnamed.get(cls, 0)
            unnamed[cls] = k + 1
            out.append((child, cls, f"{cls}#{k}"))
    return out


def parent_of(obj: QObject) -> QObject | None:
    """The parent in the path sense: None for roots (app children are roots too)."""
    parent = _parent(obj)
    if parent is None or parent is QCoreApplication.instance():
        return None
    return parent


def is_under(obj: QObject, root: QObject) -> bool:
    """Whether ``obj`` is ``root`` or one of its descendants (a subtree filter's test)."""
    cur: QObject | None = obj
    while cur is not None:
        if cur is root:
            return True
        cur = _parent(cur)
    return False


def siblings_of(obj: QObject) -> list[QObject]:
    parent = parent_of(obj)
    return list(_children(parent)) if parent is not None else roots()


def segment_of(obj: QObject) -> str:
    """The last path segment of ``obj`` among its siblings."""
    name = _name(obj)
    cls = class_name(obj)
    k = 0
    for sib in siblings_of(obj):
        if sib is obj:
            break
        if name:
            if _name(sib) != name:
                continue
        elif _name(sib) or class_name(sib) != cls:
            continue
        # a sibling like it: the same object under another wrapper, or one before it
        if alive(sib) and _address(sib) == _address(obj):
            break
        k += 1
    if name:
        return name if k == 0 else f"{name}#{k}"
    return f"{cls}#{k}"


def path_of(obj: QObject) -> str:
    """The object's path from its root: segments of the parent chain, ``/``-joined."""
    parts: list[str] = []
    cur: QObject | None = obj
    while cur is not None:
        parts.append(segment_of(cur))
        cur = parent_of(cur)
    return "/".join(reversed(parts))


def match_segment(children: list[QObject], seg: str) -> QObject | None:
    """The child a path segment names (objectName first, then unnamed ClassName#k)."""
    m = _SEGMENT.match(seg)
    base, k = (m.group(1), int(m.group(2))) if m else (seg, 0)
    base = QML_SUFFIX.sub("", base)  # a path recorded with the engine's suffix still works
    same_name = [c for c in children if _name(c) == base]
    if same_name:
        return same_name[k] if k < len(same_name) else None
    same_class = [c for c in children if not _name(c) and class_name(c) == base]
    if same_class:
        return same_class[k] if k < len(same_class) else None
    if m is None and seg and base:
        # plain class name: any child of that class, named or not
        any_class = [c for c in children if class_name(c) == base]
        return any_class[0] if len(any_class) == 1 else None
    return None


def _available(children: Iterable[QObject]) -> list[str]:
    return [seg for _, _, seg in segments_of(children)][:AVAILABLE_LIMIT]


def resolve_path(path: str) -> QObject:
    """The object at ``path``; OBJECT_NOT_FOUND says how far it got and what is there."""
    parts = [p for p in path.strip().strip("/").split("/") if p]
    if not parts:
        raise QtError("INVALID_OBJECT_ID", "empty object id",
                      hint="Use a path such as mainWindow/tabs, #N or a symbolic name.",
                      available=_available(roots()))
    top = roots()
    cur = match_segment(top, parts[0])
    if cur is None:
        cur = _find_anywhere(parts[0], top)
    for i, seg in enumerate(parts[1:], start=1):
        children = list(_children(cur))
        nxt = match_segment(children, seg)
        if nxt is None:
            prefix = "/".join(parts[:i])
            raise QtError(
                "OBJECT_NOT_FOUND", f"no child {seg!r} under {prefix!r}",
                hint=f"data.available lists the children of {prefix!r}; "
                     "qt.objects.tree shows the whole hierarchy.",
                id=path, matchedPrefix=prefix, missing=seg, available=_available(children))
        cur = nxt
    return cur


def _find_anywhere(name: str, top: list[QObject]) -> QObject:
    """A first segment that is no root: an objectName anywhere, if it names one object."""
    m = _SEGMENT.match(name)
    base, k = (m.group(1), int(m.group(2))) if m else (name, None)
    matches: list[QObject] = []
    for root in top:
        if _name(root) == base:
            matches.append(root)
        matches.extend(qtchildren.find_children(root, QObject, base))
    if k is not None and k < len(matches):
        return matches[k]
    if len(matches) == 1 and k is None:
        return matches[0]
    if len(matches) > 1:
        raise QtError(
            "OBJECT_AMBIGUOUS", f"{len(matches)} objects are named {base!r}",
            hint="Use the full path or #N of one of data.matches.",
            id=name, matches=[path_of(o) for o in matches[:AVAILABLE_LIMIT]])
    raise QtError(
        "OBJECT_NOT_FOUND", f"no root and no object named {name!r}",
        hint="A path starts at a root (data.available); a single objectName is searched "
             "everywhere. Try qt.objects.find or qt.objects.tree.",
        id=name, matchedPrefix="", missing=name, available=_available(top))


def class_name(obj: QObject) -> str:
    """The class name as paths use it: a QML type's without the engine's ``_QMLTYPE_N``."""
    name = _meta(obj).className()
    return QML_SUFFIX.sub("", name) if "_QML" in name else name


def describe(obj: QObject, ids: IdTable, path: str | None = None) -> ObjectSummary:
    """The short form of an object used in every response that names one."""
    try:
        cls = _meta(obj).className()
        p = path if path is not None else path_of(obj)
        return _describe(obj, ids, p, cls, len(_children(obj)))
    except RuntimeError:
        raise QtError("OBJECT_STALE", "the object was deleted while being described",
                      path=path) from None


def _describe(obj: QObject, ids: IdTable, path: str, cls: str, child_count: int
              ) -> ObjectSummary:
    visible: bool | None
    enabled: bool | None
    if isinstance(obj, QWidget):
        is_widget = True
        visible = QWidget.isVisible(obj)
        enabled = QWidget.isEnabled(obj)
    else:
        is_widget = False
        visible, enabled = visible_enabled(obj)
    return {"id": ids.id_of(obj, path, cls), "path": path, "className": cls,
            "objectName": _name(obj), "isWidget": is_widget, "visible": visible,
            "enabled": enabled, "childCount": child_count}
