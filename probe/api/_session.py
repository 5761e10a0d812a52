"""The calling session's tables: its ``#N`` ids and its refs, and the objects they name.

Every family that names objects goes through here, so "which object does this id or ref
mean for this client" is answered one way. GUI thread only (the tables hold QObjects).
"""

from __future__ import annotations

from typing import Any

from probe.core.a11y import actions
from probe.core.a11y.identity import Element, RefTable, is_ref, refs_for
from probe.core.objects import idtable, resolver
from probe.server.context import Context


def ids(ctx: Context) -> idtable.IdTable:
    """The caller's ``#N`` ids."""
    return idtable.ids_for(ctx.state)


def ref_table(ctx: Context) -> RefTable:
    """The caller's refs (``ref_N`` from chr.readPage / chr.find)."""
    return refs_for(ctx.state)


def object_of(ctx: Context, ident: str) -> Any:
    """The one object ``ident`` names: a path, ``#N``, symbolic name or selector."""
    return resolver.object_of(ident, ids(ctx))


def element(ctx: Context, ref: str) -> Element:
    """The live element of a ref (REF_NOT_FOUND when it names none)."""
    return ref_table(ctx).element_of(ref, ids(ctx))


def reachable(ctx: Context, ref: str) -> Element:
    """The live element of a ref that a user could act on now (else the error says why:
    hidden, disabled, behind a modal dialog)."""
    el = element(ctx, ref)
    actions.check_reach(el, ids(ctx))
    return el


def target(ctx: Context, ident: str) -> tuple[Any, Element | None]:
    """The object a ref or any object id names, and its element when it was a ref."""
    if is_ref(ident):
        el = element(ctx, ident)
        return (el.obj if el.obj is not None else el.widget), el
    return object_of(ctx, ident), None
