"""qt.problems: what is wrong in the app, each problem with its element, source and fix."""

from __future__ import annotations

from typing import Annotated, Literal

from probe.api._problems import entry
from probe.core.problems import KINDS, report
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.qt_problems import ProblemReport

Kind = Literal[tuple(KINDS)]  # type: ignore[valid-type]


@method("qt.problems", tool=Tool("find_problems", "native", heavy=True))
def problems(
    ctx: Context,
    kinds: Annotated[list[Kind] | None, P("only these kinds (default: all)")] = None,  # pyright: ignore[reportInvalidTypeForm]  # Kind is a Literal made at run time from KINDS
    limit: Annotated[int, P("at most this many problems", minimum=1, maximum=10000)] = 200,
) -> ProblemReport:
    """What is wrong in the app's visible windows, like a web accessibility audit: each
    problem with its element's ref, the source line that made it and a one-line fix.

    Kinds: controls without an accessible name (``unnamed_control``), text cut off
    (``text_cut``), visible controls of zero size or outside their window, controls
    under another widget (``covered``), one shortcut on two actions
    (``duplicate_shortcut``), disabled controls with no tool tip saying why, item views
    whose model breaks the model contract, QML binding loops and warnings, objects in a
    thread that runs no event loop, repeating timers faster than the screen
    (``fast_timer``), and elements a read could not read whole (shown ``unread`` to
    agents): the app's code raised there (``app_exception``) or the probe failed
    (``probe_fault``, a qtmcp defect), each with its ``traceback``, ``where`` (the
    probe's line), ``count`` and the line to fix as ``source``. Each problem has its
    ``kind``,
    ``message``, a one-line ``hint``, the element's ``ref`` (for chr.click, chr.formInput) and
    ``objectId``, and its ``source`` (the line that made it, when known). ``counts``
    gives the number per kind.
    """
    found = report(list(kinds) if kinds else None)
    counts: dict[str, int] = {}
    for p in found:
        counts[p.kind] = counts.get(p.kind, 0) + 1
    return {"problems": [entry(ctx, p) for p in found[:limit]], "counts": counts,
            "total": len(found), "truncated": len(found) > limit}
