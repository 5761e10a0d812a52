"""Shared by the input families (chr.*, qt.ui.*, cu.*): deliver an action, let the app settle,
name the modal state, and read where an action goes.

An action is validated in one GUI-thread call, then delivered as the next job on the
GUI thread. Delivery is a separate job so that an action that opens a modal dialog or a
menu (``QDialog.exec()``, ``QMessageBox.question``, ``QMenu.exec``, ``QFileDialog.get*``
run a nested event loop) does not hold the call: the executor says as soon as the
delivery waits in such a loop (it goes idle there), the settle round trips run inside
it, and the call returns with the dialog named in its result's ``modal`` field. No Qt here
beyond what the callables given to ``ctx.gui`` do.

Settled means the app finished reacting: the GUI thread has run what the action posted
(:func:`settle`), and the short single-shot timers the action's events started (a search
field's 500 ms debounce) have fired, waited for up to ``pending.BOUND_MS`` (1 s) after
the delivery without holding the GUI thread, and settled again after them
(``core.input.pending`` says which timers count). A call whose timers are still due when
the bound ends answers ``settled: false``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from probe.core import faults
from probe.core.a11y import modal
from probe.core.data import pending
from probe.core.errors import QtError, known_failure
from probe.core.input import dragdrop
from probe.core.input import simulate as qinput
from probe.core.objects import idtable
from probe.server.context import Context

Deliver = Callable[[], Any]

#: GUI round trips after a delivery: events the action posts, and the ones those post.
SETTLE_ROUNDS = 2

log = logging.getLogger("qtmcp.probe")


def _noop() -> None:
    return None


def held(deliver: Deliver, *objects: Any) -> Deliver:
    """``deliver``, first re-checking the QObjects its preparation found: other jobs and
    the app's own events ran in between, and the app may have deleted them (OBJECT_STALE).
    Give an element's widget: its accessible interfaces (no QObject, so nothing can tell
    a dead one; calling it crashes) die with it."""

    def run() -> Any:
        for obj in objects:
            qinput.require(obj)
        return deliver()
    return run


async def settle(ctx: Context, timeout: float) -> bool:
    """Wait until the GUI thread has run everything posted so far; False if it is busy."""
    try:
        for _ in range(SETTLE_ROUNDS):
            await ctx.gui(_noop, timeout=timeout)
    except QtError as exc:
        if exc.name != "APP_BUSY":
            raise
        return False
    return True


async def settle_timers(ctx: Context, started: pending.Started, timeout: float) -> bool:
    """Wait for the single-shot timers the action started to fire, then settle again,
    until none is due (a slot may start another); False if one is still due when
    ``pending.BOUND_MS`` (or ``timeout``) ends, or the GUI thread is busy."""
    loop = asyncio.get_running_loop()
    end = loop.time() + min(pending.BOUND_MS / 1000, timeout)
    bound_ms = pending.BOUND_MS
    while True:
        try:  # a timer that cannot be read is taken as fired: the action ran
            due = await ctx.gui(faults.value, started.due, 0, bound_ms, timeout=timeout)
        except QtError as exc:
            if exc.name != "APP_BUSY":
                raise
            return False
        if due <= 0:
            return True
        left = end - loop.time()
        if due > left:
            return False
        await asyncio.sleep(due)
        if not await settle(ctx, timeout):
            return False
        bound_ms = max(0, round((end - loop.time()) * 1000))


def describe_modal(state: dict[str, Any], waiting: bool = False,
                   before: str | None = None) -> dict[str, Any] | None:
    """The one ``modal`` field of action results: the open modal dialog or popup (GUI
    thread). Also the server's hook for a call whose GUI job entered a nested loop."""
    return modal.describe(idtable.ids_for(state), before, waiting)


async def perform(ctx: Context, prepare: Callable[[], tuple[Any, Deliver]],
                  wait_for_idle: bool, timeout: float, through_nested: bool = False
                  ) -> tuple[Any, Any, bool]:
    """Run ``prepare`` (validates, returns (info, deliver)) then ``deliver`` as its own job.

    APP_BUSY comes after the probe's call timeout when the GUI thread does not answer;
    ``timeout`` is how long the delivery and its effects are waited for.

    Returns ``(info, what deliver returned, settled)``; an error in ``deliver`` is raised
    when the call waits for idle (else the action's outcome is not awaited), unless the
    app's own code raised it while handling the input (a model, a slot an event runs):
    the input was delivered as a user's would be, so ``info`` (a dict) says so in
    ``appRaised`` and the action answers. When the
    call waits and a modal dialog or popup is open afterwards, ``info`` (a dict) gets
    its ``modal`` field; a delivery that waits in that dialog's event loop returns at once,
    unless ``through_nested``: a drag and drop's delivery finishes its own nested loop (the
    drag's), so the call waits for it to end.
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    nested: asyncio.Future[None] = loop.create_future()
    box: dict[str, Any] = {}

    def mark(future: asyncio.Future[None]) -> None:
        if not future.done():
            future.set_result(None)

    def finish(ok: bool, value: Any) -> None:
        """The delivery ended (GUI thread): its result, or its error for the caller (the
        executor has cleared its frames: nothing of the element outlives the job)."""
        if ok:
            box["result"] = value
        elif isinstance(value, Exception):
            raised = None if isinstance(value, QtError) or known_failure(value) is not None \
                else faults.record(value)
            if raised is not None and raised.origin == faults.APP:
                box["app_raised"] = raised.reason  # the input was delivered: the app's
            else:                                  # own code raised handling it
                box["error"] = value
                if nested.done():  # the call has answered already: say it somewhere
                    log.warning("action failed after its dialog closed: %s", value)
        else:  # a KeyboardInterrupt or SystemExit: not the action's to keep
            log.warning("action interrupted: %r", value)
        try:
            loop.call_soon_threadsafe(mark, done)
        except RuntimeError:  # the probe stopped while the dialog was open
            pass

    def stage() -> Any:
        info, deliver = prepare()
        box["before"] = modal.blocker_id(idtable.ids_for(ctx.state))
        if wait_for_idle:
            box["timers"] = pending.Started()
        ctx.post(deliver, on_nested=lambda: loop.call_soon_threadsafe(mark, nested),
                 on_done=finish)
        return info

    # Getting the GUI thread is bounded by the probe's call timeout (2 s unless
    # configured), as for every call; ``timeout`` bounds the wait for the action's effect.
    info = await ctx.gui(stage, timeout=max(0.05, min(timeout, ctx.call_timeout)))
    settled = False
    if wait_for_idle:
        await asyncio.wait((done,) if through_nested else (done, nested), timeout=timeout,
                           return_when=asyncio.FIRST_COMPLETED)
        waiting = nested.done() and not done.done()
        if done.done() or waiting:
            settled = await settle(ctx, timeout)
        if settled and done.done() and "error" not in box:
            settled = await settle_timers(ctx, box["timers"], timeout)
        if "error" in box:
            raise box["error"]
        if "app_raised" in box and isinstance(info, dict):
            info["appRaised"] = box["app_raised"]
        if settled and isinstance(info, dict):  # a dialog that cannot be read is no error
            state = await ctx.gui(faults.value, describe_modal, None, ctx.state, waiting,
                                  box.get("before"))
            if state is not None:
                info["modal"] = state
    return info, box.get("result"), settled


def with_drop(info: Any, outcome: Any) -> Any:
    """An action's answer with its ``drop`` field when the gesture was a drag and drop."""
    rep = dragdrop.report(outcome) if isinstance(outcome, dragdrop.Outcome) else None
    return {**info, "drop": rep} if rep is not None and isinstance(info, dict) else info


def lift_modal(info: Any, out: dict[str, Any]) -> dict[str, Any]:
    """Move the ``modal`` field :func:`perform` put in ``info`` to the result ``out``."""
    if isinstance(info, dict) and "modal" in info:
        out["modal"] = info.pop("modal")
    return out


def point(position: dict[str, Any] | None) -> tuple[int, int] | None:
    """``{"x","y"}`` -> (x, y); INVALID_PARAMS names the shape when it is wrong."""
    if position is None:
        return None
    try:
        return int(position["x"]), int(position["y"])
    except (KeyError, TypeError, ValueError):
        raise QtError("INVALID_PARAMS", "position must be {\"x\": int, \"y\": int}",
                       received=position) from None
