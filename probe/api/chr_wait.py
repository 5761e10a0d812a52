"""chr.waitFor: wait for a text to show or to go away, answered with what changed.

Playwright's ``browser_wait_for`` (``text`` / ``textGone``) for a Qt app: the texts are
the names and values an agent reads in chr.readPage, searched in every open window and
popup (or one window). The wait looks again when the app's UI changes (the same waker
as qt.wait, so nothing runs while no one waits) and at the latest every ``INTERVAL``;
the waits of a probe share one scan per change (``_waiting.Scans``).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, cast

from probe.api._changes import reports_changes
from probe.api._params import Timeout
from probe.api._waiting import Waiter
from probe.core.a11y import pagetext
from probe.core.a11y import windows as wins
from probe.core.errors import QtError
from probe.core.objects import idtable
from probe.server.context import Context
from probe.server.registry import P, Tool, method
from probe.wire.chr_wait import Waited

#: Longest pause between two looks (s) when the app sends no wake-up.
INTERVAL = 0.25
SearchText = Annotated[str | None, P("a part of a name or value, any case", minLength=1)]


def _texts(ctx: Context, tab_id: str | None) -> list[tuple[str, str]]:
    """What the searched windows show (GUI thread)."""
    window = wins.window_for(tab_id, idtable.ids_for(ctx.state)) if tab_id else None
    return pagetext.shown_texts(pagetext.searched_windows(window))


def _look(shown: list[tuple[str, str]], text: str | None, gone: str | None
          ) -> tuple[bool, dict[str, Any]]:
    """Whether the wait is over, and what was seen."""
    seen: dict[str, Any] = {}
    ok = True
    if text is not None:
        seen["text"] = pagetext.matches(text, shown)
        ok = bool(seen["text"])
    if gone is not None:
        seen["text_gone"] = pagetext.matches(gone, shown)
        ok = ok and not seen["text_gone"]
    return ok, seen


@method("chr.waitFor", gui=False, tool=Tool("wait_for", "chrome"))
@reports_changes()
async def wait_for(
    ctx: Context,
    text: SearchText = None,
    text_gone: SearchText = None,
    timeout: Timeout = 10.0,
    tabId: Annotated[str | None, P("only this window (tabId); default: every window and "
                                   "popup")] = None,
) -> Waited:
    """Wait until a text shows (text) or is gone (text_gone); then say what changed.

    TIMEOUT with data.lastObserved (the matching texts still there, or none) otherwise.
    """
    if text is None and text_gone is None:
        raise QtError("INVALID_PARAMS", "give 'text' (wait until it shows) or 'text_gone' "
                      "(wait until it is gone), or both", received={},
                      hint="e.g. {\"text\": \"Saved\"} or {\"text_gone\": \"Loading\"}")
    loop = asyncio.get_running_loop()
    start = loop.time()
    deadline = start + timeout
    async with Waiter(ctx) as waiter:
        while True:
            try:
                # every window: one scan per UI change shared by all waits; a tab's ids
                # are this client's own
                shown = await waiter.scans.get(
                    ctx, None if tabId is None else (id(ctx.state), tabId),
                    lambda: _texts(ctx, tabId), INTERVAL,
                    max(0.05, min(2.0, deadline - loop.time())))
                ok, seen = _look(shown, text, text_gone)
            except QtError as exc:
                if exc.name != "APP_BUSY":
                    raise
                ok, seen = False, {"busy": True}
            now = loop.time()
            if ok:
                return cast(Waited, {"ok": True, "waitedMs": round((now - start) * 1000), **seen})
            if now >= deadline:
                what = " and ".join(
                    ([f"{text!r} to show"] if text is not None else []) +
                    ([f"{text_gone!r} to go"] if text_gone is not None else []))
                raise QtError("TIMEOUT", f"waited {timeout:g} s for {what}",
                              timeout=timeout, lastObserved=seen,
                              hint="Read the page to see what it shows now, or wait "
                                    "longer (timeout).")
            await waiter.sleep(INTERVAL, deadline - now, now)
