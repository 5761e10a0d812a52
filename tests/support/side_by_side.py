"""One slow check run on several apps side by side, each app's test reporting its own run.

A seeded random run of 300 actions (tests/realapps/tasks.random_run) spends most of its
time waiting on the app: its replies, the timers an action starts, which the probe lets
run out before it answers (parametertree's app used 13 s of CPU in a 54 s run). The apps
of a module are separate processes, so their runs overlap: the first test of the
parametrized set starts the runs of every one of its selected cases in threads, and each
test waits on its own run's outcome and checks it (a skip or an error of an app's
fixture is that case's skip or error). The module's other tests use the same apps, so
they run before this set (file order) or after it: the fixture's end waits for every run.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

import pytest

T = TypeVar("T")


class Runs(Generic[T]):
    """The runs of one parametrized test, by its parameter's value."""

    def __init__(self) -> None:
        self._runs: dict[str, Future[tuple[Any, T]]] = {}
        self._failed: dict[str, BaseException] = {}

    def outcome(self, name: str) -> tuple[Any, T]:
        """``(the case's fixture value, what its run returned)``; re-raises the run's
        error, or the fixture's skip or error, in the test of that case."""
        if name in self._failed:
            raise self._failed[name]
        return self._runs[name].result()


def start(request: pytest.FixtureRequest, test: Callable[..., Any], param: str,
          run: Callable[[str, Any], T]) -> Iterator[Runs[T]]:
    """For a module fixture (``yield from``): ``run(name, value)`` for each case of
    ``test`` selected in this session, side by side, where ``name`` is the case's value of
    ``param`` and ``value`` that of the fixture so named."""
    names = [str(item.callspec.params[param]) for item in request.session.items
             if isinstance(item, pytest.Function) and item.function is test
             and hasattr(item, "callspec")]
    runs: Runs[T] = Runs()
    with ThreadPoolExecutor(max_workers=max(1, len(names)),
                            thread_name_prefix="side-by-side") as pool:
        for name in names:
            try:
                value = request.getfixturevalue(name)  # here: fixtures are not thread-safe
            except (Exception, pytest.skip.Exception,  # noqa: BLE001 - the case's own
                    pytest.fail.Exception) as exc:     # skip or error, raised in its test
                runs._failed[name] = exc
                continue

            def one(name: str = name, value: Any = value) -> tuple[Any, T]:
                return value, run(name, value)

            runs._runs[name] = pool.submit(one)
        yield runs
