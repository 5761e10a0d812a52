"""A problem as every family answers it: its kind, message and fix, and its element in
the caller's ids and refs (``qt.problems``, and the layout overlay's ``qt.layout``)."""

from __future__ import annotations

from typing import cast

from probe.api import _session
from probe.core.a11y.identity import ref_of
from probe.core.objects import paths
from probe.core.problems import Problem
from probe.core.qml.sources import source_of
from probe.server.context import Context
from probe.wire.qt_problems import Problem as ProblemEntry


def entry(ctx: Context, p: Problem) -> ProblemEntry:
    """``p`` as the wire says, its objects named in the caller's ids and refs."""
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
