"""The probe lives as long as the process (#37 item 5): an app that runs its event loop
twice (a login window, then the main window) and one that shuts its application down and
makes another keep one reachable probe, whose event filters and signal handling follow the
new application; SIGTERM and Ctrl+C end a launched app at any moment, start-up and the
time between two event loops included. The app is tests/apps/lifecycle_app.py."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from probe import discovery
from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support.app import ROOT, DemoApp, wait_until

APP = str(ROOT / "tests" / "apps" / "lifecycle_app.py")


def start(*flags: str, launch: bool = False) -> DemoApp:
    """The lifecycle app with the probe (``--probe``, or through ``qtmcp launch``)."""
    cmd = ([sys.executable, "-m", "probe.cli", "launch", APP, *flags] if launch
           else [sys.executable, APP, "--probe", *flags])
    proc = subprocess.Popen(cmd, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    try:
        return DemoApp(proc, wait_for_probe(proc.pid, timeout=60, proc=proc))
    except (RuntimeError, TimeoutError):
        proc.kill()
        raise


def line(app: DemoApp, text: str) -> None:
    app.expect_line(lambda got: got == text, timeout=60)


def field(qt: Client, name: str) -> list[dict[str, Any]]:
    return qt.call("qt.objects.find", {"name": name})["objects"]


def ended(app: DemoApp) -> int:
    """The app's exit code once it ended, its discovery file gone with it."""
    code = app.proc.wait(30)
    wait_until(lambda: not Path(app.info.path).exists(), what="the discovery file to go")
    return code


@pytest.mark.parametrize("remake", [False, True], ids=["loop-twice", "new-application"])
def test_one_reachable_probe_for_the_whole_process(remake: bool) -> None:
    app = start(*(["--remake"] if remake else []))
    try:
        line(app, "loop 1")
        first = app.client("first")
        assert field(first, "loginField")
        first.call("qt.events.start", {"types": ["KeyPress"]})
        events: list[dict[str, Any]] = []
        first.on("qt.events", lambda n: events.extend(n.params["events"]))
        app.send_command("next")
        line(app, "loop 2")
        (info,) = discovery.find(pid=app.pid)
        assert info.url == app.info.url, "a second probe, or a new port"
        second = app.client("second")
        assert field(second, "mainField") and not field(second, "loginField")
        assert first.call("qt.ping")["pong"] is True  # the first client was never dropped
        # the event monitor started under the first application watches the second one
        second.call("chr.type", {"text": "ab", "ref": _ref_of(second, "mainField")})
        wait_until(lambda: sum(e["type"] == "KeyPress" for e in events) >= 2,
                   what="key presses in the new application")
        assert first.call("qt.events.status")["filterInstalled"] is True
        app.send_command("end")
        line(app, "done")
        assert ended(app) == 0
    finally:
        app.stop()


def _ref_of(qt: Client, name: str) -> str:
    found = qt.call("chr.find", {"query": name})
    return found["matches"][0]["ref"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
@pytest.mark.parametrize("moment", ["--pause-before", "--pause-in-extension",
                                    "--pause-between", "--remake"])
def test_a_signal_ends_a_launched_app_at_any_moment(moment: str, sig: signal.Signals) -> None:
    """Before the first event loop runs, between two loops (no loop runs: nothing of Qt's
    can deliver the request), and in the loop of a new application; also when the exit
    the signal raised comes out of a C extension's call as another error (a SIGTERM while
    shiboken made a lazy class: 'SystemError: … returned a result with an exception
    set')."""
    app = start(moment, launch=True)
    try:
        if moment == "--pause-between":
            line(app, "loop 1")
            app.send_command("next")
        elif moment == "--remake":
            line(app, "loop 1")
            app.send_command("next")
            line(app, "loop 2")
        if moment != "--remake":
            line(app, "paused")
        app.proc.send_signal(sig)
        code = ended(app)
        assert code in ({0, -signal.SIGTERM, 128 + signal.SIGTERM} if sig == signal.SIGTERM
                        else {0, 130, -signal.SIGINT}), code
        err = "\n".join(app.stderr_lines)
        assert "Traceback" not in err and "Signal source has been deleted" not in err, err
    finally:
        app.stop()


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_a_signal_ends_a_launched_app_that_refuses_to_quit(sig: signal.Signals) -> None:
    """A launched app's window that ignores its close event and a thread that never ends
    (qtconsole, Vorta) refuse the quit a signal asks for: without the probe the signal ends
    the app at once, so after the grace it is ended as the signal would have, its file
    removed and the reason said (on main both ran on after SIGTERM until killed)."""
    app = start("--refuse-quit", launch=True)
    try:
        line(app, "loop 1")
        app.proc.send_signal(sig)
        code = ended(app)
        assert code == 128 + sig, code
        said = f"did not end within 3 s of {sig.name}"
        wait_until(lambda: any(said in got for got in app.stderr_lines),
                   what=f"the app's stderr to say '{said}'")
    finally:
        app.stop()


def test_sigterm_ends_an_app_that_made_a_new_application_and_removes_its_file() -> None:
    """An app with ``probe.install()`` (not launched) keeps SIGTERM's default meaning, with
    the discovery file removed first: also once its first application is gone, which
    takes every QObject of the probe's along (the relay that lets Python's handler run
    is made again)."""
    app = start("--remake")
    try:
        line(app, "loop 1")
        app.send_command("next")
        line(app, "loop 2")
        app.proc.send_signal(signal.SIGTERM)
        assert ended(app) == -signal.SIGTERM
    finally:
        app.stop()
