"""probe.agentView: the page as an agent sees it, for the inspector that watches it.

Refs are per session: an inspector's own chr.readPage would number the elements its own
way. This method reads the page with the refs another client's chr.readPage / chr.find
gave out, touching nothing of that client's (no ref is issued, reset or retired), and
hands back that client's last chr.readPage answer exactly as it was sent. Inspector only:
it shows one client what another one holds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from probe.api._access import inspector_only
from probe.core.a11y import agentview
from probe.core.a11y import windows as wins
from probe.core.a11y.identity import RefTable
from probe.core.errors import QtError
from probe.core.objects import idtable
from probe.server.context import Context
from probe.server.registry import P, method
from probe.wire.probe_agent_view import AgentView

if TYPE_CHECKING:
    from probe.server.sessions import Session


def _their_refs(session: Session) -> RefTable | None:
    table = session.state.get("chr.refs")
    return table if isinstance(table, RefTable) else None


def _last_reader(ctx: Context) -> Session | None:
    """The client, inspectors aside, whose chr.readPage came last (loop thread)."""
    best: tuple[float, Session] | None = None
    for s in ctx.sessions():
        table = _their_refs(s)
        last = table.last_read if table is not None else None
        if s.inspector or s is ctx.session or last is None:
            continue
        if best is None or last.at > best[0]:
            best = (last.at, s)
    return best[1] if best else None


def _session(ctx: Context, session_id: int | None) -> Session | None:
    if session_id is None:
        return _last_reader(ctx)
    found = ctx.session_by_id(session_id)
    if found is None:
        raise QtError("INVALID_PARAMS", f"no connected client with id {session_id}",
                      hint="probe.sessions lists the connected clients and their ids.",
                      sessionId=session_id,
                      available=[{"id": s.id, "name": s.name, "role": s.role}
                                  for s in ctx.sessions()])
    return found


@method("probe.agentView")
async def agent_view(
    ctx: Context,
    sessionId: Annotated[int | None, P(
        "the client to look through (probe.sessions); default: the one, inspectors "
        "aside, that called chr.readPage last")] = None,
    filter: Annotated[Literal["all", "interactive"], P(
        "as chr.readPage's filter")] = "all",
    depth: Annotated[int, P("levels of the tree", minimum=1, maximum=100)] = 15,
    max_chars: Annotated[int, P("longest tree; cut cleanly past it", minimum=200)] = 200_000,
) -> AgentView:
    """The page with another client's refs, and its last chr.readPage as sent (inspector only).

    ``tree`` is chr.readPage's json form of the window that client read last (else the
    active window) as it is now, each element with the ref that client holds for it
    (none where it has none); node ``id`` fields are the caller's own ``#N``.
    ``lastRead`` is that client's latest chr.readPage answer verbatim (``result``), when
    (``at``, epoch seconds) and with which options; null before its first read.
    ``session`` is null when no client has read the page yet (the tree then has no refs).
    """
    inspector_only(ctx, "it shows one client's refs to another")
    session = _session(ctx, sessionId)

    def read() -> dict[str, Any]:
        ids = idtable.ids_for(ctx.state)
        their_refs = _their_refs(session) if session is not None else None
        their_refs = their_refs or RefTable()
        their_ids = session.state.get("qt.ids") if session is not None else None
        if not isinstance(their_ids, idtable.IdTable):  # it never named an object
            their_ids = idtable.IdTable()
        window = agentview.window_of_last_read(their_refs, their_ids) or \
            wins.window_for(None, ids)
        out = agentview.peek_page(window, ids, their_refs, their_ids,
                                  interactive=filter == "interactive", depth=depth,
                                  max_chars=max_chars)
        last = their_refs.last_read
        out["lastRead"] = None if last is None else {
            "result": last.result, "at": last.at, "generation": last.generation,
            "options": last.options}
        return out

    out = await ctx.gui(read)
    out["session"] = None if session is None else {
        "id": session.id, "name": session.name, "role": session.role}
    return out
