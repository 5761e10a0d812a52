"""An app in a Python that lacks qtmcp: another venv, another Python version. Launched
(``qtmcp launch /venv/bin/python app.py``) and attached (``qtmcp attach PID``), the probe
comes in through a folder prepared for that Python; where it cannot be prepared, the
answer names the one command that makes it work, and no traceback reaches the user.

The venvs get PySide6 without a download: a ``.pth`` names a folder holding links to this
venv's PySide6 and shiboken6 (abi3 wheels, any Python from 3.9 on)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from collections.abc import Iterator
from pathlib import Path

import pytest

from probe.client import Client
from probe.launcher.launch import wait_for_probe
from tests.support.app import ROOT, wait_until
from tests.support.chrome import read

FORM = ROOT / "tests" / "apps" / "form.py"
pytestmark = pytest.mark.timeout(600)


def _other_version() -> str | None:
    """A CPython 3.10+ of another minor version than this one (pyenv's, or on PATH)."""
    here = f"{sys.version_info[0]}.{sys.version_info[1]}"
    found = [shutil.which(f"python3.{m}") for m in range(10, 15)]
    pyenv = Path.home() / ".pyenv" / "versions"
    if pyenv.is_dir():
        found += [str(p / "bin" / "python3") for p in sorted(pyenv.iterdir())]
    for python in filter(None, found):
        if not os.access(python, os.X_OK):
            continue
        run = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
                             capture_output=True, text=True)
        version = run.stdout.strip()
        if run.returncode == 0 and version != here and \
                tuple(int(x) for x in version.split(".")) >= (3, 10):
            return python
    return None


def _venv(base: str, where: Path) -> Path:
    """A venv of ``base`` without qtmcp, whose PySide6 is this venv's (through a .pth)."""
    subprocess.run([base, "-m", "venv", str(where)], check=True, capture_output=True)
    shared = where / "pyside-links"
    shared.mkdir()
    site = Path(sysconfig.get_paths()["purelib"])
    for name in ("PySide6", "shiboken6"):
        (shared / name).symlink_to(site / name)
    python = where / "bin" / "python"
    purelib = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()"
                              "['purelib'])"], capture_output=True, text=True, check=True)
    Path(purelib.stdout.strip(), "pyside.pth").write_text(f"{shared}\n", encoding="utf-8")
    assert subprocess.run([str(python), "-c", "import probe"], cwd="/",
                          capture_output=True).returncode != 0  # it lacks qtmcp
    return python


@pytest.fixture(scope="module", params=["same-version", "other-version"])
def python(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = sys.executable if request.param == "same-version" else _other_version()
    if base is None:
        pytest.skip("no CPython 3.10+ of another minor version here (pyenv, python3.X)")
    return _venv(base, tmp_path_factory.mktemp(request.param) / "venv")


@pytest.fixture
def procs() -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)


def _env() -> dict[str, str]:
    return {**os.environ, "FORM_BINDING": "PySide6", "QT_QPA_PLATFORM": "offscreen"}


def _drive(pid: int, proc: subprocess.Popen[str]) -> str | None:
    """The probe answers and reads the form; its token."""
    info = wait_for_probe(pid, 60, proc)
    with Client.connect(info.url, info.token) as qt:
        assert 'button "Submit"' in read(qt)["text"]
        assert qt.call("qt.ping")["pong"] is True
    return info.token


def test_launch_into_a_python_without_qtmcp(python: Path, procs: list[subprocess.Popen[str]],
                                            tmp_path: Path) -> None:
    """With a token from a file: the other Python's command line (every user reads it)
    does not show it."""
    secret = "other-python-token-51"
    token = tmp_path / "token"
    token.write_text(secret + "\n")
    token.chmod(0o600)
    proc = subprocess.Popen([sys.executable, "-m", "probe.cli", "launch", "--token-file",
                             str(token), str(python), str(FORM)], cwd=ROOT, env=_env(),
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    procs.append(proc)
    assert _drive(proc.pid, proc) == secret
    assert secret.encode() not in Path(f"/proc/{proc.pid}/cmdline").read_bytes()


def test_attach_to_a_python_without_qtmcp(python: Path,
                                          procs: list[subprocess.Popen[str]]) -> None:
    if shutil.which("gdb") is None:
        pytest.fail("needs gdb") if os.environ.get("CI") else pytest.skip("needs gdb")
    proc = subprocess.Popen([str(python), str(FORM)], cwd=ROOT, env=_env(), text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    procs.append(proc)
    assert proc.stdout is not None
    wait_until(lambda: "ready" in (proc.stdout.readline() if proc.poll() is None else "ready"),
               60, "the app's ready line")
    run = subprocess.run([sys.executable, "-m", "probe.cli", "attach", str(proc.pid)],
                         cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr
    _drive(proc.pid, proc)


def test_a_python_that_cannot_have_the_probe_is_refused_with_the_command(
        python: Path, tmp_path: Path) -> None:
    """No index to install from (and not this Python's own packages to link): the launch
    is refused with the one command, no traceback, no app started."""
    same = subprocess.run([str(python), "-c", "import sys; print(sys.version_info[:2])"],
                          capture_output=True, text=True).stdout.strip() == \
        str(tuple(sys.version_info[:2]))
    if same:
        pytest.skip("this Python's own packages fit a venv of the same version: nothing "
                    "to download, nothing to refuse")
    env = {**_env(), "QTMCP_CACHE": str(tmp_path), "PIP_NO_INDEX": "1"}
    run = subprocess.run([sys.executable, "-m", "probe.cli", "launch", str(python), str(FORM)],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 2 and "Traceback" not in run.stderr + run.stdout, run.stderr
    assert f"{python} -m pip install " in run.stderr, run.stderr
