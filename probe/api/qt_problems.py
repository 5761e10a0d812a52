"""qt.problems: what is wrong in the app, each problem with its element, source and fix."""

from __future__ import annotations

from typing import Annotated, Literal, cast

from probe.api import _session
from probe.core.a11y.identity.handles import ref_of
from probe.core.objects import paths
from probe.core.problems import KINDS, Problem, report
from probe.core.qml.sources import source_of
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.qt_problems import Problem as ProblemEntry
from probe.wire.qt_problems import ProblemReport

Kind = Literal[tuple(KINDS)]  # type: ignore[valid-type]


def _entry(ctx: Context, p: Problem) -> ProblemEntry:
    ids = _session.ids(ctx)
    out: ProblemEntry = {"kind": p.kind, "message": p.message, "hint": p.hint}
    extra = dict(p.extra or {})
    if p.obj is not None:
        out.update({"objectId": ids.id_of(p.obj), "path": paths.path_of(p.obj),
                    "className": type(p.obj).__name__})
        ref = ref_of(p.obj, ids, _session.ref_table(ctx))
        if ref:
            out["ref"] = ref
        out["source"] = source_of(p.obj)
    for key in ("path", "className"):  # a fault's element is no live object
        if key in extra:
            out[key] = extra.pop(key)
    cover = extra.pop("coveredBy", None)
    if cover is not None:
        out["coveredBy"] = ids.id_of(cover)
    if "source" in extra:
        out["source"] = extra.pop("source")
    out.update(cast(ProblemEntry, extra))  # the keys of its kind (wire Problem's list)
    return out


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
    return {"problems": [_entry(ctx, p) for p in found[:limit]], "counts": counts,
            "total": len(found), "truncated": len(found) > limit}
