"""A GUI job's failure reaches its caller without the job's local variables (in-process).

The transport thread keeps a failed job's exception while it answers (a change report is
taken meanwhile). Its traceback's frames held the job's locals, among them wrappers of what
Qt frees without telling shiboken (an element's accessible interface): such a wrapper
outlived its object, and the app died (issue #37). The exception still tells where it
was raised.
"""

from __future__ import annotations

import asyncio
import traceback
import weakref
from typing import Any

from pytestqt.qtbot import QtBot

from probe.server.executor import GuiExecutor


class _Held:
    """Stands for a wrapper a job's frame holds."""


def _failing_job(refs: list[weakref.ref[_Held]]) -> Any:
    def inner() -> None:
        held = _Held()
        refs.append(weakref.ref(held))
        raise ValueError("the app's element refused")
    return inner


def test_a_failed_job_keeps_none_of_its_locals(qtbot: QtBot,
                                                loop: asyncio.AbstractEventLoop) -> None:
    executor = GuiExecutor()
    refs: list[weakref.ref[_Held]] = []
    future = asyncio.run_coroutine_threadsafe(executor.run(_failing_job(refs), 5), loop)
    qtbot.waitUntil(future.done, timeout=5000)
    exc = future.exception()
    assert isinstance(exc, ValueError)
    assert refs and refs[0]() is None, "the caller's exception keeps the job's locals"
    told = "".join(traceback.format_exception(exc))
    assert "inner" in told and "the app's element refused" in told, told


def test_a_failed_posted_job_keeps_none_of_its_locals(qtbot: QtBot) -> None:
    """A delivery (``post`` with ``on_done``) the same: its failure is handed over bare."""
    executor = GuiExecutor()
    refs: list[weakref.ref[_Held]] = []
    got: list[tuple[bool, Any]] = []
    executor.post(_failing_job(refs), on_done=lambda ok, value: got.append((ok, value)))
    qtbot.waitUntil(lambda: bool(got), timeout=5000)
    ok, exc = got[0]
    assert not ok and isinstance(exc, ValueError)
    assert refs and refs[0]() is None, "the posted job's failure keeps its locals"
