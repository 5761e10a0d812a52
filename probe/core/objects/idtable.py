"""Session ids (``#N``): a number per object, given on first appearance, never reused.

The bottom of object identity: everything that names objects (paths, selectors, symbolic
names, refs) hands out and takes back these ids. GUI thread only.
"""

from __future__ import annotations

import re
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import shiboken6
from PySide6.QtCore import QObject

from probe.core.errors import QtError
from probe.core.objects import qtchildren

NUM_ID = re.compile(r"^#(\d+)$")
#: Entries a table reaches before its first sweep of dead ids.
SWEEP_FROM = 512
#: Dropped ids whose path and class an OBJECT_STALE message still names.
GONE_KEPT = 4096


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


def _python_owned(obj: QObject) -> bool:
    """Whether dropping the wrapper deletes the object (Python made it and owns it)."""
    try:
        return bool(shiboken6.ownedByPython(obj))
    except (RuntimeError, TypeError):
        return False


class IdTable:
    """One session's ``#N`` ids: assigned on first appearance, never reused.

    An object that C++ owns (one with a parent, or a parentless one Qt made: the style,
    the event dispatcher, a QML engine's window) is held by its wrapper: that keeps
    nothing alive (shiboken marks the wrapper invalid when C++ deletes the object) and
    keeps the wrapper, hence the id, stable while the object lives. A parentless object
    that Python owns is held weakly, so a session never keeps a window alive.

    Ids of dead objects are dropped (with their wrappers, and so the creation-site notes
    those kept) by a sweep that runs when the table has doubled since the last one: an
    app that makes and deletes widgets for hours costs the session at most twice its
    live objects, for O(1) per id. A dropped id stays OBJECT_STALE (numbers are never
    given again, so ``#N`` below the next number and not held is a dead object); the
    last :data:`GONE_KEPT` keep their path and class for that message. Tables built on
    ids (refs) drop what names a dead id through :attr:`on_sweep`.
    """

    def __init__(self) -> None:
        self._next = 1
        self._entries: dict[int, _Entry] = {}
        self._by_wrapper: dict[int, int] = {}  # id(wrapper) -> N
        #: N -> (path, class) of the latest dropped ids, for OBJECT_STALE's message
        self._gone: OrderedDict[int, tuple[str | None, str | None]] = OrderedDict()
        #: dropped ids not yet handed to :meth:`reap` (bounded: oldest first out)
        self._died: deque[str] = deque(maxlen=GONE_KEPT)
        self._sweep_at = SWEEP_FROM
        #: called with the ``#N`` texts of each sweep's dead ids (GUI thread)
        self.on_sweep: list[Callable[[set[str]], None]] = []

    def __len__(self) -> int:
        return len(self._entries)

    def held(self) -> int:
        """Entries kept: ids (live, or dead and not swept yet) and their wrappers' keys."""
        return len(self._entries) + len(self._by_wrapper)

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
                parented = qtchildren.parent(obj) is not None
            except (RuntimeError, TypeError):
                parented = False
        ref: Callable[[], QObject | None] = _strong(obj)
        if not parented and _python_owned(obj):
            try:
                ref = weakref.ref(obj)
            except TypeError:
                pass
        text = f"#{n}"
        self._entries[n] = _Entry(ref, path, class_name, key, text=text)
        self._by_wrapper[key] = n
        if len(self._entries) >= self._sweep_at:
            self.sweep()
        return text

    def assigner(self) -> Callable[[QObject, str, str, bool], str]:
        """:meth:`id_of` for a walk over many objects: objects seen before (every object
        after the first walk) are answered from two dict lookups without a method call's
        keyword handling; the rest go through :meth:`id_of`."""
        by_wrapper, entries, id_of = self._by_wrapper, self._entries, self.id_of

        def assign(obj: QObject, path: str, class_name: str, parented: bool) -> str:
            n = by_wrapper.get(id(obj))
            if n is not None:
                entry = entries[n]
                if entry.ref() is obj:  # see id_of: the same wrapper, the same object
                    entry.path = path
                    return entry.text
            return id_of(obj, path, class_name, parented)

        return assign

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
            m = NUM_ID.match(n.strip())
            if m is None:
                raise QtError("INVALID_OBJECT_ID", f"{n!r} is not of the form #N")
            n = int(m.group(1))
        entry = self._entries.get(n)
        if entry is None and 0 < n < self._next:
            path, class_name = self._gone.get(n, (None, None))
            raise _stale(n, path, class_name)
        if entry is None:
            given = (f"ids #1..#{self._next - 1} were" if self._next > 1 else
                     "no ids were")
            raise QtError(
                "OBJECT_NOT_FOUND", f"#{n} was never given out in this session: {given} "
                "(an id of another session or an earlier connection means nothing here)",
                hint="Get fresh ids in this session: chr.tabsContext for tab ids, "
                     "qt.objects.find (or a path) for objects.",
                id=f"#{n}", highest=f"#{self._next - 1}")
        obj = entry.ref()
        if obj is None or not alive(obj):
            self._drop(n, entry)
            raise _stale(n, entry.path, entry.class_name)
        return obj

    def reap(self) -> list[str]:
        """Ids whose objects died since they were given out (each reported once)."""
        self.sweep()
        dead = list(self._died)
        self._died.clear()
        return dead

    def sweep(self) -> set[str]:
        """Drop the ids of dead objects now; their ``#N`` texts (also to :attr:`on_sweep`).
        The next sweep comes when the table has doubled again (at least SWEEP_FROM)."""
        dead: set[str] = set()
        for n, entry in list(self._entries.items()):
            if not entry.dead and alive(entry.ref()):
                continue
            self._drop(n, entry)
            del self._entries[n]
            dead.add(entry.text)
        self._sweep_at = max(SWEEP_FROM, 2 * len(self._entries))
        if dead:
            for listener in list(self.on_sweep):
                listener(dead)
        return dead

    def _drop(self, n: int, entry: _Entry) -> None:
        """Let go of a dead object's wrapper; its id is remembered among the last gone,
        and handed to :meth:`reap` once (the entry itself goes at the next sweep)."""
        if self._by_wrapper.get(entry.key) == n:
            del self._by_wrapper[entry.key]
        if not entry.dead:
            self._died.append(entry.text)
        entry.ref = _dead
        entry.dead = True
        self._gone[n] = (entry.path, entry.class_name)
        while len(self._gone) > GONE_KEPT:
            self._gone.popitem(last=False)


def _stale(n: int, path: str | None, class_name: str | None) -> QtError:
    what = " ".join(x for x in (class_name, path) if x)
    return QtError(
        "OBJECT_STALE", f"#{n}{f' ({what})' if what else ''} was deleted",
        hint="The app destroyed it since it was seen; look it up again "
             f"(qt.objects.find{f' or the path {path}' if path else ''}).",
        id=f"#{n}", path=path, className=class_name)


def ids_for(state: dict[str, Any]) -> IdTable:
    """The session's id table, kept in ``ctx.state``."""
    table = state.get("qt.ids")
    if table is None:
        table = state["qt.ids"] = IdTable()
    return table

