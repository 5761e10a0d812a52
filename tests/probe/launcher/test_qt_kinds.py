"""Every kind of Qt app through every entry path: PySide6 and PyQt6 apps with the probe
installed in the app, launched with ``qtmcp launch`` and attached with ``qtmcp attach``;
a C++ Qt 6 app (built with CMake against the system's Qt) launched and attached through
the shim. Each is driven through the same steps (formsteps.py) and checked in the app.
A Qt release without its PySide6 is refused with the exact command, and the app lives.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest

from probe import discovery
from probe.bootstrap import runtime
from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support import qtkinds
from tests.support.app import ROOT, wait_until
from tests.support.formsteps import STEPS, drive_form
from tests.support.prereq import need
from tests.support.quicksteps import STEPS as QUICK_STEPS
from tests.support.quicksteps import drive_quick_form

FORM = ROOT / "tests" / "apps" / "form.py"
#: Downloads and a CMake build may happen here when .ci/run did not prepare them.
pytestmark = pytest.mark.timeout(900)


def _need(what: str, why: str) -> NoReturn:
    """Skip, naming what to install; on CI (CI=true) fail instead: there it must run."""
    need(f"{what}: {why}")


@pytest.fixture(scope="module")
def pyqt6_path() -> Path:
    try:
        folder = qtkinds.pyqt6_dir()
        runtime.prepare(qtkinds.PYQT6_QT)
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        _need("PyQt6 and its PySide6 from PyPI", str(exc))
    return folder


@pytest.fixture(scope="module")
def cpp_binary() -> Path:
    try:
        binary = qtkinds.cpp_app()
        runtime.prepare(qtkinds.cpp_release(binary))
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        _need("a C++ toolchain and Qt 6 headers", str(exc))
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        _need("a C compiler", "apt-get install gcc")
    return binary


@pytest.fixture(scope="module")
def cpp_quick() -> dict[str, Path]:
    try:
        apps = qtkinds.cpp_quick_apps()
        runtime.prepare(qtkinds.cpp_release(apps["gui"]))
    except (qtkinds.Missing, runtime.PrepareError) as exc:
        _need("Qt Quick's development packages", str(exc))
    return apps


class App:
    """A started app process, its stdout lines and, once there, its probe."""

    def __init__(self, cmd: list[str], env: dict[str, str]) -> None:
        self.out = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env={**os.environ, **env},
                                     stdin=subprocess.DEVNULL, stdout=self.out,
                                     stderr=subprocess.STDOUT, text=True)
        self.started = time.monotonic()

    def output(self) -> str:
        self.out.seek(0)
        return self.out.read()

    def wait_line(self, text: str, timeout: float = 60.0) -> None:
        wait_until(lambda: text in self.output() or self.proc.poll() is not None, timeout,
                   f"{text!r} from the app")
        assert text in self.output(), self.output()

    def probe(self, timeout: float = 60.0) -> discovery.ProbeInfo:
        return wait_for_probe(self.proc.pid, timeout, self.proc)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.out.close()


@pytest.fixture
def apps() -> Iterator[list[App]]:
    started: list[App] = []
    yield started
    for app in started:
        app.stop()


def _start(apps: list[App], cmd: list[str], env: dict[str, str]) -> App:
    app = App(cmd, env)
    apps.append(app)
    return app


def _attach(app: App, env: dict[str, str] | None = None) -> discovery.ProbeInfo:
    app.wait_line("ready")
    run = subprocess.run([sys.executable, "-m", "probe.cli", "attach", str(app.proc.pid)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT,
                         env={**os.environ, **(env or {})})
    assert run.returncode == 0, run.stderr + app.output()
    return app.probe()


def _python_app(apps: list[App], binding: str, how: str, env: dict[str, str]
                ) -> discovery.ProbeInfo:
    env = {**env, "FORM_BINDING": binding}
    if how == "install":
        app = _start(apps, [sys.executable, str(FORM), "--install"], env)
        app.wait_line("probe: ws://")
        return app.probe()
    if how == "launch":
        return _start(apps, [sys.executable, "-m", "probe.cli", "launch", str(FORM)],
                      env).probe()
    return _attach(_start(apps, [sys.executable, str(FORM)], env))


def _drive(info: discovery.ProbeInfo, qt_release: str, named: bool = False) -> None:
    with Client.connect(info.url, info.token) as qt:
        assert qt.call("qt.version")["qt"] == qt_release
        _connections(qt, named)
        seen = drive_form(qt)
    assert set(seen) == set(STEPS)


def _connections(qt: Client, named: bool) -> None:
    """The submit button's clicked: named with its slot when the probe saw the app's
    connect (a PySide6 app launched with it), else counted unseen
    (installed or attached after it, PyQt6, C++): never an error."""
    got = qt.call("qt.signals.connections", {"objectId": "submitButton"})
    clicked = next(s for s in got["signals"] if s["signal"] == "clicked(bool)")
    assert clicked["named"] + clicked["unseen"] == clicked["receivers"] >= 1, got
    assert [r["slot"] for r in got["outbound"]] == (["Form.on_submit"] if named else []), got
    listing = qt.call("qt.actions.list", {})  # a widgets app: no QtQml, no QtQuick loaded
    assert listing["count"] == len(listing["actions"])


@pytest.mark.parametrize("how", ["install", "launch", "attach"])
def test_pyside6_app(how: str, apps: list[App]) -> None:
    if how == "attach" and shutil.which("gdb") is None:
        _need("gdb", "apt-get install gdb")
    from PySide6.QtCore import qVersion

    # in-app install and attach come after the form connected its button: counted unseen
    _drive(_python_app(apps, "PySide6", how, {}), qVersion(), named=how == "launch")


@pytest.mark.parametrize("how", ["install", "launch", "attach"])
def test_pyqt6_app(how: str, pyqt6_path: Path, apps: list[App]) -> None:
    """PyQt6's Qt is 6.11.2, the main venv's PySide6 another release: the probe takes the
    prepared PySide6 6.11.2 and binds to the Qt PyQt6 loaded."""
    if how == "attach" and shutil.which("gdb") is None:
        _need("gdb", "apt-get install gdb")
    info = _python_app(apps, "PyQt6", how, {"PYTHONPATH": str(pyqt6_path)})
    assert info.qt == qtkinds.PYQT6_QT and info.pyside.startswith(qtkinds.PYQT6_QT)
    _drive(info, qtkinds.PYQT6_QT)


@pytest.mark.parametrize("how", ["launch", "attach"])
def test_cpp_app(how: str, cpp_binary: Path, apps: list[App], tmp_path: Path) -> None:
    """Launched or attached; the boot file and status the launcher wrote in the temporary
    folder (its options may hold a token) are gone once the probe serves."""
    release = qtkinds.cpp_release(cpp_binary)
    temp = {"TMPDIR": str(tmp_path)}
    if how == "launch":
        info = _start(apps, [sys.executable, "-m", "probe.cli", "launch", str(cpp_binary)],
                      temp).probe()
    else:
        if shutil.which("gdb") is None:
            _need("gdb", "apt-get install gdb")
        info = _attach(_start(apps, [str(cpp_binary)], {}), temp)
    assert info.app == "cppform" and info.qt == release
    _drive(info, release)
    # (Qt makes runtime-$USER there when XDG_RUNTIME_DIR is unset: the app's own)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith("qtmcp")] == []


@pytest.mark.parametrize("how", ["launch", "attach"])
@pytest.mark.parametrize("kind", ["gui", "widgets"])
def test_cpp_quick_app(kind: str, how: str, cpp_quick: dict[str, Path], apps: list[App],
                       tmp_path: Path) -> None:
    """QML loaded by C++ (QQmlApplicationEngine), on QGuiApplication (no Qt Widgets in the
    process: the probe must start without them) and on QApplication: C++ objects reach
    PySide6 as their base classes, and Qt 6.4's controls have no roles until told."""
    binary = cpp_quick[kind]
    (tmp_path / "list.txt").write_text("x", encoding="utf-8")
    args = [str(binary), "", str(tmp_path)]
    if how == "launch":
        app = _start(apps, [sys.executable, "-m", "probe.cli", "launch", *args], {})
        info = app.probe()
    else:
        if shutil.which("gdb") is None:
            _need("gdb", "apt-get install gdb")
        app = _start(apps, args, {})
        info = _attach(app)
    assert info.app == "cppquick" and info.qt == qtkinds.cpp_release(binary)
    with Client.connect(info.url, info.token) as qt:
        seen = drive_quick_form(qt, str(tmp_path))
    assert set(seen) == set(QUICK_STEPS)
    assert "qtmcp: the probe did not start" not in app.output()


def test_a_release_without_its_pyside6_is_refused_and_the_app_lives(
        pyqt6_path: Path, cpp_binary: Path, apps: list[App], tmp_path: Path) -> None:
    bare = {"QTMCP_CACHE": str(tmp_path), "PYTHONPATH": str(pyqt6_path)}
    wanted = f"pip install 'PySide6-Essentials=={qtkinds.PYQT6_QT}.*'"
    # in the app, inside a PyQt slot: a message, no exception, the app goes on
    app = _start(apps, [sys.executable, str(FORM), "--install"], bare)
    app.wait_line("probe: refused")
    assert wanted in app.output() and f"qtmcp runtime {qtkinds.PYQT6_QT}" in app.output()
    assert app.proc.poll() is None and not discovery.find(pid=app.proc.pid)
    # launch: the app does not start half-probed; the reason and the command are said
    run = subprocess.run([sys.executable, "-m", "probe.cli", "launch", str(FORM)], cwd=ROOT,
                         env={**os.environ, **bare}, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode != 0 and wanted in run.stderr, run.stderr
    # a C++ app: nothing to pip install into it, so the one command is qtmcp runtime
    release = qtkinds.cpp_release(cpp_binary)
    run = subprocess.run([sys.executable, "-m", "probe.cli", "launch", str(cpp_binary)],
                         env={**os.environ, "QTMCP_CACHE": str(tmp_path)}, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 2 and f"qtmcp runtime {release}" in run.stderr, run.stderr


def _runtime(*args: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **({"QTMCP_CACHE": str(cache)} if cache else {})}
    return subprocess.run([sys.executable, "-m", "probe.cli", "runtime", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=120)


def test_qtmcp_runtime_lists_finds_and_refuses(cpp_binary: Path, tmp_path: Path) -> None:
    """What is prepared, the release a program needs, and bad input said plainly (no pip
    runs here: the C++ app's release is prepared by the fixture)."""
    release = qtkinds.cpp_release(cpp_binary)
    listed = _runtime()
    assert listed.returncode == 0 and f"{release}  {runtime.folder(release)}" in listed.stdout
    empty = _runtime(cache=tmp_path)
    assert empty.returncode == 0 and "no PySide6 prepared yet" in empty.stdout, empty.stdout
    found = _runtime(str(cpp_binary))
    assert found.returncode == 0, found.stderr
    assert f"PySide6 for Qt {release} already prepared" in found.stdout
    bad = _runtime("6.4")
    assert bad.returncode == 2 and "neither a Qt release" in bad.stderr, bad.stderr
    sleeper = subprocess.Popen(["sleep", "60"])
    try:
        plain = _runtime("--pid", str(sleeper.pid))
    finally:
        sleeper.kill()
        sleeper.wait()
    assert plain.returncode == 2 and "uses no Qt 6" in plain.stderr, plain.stderr
