"""Shared fixtures: a real demo app with the probe, in a subprocess, and clients of it.

Tests talk to the app over a real WebSocket and check what happened in the app; the
helpers they share (starting apps, waiting on conditions, reading pages) live in
:mod:`tests.support`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from probe.client import Client
from probe.core import collector
from tests.support import wirecheck
from tests.support.app import RUNNING, USER_SETTINGS, DemoApp, start_demo

_WIRE: list[wirecheck.WireCheck] = []

# Every app the suites start checks each change report it reads in part against a whole
# read (probe/core/a11y/changes.py, CHECK_ENV): the suites that check reports' truth check
# the incremental read with it.
os.environ.setdefault("QTMCP_CHANGES_CHECK", "1")


@pytest.fixture(scope="module")
def demo() -> Iterator[DemoApp]:
    """One demo app (probe via install()) shared by a test module."""
    app = start_demo()
    yield app
    app.stop()


@pytest.fixture
def fresh_demo() -> Iterator[DemoApp]:
    """A demo app of a test's own, for tests that change or kill it."""
    app = start_demo()
    yield app
    app.stop()


@pytest.fixture(scope="module")
def qt(demo: DemoApp) -> Client:
    """A synchronous client connected to the module's demo app."""
    return demo.client()


@pytest.fixture(scope="module")
def qml_demo() -> Iterator[DemoApp]:
    """The QML demo app (probe via install()) shared by a test module."""
    app = start_demo(module="resources.qml_demo")
    yield app
    app.stop()


@pytest.fixture(scope="module")
def qq(qml_demo: DemoApp) -> Iterator[Client]:
    """A client of the module's QML demo app."""
    client = qml_demo.client()
    yield client
    client.close()


@pytest.fixture
def agent(demo: DemoApp) -> Iterator[Client]:
    """A client of the module's demo app with a session of its own, as an agent has: its own
    refs, ids and last-read page, closed after the test."""
    client = demo.client(name="pytest-agent", role="agent")
    yield client
    client.close()


@pytest.fixture(autouse=True)
def _collections_on_the_gui_thread(request: pytest.FixtureRequest) -> None:
    """A test with Qt in this process (``qapp``: probe/core's, the inspector's) runs
    beside pytest-xdist's receiver thread (execnet), which allocates and so runs Python's
    cyclic collector too: a test's window left in a reference cycle was freed on that
    thread, ``~QWidget`` beside the GUI thread's Qt (the class of the CI's segfault in
    test_labels_search). As the probe does in an app while it serves
    (``probe.core.collector``), collections then run on the GUI thread only, for the rest
    of this process."""
    if "qapp" in request.fixturenames:
        request.getfixturevalue("qapp")
        collector.keep_on_gui_thread()


@pytest.fixture(scope="session", autouse=True)
def _user_settings_untouched() -> Iterator[None]:
    """The whole run leaves the user's inspector settings byte-identical."""
    USER_SETTINGS.parent.mkdir(exist_ok=True)
    USER_SETTINGS.write_bytes(b"[window]\ngeometry=@ByteArray(mine)\n")
    before = USER_SETTINGS.read_bytes()
    yield
    assert USER_SETTINGS.read_bytes() == before, \
        f"the test run changed the user's settings file {USER_SETTINGS}"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[pytest.TestReport]:
    """A test that fails because an app it used died says how the app died: its exit code
    and the end of its stderr (faulthandler's traceback), in the test's report."""
    report: pytest.TestReport = yield
    if report.failed:
        for app in list(RUNNING):
            told = app.death()
            if told:
                report.sections.append(("app died", told))
    return report


@pytest.fixture(scope="session", autouse=True)
def _answers_as_declared(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every answer and notification this process's clients receive is checked against
    its method's declared type (tests/support/wirecheck.py): a test whose call gets an
    answer outside its declaration fails there; notifications are checked at the end."""
    with wirecheck.checking() as wc:
        _WIRE.append(wc)
        yield
    worker_output = getattr(request.config, "workeroutput", None)
    if worker_output is not None:  # a pytest-xdist worker: the controller prints it
        worker_output["wirecheck"] = wc.summary()
    assert not wc.failures, "answers outside their declarations:\n" + "\n".join(wc.failures)


#: The wire checks' summaries the pytest-xdist workers sent back when they ended.
_WORKER_SUMMARIES: list[str] = []


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: object) -> None:
    """A pytest-xdist worker ended: keep its wire check's summary for the terminal."""
    summary = getattr(node, "workeroutput", {}).get("wirecheck")
    if summary:
        _WORKER_SUMMARIES.append(f"[{node.gateway.id}] {summary}")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for wc in _WIRE:
        terminalreporter.write_line(wc.summary())
    for line in _WORKER_SUMMARIES:
        terminalreporter.write_line(line)
