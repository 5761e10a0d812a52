"""Timers family: list the app's timers (QTimers and bare QObject.startTimer ones) and
measure how often they wake it up (GammaRay's timer top)."""

from __future__ import annotations

import asyncio
from typing import Annotated, cast

from probe.core.data import timers as core
from probe.core.objects.idtable import ids_for
from probe.core.objects.resolver import object_of
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.qt_timers import Measurement, Timers


@method("qt.timers.list", tool=Tool("list_timers", "data"))
def list_(ctx: Context,
          activeOnly: Annotated[bool, P("only running timers")] = True) -> Timers:
    """Timers in the app: interval, singleShot, active, remaining time, owner.

    ``kind`` is "QTimer" or "QObject.startTimer" (a bare timer, e.g. an animation or a
    cursor blink; its owner is the object that started it, always active).
    """
    timers = core.list_timers(ids_for(ctx.state), activeOnly)
    return cast(Timers, {"timers": timers, "count": len(timers)})


@method("qt.timers.measure")
async def measure(
    ctx: Context,
    seconds: Annotated[float, P("how long to count", minimum=0.05, maximum=60)] = 1.0,
    objectId: Annotated[str | None, P("only timers of this object and its descendants")]
    = None,
) -> Measurement:
    """Count timer wake-ups (QTimer timeouts and bare timer events) for a while.

    The GUI thread is not blocked while counting: the count runs in an event filter
    that exists only for the measurement. Results per timer: wakeups, perSecond, and
    medianPerSecond (from the median gap between wake-ups: steady on a busy machine).
    ``timers`` are QTimers; ``otherTimers`` are bare startTimer timers, with interval.
    """
    ids = ids_for(ctx.state)
    root = await ctx.gui(object_of, objectId, ids) if objectId else None
    m = await ctx.gui(core.Measurement)  # its QObject must live on the GUI thread
    await ctx.gui(m.start)
    try:
        await asyncio.sleep(seconds)
    finally:
        result = await ctx.gui(m.finish, ids, root, timeout=10)
    return result
