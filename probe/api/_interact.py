"""Shared by the input families (qt.ui.*, cu.*): deliver an action, then let the app settle.

An action is validated in one GUI-thread call, then delivered as the next job on the
GUI thread. Delivery is a separate job so that an action that opens a modal dialog
(``QDialog.exec()`` runs a nested event loop) does not hold the call: the settle
round trips that follow run inside that nested loop and the call returns. No Qt here
beyond what the callables given to ``ctx.gui`` do.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from probe.core.objects import idtable, resolver
from probe.protocol import RpcError
from probe.server.context import Context

Deliver = Callable[[], Any]

#: GUI round trips after a delivery: events the action posts, and the ones those post.
SETTLE_ROUNDS = 2
#: Seconds between checks whether a delivery is stuck in a nested event loop, and how
#: many answered round trips in a row (while it has not returned) mean it is.
NESTED_CHECK = 0.25
NESTED_ROUNDS = 2


def _noop() -> None:
    return None


async def settle(ctx: Context, timeout: float) -> bool:
    """Wait until the GUI thread has run everything posted so far; False if it is busy."""
    try:
        for _ in range(SETTLE_ROUNDS):
            await ctx.gui(_noop, timeout=timeout)
    except RpcError as exc:
        if exc.name != "APP_BUSY":
            raise
        return False
    return True


async def perform(ctx: Context, prepare: Callable[[], tuple[Any, Deliver]],
                  wait_for_idle: bool, timeout: float) -> tuple[Any, Any, bool]:
    """Run ``prepare`` (validates, returns (info, deliver)) then ``deliver`` as its own job.

    APP_BUSY comes after the probe's call timeout when the GUI thread does not answer;
    ``timeout`` is how long the delivery and its effects are waited for.

    Returns ``(info, what deliver returned, settled)``; an error in ``deliver`` is raised
    when the call waits for idle (else the action's outcome is not awaited).
    """
    loop = asyncio.get_running_loop()
    done: asyncio.Future[None] = loop.create_future()
    box: dict[str, Any] = {}

    def finished() -> None:
        if not done.done():
            done.set_result(None)

    def run(deliver: Deliver) -> None:
        try:
            box["result"] = deliver()
        except Exception as exc:  # noqa: BLE001 - handed back to the caller below
            box["error"] = exc
        finally:
            loop.call_soon_threadsafe(finished)

    def stage() -> Any:
        info, deliver = prepare()
        ctx.probe.executor.post(lambda: run(deliver))
        return info

    # Getting the GUI thread is bounded by the probe's call timeout (2 s unless
    # configured), as for every call; ``timeout`` bounds the wait for the action's effect.
    info = await ctx.gui(stage, timeout=min(timeout, ctx.probe.executor.default_timeout))
    settled = False
    if wait_for_idle and await _delivered(ctx, done, timeout):
        settled = await settle(ctx, timeout)
    if "error" in box:
        raise box["error"]
    return info, box.get("result"), settled


async def _delivered(ctx: Context, done: asyncio.Future[None], timeout: float) -> bool:
    """Wait for the delivery job to end. False if it is still running after ``timeout``, or
    if it sits in a nested event loop (a modal dialog's ``exec()``): the GUI thread then
    answers round trips while the delivery has not returned."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    nested = 0
    while loop.time() < deadline:
        try:
            await asyncio.wait_for(asyncio.shield(done), NESTED_CHECK)
            return True
        except TimeoutError:
            pass
        try:
            await ctx.gui(_noop, timeout=NESTED_CHECK)
        except RpcError as exc:
            if exc.name != "APP_BUSY":
                raise
            nested = 0
            continue
        nested = 0 if done.done() else nested + 1
        if nested >= NESTED_ROUNDS:
            return False
    return done.done()


def ids(ctx: Context) -> idtable.IdTable:
    return idtable.ids_for(ctx.state)


def resolve(ctx: Context, target: str) -> Any:
    """The one object ``target`` names (any id form or selector); GUI thread."""
    return resolver.resolve(target, ids(ctx))


def point(position: dict[str, Any] | None) -> tuple[int, int] | None:
    """``{"x","y"}`` -> (x, y); INVALID_PARAMS names the shape when it is wrong."""
    if position is None:
        return None
    try:
        return int(position["x"]), int(position["y"])
    except (KeyError, TypeError, ValueError):
        raise RpcError("INVALID_PARAMS", "position must be {\"x\": int, \"y\": int}",
                       received=position) from None
