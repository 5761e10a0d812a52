"""The one resolver: the live object an ``objectId`` names, whatever its form.

Forms: ``#N`` (:mod:`~probe.core.objects.idtable`), selectors (start with ``@`` or hold
``*`` or ``[``, :mod:`~probe.core.objects.selectors`), symbolic names
(:mod:`~probe.core.objects.names`) and paths (:mod:`~probe.core.objects.paths`). It sits
above all four; the name map resolves the targets of its names through it (passed in, so
no module below imports this one). GUI thread only.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from probe.core.errors import QtError
from probe.core.objects.idtable import NUM_ID, IdTable
from probe.core.objects.names import NAMES
from probe.core.objects.paths import resolve_path
from probe.core.objects.selectors import resolve_selector, select_all


def is_selector(ident: str) -> bool:
    """Whether ``ident`` is a selector (``@…`` filters, ``*`` or ``[i]``), not an exact id."""
    return ident.startswith("@") or "*" in ident or "[" in ident


def object_of(ident: str, ids: IdTable) -> QObject:
    """The live object ``ident`` names: ``#N``, a selector, a symbolic name or a path."""
    ident = ident.strip()
    if not ident:
        raise QtError("INVALID_OBJECT_ID", "empty object id",
                      hint="Use a path such as mainWindow/tabs, #N or a symbolic name.")
    if NUM_ID.match(ident):
        return ids.get(ident)
    if is_selector(ident):
        return resolve_selector(ident, ids)
    if NAMES.has(ident):
        return NAMES.object_named(ident, ids, object_of)
    try:
        return resolve_path(ident)
    except RuntimeError as exc:  # a wrapper died during the walk
        raise QtError("OBJECT_STALE", f"an object on the path {ident!r} was deleted",
                      id=ident, detail=str(exc)) from None



def objects_of(ident: str, ids: IdTable) -> list[QObject]:
    """Every object ``ident`` names: all a selector matches, else the one object."""
    if is_selector(ident.strip()):
        return select_all(ident, ids)
    return [object_of(ident, ids)]
