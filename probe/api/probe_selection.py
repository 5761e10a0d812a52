"""probe.selection.* and probe.highlight: the human in the inspector and the agent point
at elements for each other.

``probe.selection.*`` hands the human's pick to the agent (``probe.selection.get``
answers in the caller's own ids and refs); ``probe.highlight`` lets an agent point the
human at an element (the inspector selects and outlines it). The selection is app-wide
(one per probe), held like the id tables hold objects, so a deleted selection reads as
null. Notifications carry each subscriber's own ``#N``.
"""

from __future__ import annotations

import time
from typing import Annotated, Any, cast

from PySide6.QtCore import QObject

from probe.api import _session
from probe.api._params import Target
from probe.core.a11y.identity import bundle
from probe.core.objects import idtable, paths
from probe.server.context import Context
from probe.server.registry import P, Tool, method, notification, topic
from probe.wire._shared import ObjectSummary
from probe.wire.probe_selection import Highlighted, HighlightNote, Selection, SelectionNote

topic("selection", "the object a human selected in the inspector (probe.selection)")
topic("highlight", "elements an agent points out to the human (probe.highlight)")
notification("probe.selection", SelectionNote, "selection")
notification("probe.highlight", HighlightNote, "highlight")

#: Key of the probe's shared state: {"obj": the selected QObject, "by": who, "ts": when}.
_SELECTION = "selection"


def _publish_each(ctx: Context, topic_name: str, method_name: str, obj: QObject | None,
                  extra: dict[str, Any]) -> None:
    """Notify each subscriber of a topic with ``obj`` described in its own id space."""
    for session in ctx.subscribers(topic_name):
        params = dict(extra)
        if obj is not None:
            params.update(paths.describe(obj, idtable.ids_for(session.state)))
        ctx.notify(method_name, params, session.id)


def _by(ctx: Context) -> dict[str, Any]:
    return {"id": ctx.session.id, "name": ctx.session.name, "role": ctx.session.role}


@method("probe.selection.set")
def selection_set(ctx: Context, objectId: Annotated[str | None, P(
        "what the human selected (#N, path, ...); null clears the selection")]
                  ) -> ObjectSummary | None:
    """Publish the human's selection (the inspector calls this when its selection changes)."""
    by = _by(ctx)
    if objectId is None:
        ctx.shared.pop(_SELECTION, None)
        _publish_each(ctx, "selection", "probe.selection", None, {"selected": False, "by": by})
        return None
    obj = _session.object_of(ctx, objectId)
    ctx.shared[_SELECTION] = {"obj": obj, "by": by, "ts": time.time()}
    _publish_each(ctx, "selection", "probe.selection", obj, {"selected": True, "by": by})
    return paths.describe(obj, _session.ids(ctx))


@method("probe.selection.get", tool=Tool("get_user_selection", "control"))
def selection_get(ctx: Context) -> Selection | None:
    """What the human selected in the inspector, with every handle (ref, #N, selector,
    symbolic name, bounds) in this caller's spaces; null when nothing (or it was deleted)."""
    current = ctx.shared.get(_SELECTION)
    if current is None or not idtable.alive(current["obj"]):
        return None
    obj = current["obj"]
    out = bundle(obj, _session.ids(ctx), _session.ref_table(ctx))
    out.update({"selectedBy": current["by"], "selectedAt": current["ts"],
                "describe": paths.describe(obj, _session.ids(ctx))})
    return cast(Selection | None, out)


@method("probe.highlight", tool=Tool("highlight_element", "control"))
def highlight(ctx: Context, objectId: Target,
              note: Annotated[str, P("why, shown to the human", maxLength=500)] = ""
              ) -> Highlighted:
    """Point the human at an element: the inspector selects and outlines it."""
    obj, _ = _session.target(ctx, objectId)
    watchers = ctx.subscribers("highlight")
    _publish_each(ctx, "highlight", "probe.highlight", obj, {"by": _by(ctx), "note": note})
    return {**paths.describe(obj, _session.ids(ctx)), "notified": len(watchers)}
