"""Run an unmodified Qt app with the probe in it, and find probes that run.

``qtmcp launch app.py args`` runs the script as ``__main__`` in this very process, so the
app needs no change and its argv, exit code and exceptions are its own. The probe starts
the moment the app has imported its Qt binding (PySide6 or PyQt6), before it creates its
QApplication: only then is the app's Qt release known, and the probe's PySide6 must be
of exactly that release (:mod:`probe.bootstrap.qtrelease`). A C++ app (an ELF file) is
:mod:`probe.launcher.native`'s.
"""

from __future__ import annotations

import ctypes
import importlib.abc
import importlib.machinery
import importlib.util
import os
import runpy
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import probe
from probe import discovery, private

#: The modules whose import means the app's Qt is loaded.
BINDINGS = ("PySide6.QtCore", "PyQt6.QtCore")


def run_in_process(target: str, args: list[str], *, module: bool = False,
                   **options: Any) -> None:
    """Install the probe, then run ``target`` (a script path or, with module, a module).

    Ctrl+C and SIGTERM quit the app's event loop (:mod:`probe.launcher.interrupt`), so it
    ends as if its window closed: exit handlers run, the discovery file goes.
    """
    if module:
        try:
            found = importlib.util.find_spec(target)
        except (ImportError, ValueError):  # a parent package is missing, or a bad name
            found = None
        if found is None:
            raise SystemExit(f"qtmcp launch: no module named {target!r} for {sys.executable}"
                             " (is the app installed in this Python? a script: qtmcp "
                             "launch path/to/app.py)")
        sys.argv = [target, *args]
    else:
        path = Path(target)
        if not path.is_file():
            raise SystemExit(f"qtmcp launch: no such script: {target}")
        sys.argv = [str(path), *args]
        sys.path.insert(0, str(path.resolve().parent))
    install_when_qt_loads({k: v for k, v in options.items() if v is not None})
    try:
        if module:
            runpy.run_module(target, run_name="__main__", alter_sys=True)
        else:
            runpy.run_path(sys.argv[0], run_name="__main__")
    except (SystemExit, KeyboardInterrupt):
        raise
    except BaseException as exc:
        ending = signal_ending(exc)
        if ending is None:
            raise
        raise ending from None


def signal_ending(exc: BaseException) -> BaseException | None:
    """The SystemExit or KeyboardInterrupt a Ctrl+C or SIGTERM raised (marked by
    :mod:`probe.launcher.interrupt`) that ``exc`` was made from, if any.

    Raised inside a C extension's call into Python, the signal's exit can come out as
    another error: shiboken making a lazy class while SIGTERM came answered "SystemError:
    <built-in function getattr> returned a result with an exception set", and the app
    ended with that traceback instead of its exit code."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if getattr(cause, "qtmcp_signal", None) is not None:
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _start(options: dict[str, Any]) -> None:
    if probe.install(**options) is None:
        raise SystemExit(f"qtmcp launch: {probe.refusal()}")
    # Imported only now: it uses PySide6, which must not load before the app's Qt.
    from probe.launcher.interrupt import quit_on_signals

    quit_on_signals()


class _Loaded(importlib.abc.Loader):
    """The binding's own loader, then ``then()`` once the module is initialised."""

    def __init__(self, loader: importlib.abc.Loader, then: Callable[[], None]) -> None:
        self.loader, self.then = loader, then

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType | None:
        return self.loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self.loader.exec_module(module)
        self.then()


class _QtWatcher(importlib.abc.MetaPathFinder):
    """Finds nothing itself: hands the app's import of its binding's QtCore to the usual
    finders and wraps the loader they return, however the app imports it (a statement,
    ``importlib.import_module``, or another binding module's C code)."""

    def __init__(self, then: Callable[[], None]) -> None:
        self.then = then

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name not in BINDINGS:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loaded(spec.loader, self.then)
        return spec


def install_when_qt_loads(options: dict[str, Any]) -> None:
    """Start the probe as soon as the app has loaded its Qt binding's QtCore (or now, when
    one is loaded already), still inside that import. A refusal (no PySide6 of the app's
    Qt release) ends the app there, with the reason."""
    if any(name in sys.modules for name in BINDINGS):
        _start(options)
        return
    sys.meta_path.insert(0, _QtWatcher(lambda: _start(options)))


def _die_with_parent() -> Callable[[], None]:
    """What the child runs before exec: ask Linux to SIGTERM it when this process dies,
    and end at once if this process died already (before the request took hold it would
    never come: a Ctrl+C while ``qtmcp demo`` started its app left the app running).
    Everything it needs is made here, in the parent: a child forked from a process with
    threads must not import."""
    parent = os.getpid()
    try:
        prctl = ctypes.CDLL("libc.so.6", use_errno=True).prctl
    except OSError:
        return lambda: None

    def in_child() -> None:
        prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        if os.getppid() != parent:
            os._exit(1)

    return in_child


class LaunchError(RuntimeError):
    """No Python to run the target with (a frozen inspector has none of its own)."""


def interpreter_for(target: str, *, module: bool = False) -> str:
    """The Python that runs ``target`` with the probe.

    Normally this one. A frozen (PyInstaller) inspector's ``sys.executable`` is the
    inspector binary, not a Python, so it uses ``$QTMCP_PYTHON``, else the script's
    ``#!`` interpreter (the app's own venv), else ``python3``/``python`` on PATH — and
    checks that it can import the probe, so the user sees why instead of a dead child.
    """
    if not getattr(sys, "frozen", False):
        return sys.executable
    candidates = [os.environ.get("QTMCP_PYTHON") or ""]
    if not module:
        candidates.append(_shebang_python(Path(target)) or "")
    candidates += [shutil.which("python3") or "", shutil.which("python") or ""]
    tried: list[str] = []
    for python in dict.fromkeys(c for c in candidates if c):
        tried.append(python)
        if _imports_probe(python):
            return python
    raise LaunchError(
        "this inspector is a standalone build and has no Python of its own to run "
        f"{target}: none of {tried or ['python3 on PATH']} can import the qtmcp probe. "
        "Install qtmcp into the app's Python (pip install qtmcp) and put it on PATH, "
        "or set QTMCP_PYTHON=/path/to/python.")


def child_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for a child Python: without a frozen build's bundled library paths
    (PyInstaller points LD_LIBRARY_PATH and Qt's paths into its bundle; another
    PySide6 would load the wrong Qt)."""
    env = dict(os.environ)
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        for name in ("LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH"):
            original = env.pop(name + "_ORIG", None)
            if original is not None:
                env[name] = original
            elif bundle in env.get(name, ""):
                env.pop(name)
        for name in ("QT_PLUGIN_PATH", "QML2_IMPORT_PATH", "QML_IMPORT_PATH",
                     "QT_QPA_PLATFORM_PLUGIN_PATH"):
            if bundle in env.get(name, ""):
                env.pop(name)
    return {**env, **(extra or {})}


def _shebang_python(script: Path) -> str | None:
    """The interpreter named by the script's ``#!`` line, if it is a Python."""
    try:
        with script.open("rb") as fh:
            first = fh.readline(256).decode("utf-8", "replace").strip()
    except OSError:
        return None
    if not first.startswith("#!"):
        return None
    words = first[2:].split()
    if words and Path(words[0]).name == "env":
        words = [w for w in words[1:] if not w.startswith("-")]
        return shutil.which(words[0]) if words and "python" in words[0] else None
    return words[0] if words and "python" in Path(words[0]).name else None


def spawn(target: str, args: list[str] | None = None, *, module: bool = False,
          env: dict[str, str] | None = None, python: str | None = None,
          die_with_parent: bool = False, **popen: Any) -> subprocess.Popen[Any]:
    """Start ``target`` with the probe in a child process (``qtmcp launch`` under the hood).

    ``die_with_parent`` (Linux) ends the app when this process ends, however it ends,
    even while a Qt event loop keeps Python signal handlers from running.
    """
    if die_with_parent and sys.platform.startswith("linux"):
        popen.setdefault("preexec_fn", _die_with_parent())
    if python is not None:
        require_probe(python, target, module=module)
    cmd = [python or interpreter_for(target, module=module), "-m", "probe.cli", "launch"]
    cmd += ["-m", target] if module else [target]
    cmd += list(args or [])
    return subprocess.Popen(cmd, env=child_env(env), **popen)


def _imports_probe(python: str) -> bool:
    """Whether ``python`` can import qtmcp's probe (what an app run by it needs)."""
    try:
        return subprocess.run([python, "-c", "import probe.cli"], capture_output=True,
                              env=child_env(), timeout=30).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def require_probe(python: str, target: str, *, module: bool = False) -> None:
    """LaunchError with the exact way forward when ``python`` (the app's own interpreter)
    cannot import qtmcp: the app would die at once with "No module named 'probe'"."""
    if _imports_probe(python):
        return
    run = f"{'-m ' if module else ''}{target}"
    raise LaunchError(
        f"{python} cannot import qtmcp, which the probe needs inside the app. Either install "
        f"it into that environment: {python} -m pip install qtmcp  (from a checkout: "
        f"{python} -m pip install -e {Path(__file__).resolve().parents[2]}), or run the "
        f"app with qtmcp's Python: qtmcp mcp -- {sys.executable} {run}")


def wait_for_probe(pid: int, timeout: float = 20.0,
                   proc: subprocess.Popen[Any] | None = None) -> discovery.ProbeInfo:
    """Wait until the process ``pid`` has written its discovery file; return it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        # first: a child that died is a zombie whose pid still looks alive to discovery
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process {pid} exited with {proc.returncode} before its "
                               "probe started")
        found = discovery.find(pid=pid)
        if found:
            return found[0]
        time.sleep(0.05)
    raise TimeoutError(f"no probe from pid {pid} within {timeout} s (looked in "
                       f"{private.folder()})")


def parse_command(command: str | Sequence[str]) -> tuple[str, list[str], bool, str | None]:
    """``(target, args, is_module, python)`` of ``[python] [-m] target args``.

    A bare ``python``/``python3`` means this interpreter (the one qtmcp is installed
    in, so the probe imports); a path names that interpreter. ValueError when no script
    or module is given.
    """
    import shlex

    cmd = shlex.split(command) if isinstance(command, str) else list(command)
    python: str | None = None
    if cmd and Path(cmd[0]).name.startswith("python") and not cmd[0].endswith(".py"):
        first = cmd.pop(0)
        python = first if os.sep in first else None
    module = bool(cmd) and cmd[0] == "-m"
    if module:
        cmd.pop(0)
    if not cmd:
        raise ValueError(f"no script or module to start in {command!r} (give 'python app.py' "
                         "or 'python -m package.app')")
    return cmd[0], cmd[1:], module, python


def stop_app(proc: subprocess.Popen[Any], *, terminated: bool = False) -> None:
    """Stop an app we started: terminate (unless that was done already), then kill if it
    does not go."""
    if proc.poll() is not None:
        return
    if not terminated:
        proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)
