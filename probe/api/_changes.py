"""The one place every chr.* action passes through to report what it changed.

``@reports_changes`` (under ``@method``) gives an action the ``report_changes`` parameter
and adds ``changes`` to its result: the session's baseline is made sure of before the
action, and once the action has settled the report (core.a11y.changes) is taken on the
GUI thread. An action run inside another one (chr.computer running chr.click, chr.batch
and chr.fillForm running their steps) reports nothing: the outer one reports once, at the
end. An action that fails after changing something (a batch stopped at its third step)
carries the report in its error's ``data.changes``. A report that cannot be taken (the
app is busy) says so; it never fails the action.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from typing import Any

from probe.api._params import ReportChanges
from probe.core import faults
from probe.core.a11y import changes
from probe.core.a11y.identity import RefTable, refs_for
from probe.core.errors import QtError
from probe.core.objects import idtable
from probe.server.context import Context, Meta

#: Seconds the report may wait for the GUI thread.
REPORT_TIMEOUT = 5.0
PARAM = "report_changes"

#: Set while an action that reports runs: the actions it runs inside report nothing.
_REPORTING: ContextVar[bool] = ContextVar("qtmcp_reporting", default=False)

Action = Callable[..., Awaitable[Any]]


def _tracker(ctx: Context) -> tuple[changes.Tracker, RefTable, idtable.IdTable]:
    return (changes.tracker_for(ctx.state), refs_for(ctx.state),
            idtable.ids_for(ctx.state))


def _closed(session: Any) -> None:
    """A leaving client's tracker stops watching the app."""
    tracker = session.state.get(changes.STATE_KEY)
    if tracker is not None:
        tracker.stop()


async def prepare(ctx: Context) -> None:
    """Make sure the session has a baseline of the active window (GUI thread job). A
    baseline that cannot be taken (a window raised while it was read) is recorded as a
    fault, never the action's error: the report then says what it can."""
    tracker, table, ids = _tracker(ctx)
    ctx.on_close(_closed)
    try:
        await ctx.gui(faults.attempt, tracker.prepare, table, ids, ctx.baseline_seconds,
                      timeout=REPORT_TIMEOUT)
    except QtError as exc:
        if exc.name != "APP_BUSY":
            raise


async def take(ctx: Context) -> changes.Report:
    """The change report since the baseline; the state now becomes the baseline.
    The action has run: a report that cannot be made says so, it never fails the action."""
    tracker, table, ids = _tracker(ctx)
    try:
        report = await ctx.gui(faults.attempt, tracker.report, table, ids,
                               timeout=REPORT_TIMEOUT)
    except QtError as exc:
        if exc.name != "APP_BUSY":
            raise
        return changes.Report(["changes unknown: the app is busy (its GUI thread did not "
                               "answer)"])
    if isinstance(report, faults.Failed):
        return changes.Report([f"changes unknown: the change report failed "
                               f"({report.reason}); the action ran: read the page to see "
                               "what it did"])
    return report


def remember(state: dict[str, Any], window: Any, records: list[Any]) -> None:
    """A whole-window read: its records are what the agent knows of it now (GUI thread)."""
    changes.tracker_for(state).remember(window, records, idtable.ids_for(state))


def with_changes(result: Any, report: changes.Report) -> Any:
    """``result`` with ``changes``: a dict (or a Meta's dict) gets the key, else it is
    wrapped; the envelope's meta says how the report read the page (``changesRead``:
    "part", only around what changed, or "whole")."""
    if isinstance(result, Meta):
        return Meta(_with_text(result.value, report.text),
                    **{**result.extra, "changesRead": report.read})
    return Meta(_with_text(result, report.text), changesRead=report.read)


def _with_text(result: Any, text: str) -> Any:
    if isinstance(result, dict):
        if result.get("unread") and all(line.startswith("* focus") for line in
                                        text.splitlines() if line != changes.NO_CHANGE):
            # nothing read changed, but the element's drawn content is not read: say so
            text = f"{changes.NO_CHANGE} in what is read; {result['unread']}" \
                if text == changes.NO_CHANGE else f"{text}\n{result['unread']}"
        return {**result, "changes": text}
    return {"result": result, "changes": text}


def nested() -> bool:
    """Whether an action that reports is running around this code (same task)."""
    return _REPORTING.get()


def reports_changes(skip: Callable[[dict[str, Any]], bool] | None = None
                    ) -> Callable[[Callable[..., Any]], Action]:
    """Decorate an action method: it gets ``report_changes`` and a ``changes`` result.

    ``skip(kwargs)`` says for which calls a report makes no sense (a screenshot).
    """

    def wrap(func: Callable[..., Any]) -> Action:
        sig = inspect.signature(func)
        param = inspect.Parameter(PARAM, inspect.Parameter.KEYWORD_ONLY, default=True,
                                  annotation=ReportChanges)
        is_async = inspect.iscoroutinefunction(func)

        @functools.wraps(func)
        async def action(**kwargs: Any) -> Any:
            wanted = kwargs.pop(PARAM, True)
            ctx: Context = kwargs["ctx"]
            run = (lambda: func(**kwargs)) if is_async else \
                (lambda: ctx.gui(lambda: func(**kwargs)))
            if not wanted or _REPORTING.get() or (skip is not None and skip(kwargs)):
                return await run()
            token = _REPORTING.set(True)
            try:
                await prepare(ctx)
                try:
                    result = await run()
                except QtError as exc:  # steps may have run: say what changed
                    text = (await take(ctx)).text
                    if text != changes.NO_CHANGE:
                        exc.data["changes"] = text
                    raise
            finally:
                _REPORTING.reset(token)
            return with_changes(result, await take(ctx))

        action.__signature__ = sig.replace(  # pyright: ignore[reportAttributeAccessIssue]  # inspect reads the signature we give the wrapper
            parameters=[*sig.parameters.values(), param])
        action.__annotations__ = {**func.__annotations__, PARAM: ReportChanges}
        return action

    return wrap
