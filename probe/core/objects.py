"""Object identity: session ids (#N), hierarchical paths and the one resolver.

Three ways to name a QObject, accepted wherever an ``objectId`` is:

* ``#N``: a number the session's :class:`IdTable` gave the object when it first
  appeared in a response. Never reused within a session.
* a path: ``/``-joined segments from a root, each the objectName where set (``name#k``
  when siblings share it) else ``ClassName#k`` (k-th unnamed sibling of that class).
  Stable across runs of the same UI. A first segment that is not a root is looked up
  by objectName anywhere, so ``nameEdit`` alone works when it is unique.
* a symbolic name registered in the name map (:mod:`probe.core.names`).

Forms starting with ``@`` or holding ``*`` or ``[`` are selectors
(:mod:`probe.core.selectors`). Everything here runs on the GUI thread.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject
from PySide6.QtGui import QGuiApplication, QWindow
from PySide6.QtWidgets import QApplication, QWidget

from probe.core.errors import QtError

_NUM_ID = re.compile(r"^#(\d+)$")
_SEGMENT = re.compile(r"^(.*)#(\d+)$")
#: How many names an OBJECT_NOT_FOUND lists in ``data.available``.
AVAILABLE_LIMIT = 50


def alive(obj: Any) -> bool:
    """True while the C++ object behind a wrapper exists."""
    try:
        return obj is not None and shiboken6.isValid(obj)
    except (RuntimeError, TypeError):
        return False


@dataclass
class _Entry:
    ref: Callable[[], QObject | None]
    path: str | None
    class_name: str | None
    key: int = 0
    dead: bool = False
    text: str = ""


def _dead() -> None:
    return None


def _strong(obj: QObject) -> Callable[[], QObject | None]:
    return lambda: obj


class IdTable:
    """One session's ``#N`` ids: assigned on first appearance, never reused.

    Objects with a parent are held by their wrapper (the parent owns the C++ object, so
    this keeps nothing alive and keeps the wrapper, hence the mapping, stable).
    Parentless objects are held weakly, so a session never keeps a window alive.
    """

    def __init__(self) -> None:
        self._next = 1
        self._entries: dict[int, _Entry] = {}
        self._by_wrapper: dict[int, int] = {}  # id(wrapper) -> N

    def __len__(self) -> int:
        return len(self._entries)

    def id_of(self, obj: QObject, path: str | None = None, class_name: str | None = None,
              parented: bool | None = None) -> str:
        """``"#N"`` of ``obj``, assigning the next number on first sight.

        ``path`` and ``class_name`` are remembered for a later OBJECT_STALE message;
        ``parented`` spares a ``parent()`` call when the caller knows the answer.
        """
        key = id(obj)
        n = self._by_wrapper.get(key)
        if n is not None:
            entry = self._entries[n]
            # the same wrapper is the same C++ object: shiboken drops a wrapper whose
            # object died, and we hold it, so its id() cannot be reused meanwhile
            if entry.ref() is obj:
                if path is not None:
                    entry.path = path
                return entry.text
        n = self._next
        self._next += 1
        if parented is None:
            try:
                parented = obj.parent() is not None
            except RuntimeError:
                parented = False
        if not parented:
            try:
                ref: Callable[[], QObject | None] = weakref.ref(obj)
            except TypeError:
                ref = _strong(obj)
        else:
            ref = _strong(obj)
        text = f"#{n}"
        self._entries[n] = _Entry(ref, path, class_name, key, text=text)
        self._by_wrapper[key] = n
        return text

    def known(self, n: int) -> bool:
        return n in self._entries

    def peek(self, obj: QObject) -> str | None:
        """The id ``obj`` already has in this session, or None (assigns nothing)."""
        n = self._by_wrapper.get(id(obj))
        if n is not None and self._entries[n].ref() is obj:
            return f"#{n}"
        return None

    def get(self, n: int | str) -> QObject:
        """The live object of ``#N``; OBJECT_STALE if it died, OBJECT_NOT_FOUND if unknown."""
        if isinstance(n, str):
            m = _NUM_ID.match(n.strip())
            if m is None:
                raise QtError("INVALID_OBJECT_ID", f"{n!r} is not of the form #N")
            n = int(m.group(1))
        entry = self._entries.get(n)
        if entry is None:
            raise QtError(
                "OBJECT_NOT_FOUND", f"#{n} was never given out in this session",
                hint=f"Ids #1..#{self._next - 1} exist in this session; #N ids are per "
                     "connection. Use a path or qt.objects.find.",
                id=f"#{n}", highest=f"#{self._next - 1}")
        obj = entry.ref()
        if obj is None or not alive(obj):
            self._forget(n, entry)
            what = " ".join(x for x in (entry.class_name, entry.path) if x)
            raise QtError(
                "OBJECT_STALE", f"#{n}{f' ({what})' if what else ''} was deleted",
                hint="The app destroyed it since it was seen; look it up again "
                     f"(qt.objects.find{f' or the path {entry.path}' if entry.path else ''}).",
                id=f"#{n}", path=entry.path, className=entry.class_name)
        return obj

    def reap(self) -> list[str]:
        """Ids whose objects died since they were given out (each reported once)."""
        dead: list[str] = []
        for n, entry in self._entries.items():
            if entry.dead:
                continue
            obj = entry.ref()
            if obj is None or not alive(obj):
                self._forget(n, entry)
                dead.append(f"#{n}")
        return dead

    def _forget(self, n: int, entry: _Entry) -> None:
        """Drop the wrapper of a dead object but keep what it was, for later errors."""
        if self._by_wrapper.get(entry.key) == n:
            del self._by_wrapper[entry.key]
        entry.ref = _dead
        entry.dead = True


def ids_for(state: dict[str, Any]) -> IdTable:
    """The session's id table, kept in ``ctx.state``."""
    table = state.get("qt.ids")
    if table is None:
        table = state["qt.ids"] = IdTable()
    return table


# ------------------------------------------------------------------------------ roots


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
    found: dict[int, QObject] = {}
    if isinstance(app, QApplication):
        for w in QApplication.topLevelWidgets():
            if w.parent() is None:
                found[id(w)] = w
    if isinstance(app, QGuiApplication):
        for win in QGuiApplication.topLevelWindows():
            if win.parent() is None and not _is_widget_window(win):
                found[id(win)] = win
    for child in app.children():
        if not _is_probe_internal(child):
            found[id(child)] = child
    out = list(found.values())
    out.sort(key=lambda o: (o.metaObject().className(), o.objectName(), _address(o)))
    return out


def _is_widget_window(win: QWindow) -> bool:
    """A QWidgetWindow backs a top-level widget; the widget is the root, not its window."""
    return win.metaObject().className() == "QWidgetWindow"


def _is_probe_internal(obj: QObject) -> bool:
    return obj.objectName().startswith("qtmcp") or type(obj).__module__.startswith("probe.")


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
        cls = child.metaObject().className()
        name = child.objectName()
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
    parent = obj.parent()
    if parent is None or parent is QCoreApplication.instance():
        return None
    return parent


def siblings_of(obj: QObject) -> list[QObject]:
    parent = parent_of(obj)
    return list(parent.children()) if parent is not None else roots()


def segment_of(obj: QObject) -> str:
    """The last path segment of ``obj`` among its siblings."""
    name = obj.objectName()
    cls = obj.metaObject().className()
    k = 0
    for sib in siblings_of(obj):
        if sib is obj or (alive(sib) and _address(sib) == _address(obj)):
            break
        if name:
            if sib.objectName() == name:
                k += 1
        elif not sib.objectName() and sib.metaObject().className() == cls:
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


def _match_segment(children: list[QObject], seg: str) -> QObject | None:
    """The child a path segment names (objectName first, then unnamed ClassName#k)."""
    m = _SEGMENT.match(seg)
    base, k = (m.group(1), int(m.group(2))) if m else (seg, 0)
    same_name = [c for c in children if c.objectName() == base]
    if same_name:
        return same_name[k] if k < len(same_name) else None
    same_class = [c for c in children
                  if not c.objectName() and c.metaObject().className() == base]
    if same_class:
        return same_class[k] if k < len(same_class) else None
    if m is None and seg and base:
        # plain class name: any child of that class, named or not
        any_class = [c for c in children if c.metaObject().className() == base]
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
    cur = _match_segment(top, parts[0])
    if cur is None:
        cur = _find_anywhere(parts[0], top)
    for i, seg in enumerate(parts[1:], start=1):
        children = list(cur.children())
        nxt = _match_segment(children, seg)
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
        if root.objectName() == base:
            matches.append(root)
        matches.extend(root.findChildren(QObject, base))
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


# --------------------------------------------------------------------------- resolver


def _is_selector(ident: str) -> bool:
    return ident.startswith("@") or "*" in ident or "[" in ident


def resolve(ident: str, ids: IdTable) -> QObject:
    """The live object ``ident`` names: ``#N``, a selector, a symbolic name or a path."""
    ident = ident.strip()
    if not ident:
        raise QtError("INVALID_OBJECT_ID", "empty object id",
                      hint="Use a path such as mainWindow/tabs, #N or a symbolic name.")
    if _NUM_ID.match(ident):
        return ids.get(ident)
    if _is_selector(ident):
        try:
            from probe.core.selectors import resolve_selector
        except ImportError:
            raise QtError("INVALID_OBJECT_ID", f"selectors are not available: {ident!r}",
                          hint="Use a path, #N or a symbolic name.") from None
        return resolve_selector(ident, ids)
    from probe.core import names  # late: names resolves through this module

    if names.NAMES.has(ident):
        return names.NAMES.resolve(ident, ids)
    try:
        return resolve_path(ident)
    except RuntimeError as exc:  # a wrapper died during the walk
        raise QtError("OBJECT_STALE", f"an object on the path {ident!r} was deleted",
                      id=ident, detail=str(exc)) from None


def class_name(obj: QObject) -> str:
    return obj.metaObject().className()


def describe(obj: QObject, ids: IdTable, path: str | None = None) -> dict[str, Any]:
    """The short form of an object used in every response that names one."""
    try:
        cls = obj.metaObject().className()
        p = path if path is not None else path_of(obj)
        return _describe(obj, ids, p, cls, len(obj.children()))
    except RuntimeError:
        raise QtError("OBJECT_STALE", "the object was deleted while being described",
                      path=path) from None


def _describe(obj: QObject, ids: IdTable, path: str, cls: str, child_count: int
              ) -> dict[str, Any]:
    visible: bool | None
    enabled: bool | None
    if obj.isWidgetType():
        is_widget = True
        visible = obj.isVisible()  # type: ignore[attr-defined]
        enabled = obj.isEnabled()  # type: ignore[attr-defined]
    else:
        is_widget = False
        visible = enabled = None
        if hasattr(obj, "isVisible"):
            try:
                visible = bool(obj.isVisible())  # QAction, QWindow
            except TypeError:
                visible = None
        if hasattr(obj, "isEnabled"):
            try:
                enabled = bool(obj.isEnabled())
            except TypeError:
                enabled = None
    return {"id": ids.id_of(obj, path, cls), "path": path, "className": cls,
            "objectName": obj.objectName(), "isWidget": is_widget, "visible": visible,
            "enabled": enabled, "childCount": child_count}


def is_widget(obj: QObject) -> bool:
    return isinstance(obj, QWidget)
