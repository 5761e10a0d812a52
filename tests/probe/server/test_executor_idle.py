"""What the executor costs an app between jobs, and what it still notices (in-process).

The GUI thread goes idle after every event it handles; a Python slot on the dispatcher's
``aboutToBlock`` ran each time, in every app, though only a running job can be parked in
a nested loop (#41). The deadlines of waiting jobs share one timer of the loop.
"""

from __future__ import annotations

import asyncio
import concurrent.futures

import pytest
from PySide6.QtCore import QEventLoop, QTimer
from pytestqt.qtbot import QtBot

from probe.protocol import RpcError
from probe.server.executor import GuiExecutor, NestedLoop


class _Counting(GuiExecutor):
    """Counts the dispatcher's idle signals that reach the executor's Python."""

    def __init__(self) -> None:
        super().__init__()
        self.idle_calls = 0

    def _about_to_block(self) -> None:
        self.idle_calls += 1
        super()._about_to_block()


def test_an_idle_gui_thread_runs_no_python_of_the_executor(
        qtbot: QtBot, loop: asyncio.AbstractEventLoop) -> None:
    executor = _Counting()
    first = asyncio.run_coroutine_threadsafe(executor.run(lambda: 1, 5), loop)
    qtbot.waitUntil(first.done, timeout=5000)
    assert first.result() == 1
    before = executor.idle_calls
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(1)
    qtbot.waitUntil(lambda: len(ticks) >= 20, timeout=5000)  # 20 times idle, at least
    timer.stop()
    assert executor.idle_calls == before, "the idle GUI thread ran the executor's slot"


def test_a_job_in_a_nested_loop_is_still_told_at_once(
        qtbot: QtBot, loop: asyncio.AbstractEventLoop) -> None:
    """The job's own loop ends only once its caller was told (or after 10 s)."""
    executor = _Counting()
    told: list[bool] = []
    futures: list[concurrent.futures.Future[object]] = []

    def job() -> str:
        nested = QEventLoop()
        watch = QTimer()

        def check() -> None:
            if futures[0].done():
                told.append(True)
                nested.quit()

        watch.timeout.connect(check)
        watch.start(1)
        QTimer.singleShot(10_000, nested.quit)
        nested.exec()
        watch.stop()
        return "after"

    futures.append(asyncio.run_coroutine_threadsafe(executor.run(job, 30), loop))
    qtbot.waitUntil(futures[0].done, timeout=15_000)
    assert told, "the caller was not told while the job waited in its nested loop"
    assert isinstance(futures[0].exception(), NestedLoop)
    assert executor.idle_calls > 0
    # the job has ended: idle again, the relay is blocked
    after = executor.idle_calls
    qtbot.wait(20)
    assert executor.idle_calls == after


def test_a_shorter_deadline_after_a_longer_one_expires_first(
        qtbot: QtBot, loop: asyncio.AbstractEventLoop) -> None:
    """Both wait while the GUI thread (this test) is blocked: the job given 0.05 s is told
    APP_BUSY though a job with a longer deadline came first, which then runs."""
    executor = GuiExecutor()
    long = asyncio.run_coroutine_threadsafe(executor.run(lambda: "long", 30), loop)
    short = asyncio.run_coroutine_threadsafe(executor.run(lambda: "short", 0.05), loop)
    with pytest.raises(RpcError) as told:
        short.result(timeout=10)  # blocks the GUI thread: neither job can start
    assert told.value.name == "APP_BUSY"
    assert not long.done()
    qtbot.waitUntil(long.done, timeout=5000)
    assert long.result() == "long"
