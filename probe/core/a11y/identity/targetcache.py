"""A session's recorded targets: stable handles of what its calls name, remembered.

While someone records traffic, each app-changing call (and each checked read) carries the
stable handles of its target
(:func:`~probe.core.a11y.identity.handles.target_and_object`) so a replay finds it again.
Working them out means resolving the id and building the selector: about as long as a
quick call itself. An agent acts on the same few elements again and again, so a
description is remembered for its id and used again while the element lives under
parents of the same objectNames: exactly what an objectName selector is made of. Text,
QML-id and path selectors, which depend on more than that, are worked out afresh each
time; so are ids that are selectors (what they match can change). GUI thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject

from probe.core.a11y.identity import handles
from probe.core.a11y.identity.refs import RefTable
from probe.core.errors import QtError
from probe.core.objects import idtable, paths, resolver

#: Descriptions one session keeps (the oldest goes first).
LIMIT = 256


@dataclass(frozen=True, slots=True)
class _Kept:
    id: str  # the element's ``#N`` in the session (held the way ids hold objects)
    names: tuple[str, ...]  # objectNames from its root down: its selector's segments
    handles: dict[str, Any]


def _names(obj: QObject) -> tuple[str, ...]:
    out: list[str] = []
    cur: QObject | None = obj
    while cur is not None:
        out.append(QObject.objectName(cur))
        cur = paths.parent_of(cur)
    return tuple(reversed(out))


class TargetCache:
    """One session's remembered descriptions, by the id a call gave."""

    def __init__(self) -> None:
        self._kept: dict[str, _Kept] = {}

    def held(self) -> int:
        """Descriptions kept."""
        return len(self._kept)

    def describe(self, ident: str, ids: idtable.IdTable, refs: RefTable) -> dict[str, Any]:
        """``handles.target_and_object(ident)``'s handles, from memory while still true."""
        kept = self._kept.get(ident)
        if kept is not None:
            try:
                obj = ids.get(kept.id)
            except QtError:
                obj = None
            if obj is not None and _names(obj) == kept.names:
                return kept.handles
            del self._kept[ident]
        out, obj = handles.target_and_object(ident, ids, refs)
        if out["selectorKind"] == "objectName" and not resolver.is_selector(ident.strip()):
            names = tuple(out["selector"].split("/"))
            if _names(obj) == names:  # a plain path of objectNames (no @name: form)
                if len(self._kept) >= LIMIT:
                    del self._kept[next(iter(self._kept))]
                self._kept[ident] = _Kept(ids.id_of(obj), names, out)
        return out


def cache_for(state: dict[str, Any]) -> TargetCache:
    """The session's cache, kept in ``ctx.state``."""
    cache = state.get("targets.cache")
    if cache is None:
        cache = state["targets.cache"] = TargetCache()
    return cache
