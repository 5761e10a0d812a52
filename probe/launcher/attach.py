"""Put the probe into an already running Qt app, without restarting it.

A Python app (PySide6 or PyQt6), in any venv and Python version: the probe and its
packages for that Python come from a folder prepared for it (:mod:`.pythons`), put first
on its ``sys.path``. gdb stops the process, takes the GIL on the main thread
(``PyGILState_Ensure``) and runs a few lines of Python there. Those lines do not touch Qt
beyond arming a 0 ms single-shot timer with the app's own binding: ``probe.install()``
itself runs when the app's event loop resumes, on the GUI thread, inside ordinary event
processing (and in a PyQt6 app it first checks that a PySide6 of the app's Qt release is
at hand). A C++ app gets the same through the shim (:mod:`probe.launcher.native`). The
outcome is written to a status file, so every way this can fail is reported in words,
not guessed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

from probe import discovery
from probe.launcher import native, pythons

#: Runs inside the target with the GIL held; ``{...}`` are filled in by ``attach``.
_PAYLOAD = r'''
import json as _j, sys as _s
def _qtmcp_attach(status={status!r}, root={root!r}, options={options!r}):
    def done(ok, text):
        try:  # qtmcp attach removes the folder once it has its answer
            with open(status, "w") as fh:
                _j.dump({{"ok": ok, "text": text}}, fh)
        except OSError:
            pass
    try:
        if root not in _s.path:
            _s.path.insert(0, root)
        qtcore = _s.modules.get("PySide6.QtCore") or _s.modules.get("PyQt6.QtCore")
        if qtcore is None:
            return done(False, "the process has not imported PySide6 or PyQt6")
        if qtcore.QCoreApplication.instance() is None:
            return done(False, "the process has no QApplication yet")
        def install():
            try:
                import probe
                p = probe.install(**options)
                if p is None:
                    return done(False, probe.refusal())
                done(True, p.url)
            except BaseException as exc:
                done(False, "probe.install() failed: %s: %s" % (type(exc).__name__, exc))
        qtcore.QTimer.singleShot(0, install)
        wake = qtcore.QAbstractEventDispatcher.instance()  # poll sleeps on until woken
        if wake is not None:
            wake.wakeUp()
        done(None, "scheduled")
    except BaseException as exc:
        done(False, "%s: %s" % (type(exc).__name__, exc))
_qtmcp_attach()
del _qtmcp_attach
'''


class AttachError(RuntimeError):
    """The probe could not be put into the process; the message says why."""


def attach(pid: int, *, timeout: float = 30.0, gdb: str | None = None,
           **options: Any) -> discovery.ProbeInfo:
    """Inject the probe into process ``pid`` and return its discovery info."""
    already = discovery.find(pid=pid)
    if already:
        return already[0]
    if not discovery.pid_alive(pid):
        raise AttachError(f"no process {pid}")
    if not discovery.running(pid):
        raise AttachError(f"process {pid} has exited (its parent has not reaped it yet)")
    gdb = gdb or shutil.which("gdb")
    if gdb is None:
        raise AttachError("qtmcp attach needs gdb (apt-get install gdb), or start the app "
                          "with `qtmcp launch` instead")
    try:
        exe = os.readlink(f"/proc/{pid}/exe")
    except OSError as exc:
        raise AttachError(
            f"cannot read which program process {pid} runs ({exc.strerror or exc}): it "
            "belongs to another user, or is a kernel thread or gone. Attach to your own "
            "app, as the user who runs it") from None
    if "python" not in os.path.basename(exe):
        try:
            return native.attach(pid, timeout=timeout, gdb=gdb, **options)
        except (native.NativeError, RuntimeError, OSError) as exc:
            raise AttachError(str(exc)) from None
    try:  # the probe and its packages for that process's Python, whatever its venv
        root = str(pythons.prepare(exe))
    except pythons.PythonError as exc:
        raise AttachError(str(exc)) from None
    folder = Path(tempfile.mkdtemp(prefix="qtmcp-attach-"))  # 0700: options may hold a token
    try:
        return _run_payload(pid, folder, root, gdb, timeout, options)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _run_payload(pid: int, folder: Path, root: str, gdb: str, timeout: float,
                 options: dict[str, Any]) -> discovery.ProbeInfo:
    status = folder / "status.json"
    script = folder / "payload.py"
    fd = os.open(script, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(_PAYLOAD.format(status=str(status), root=root,
                                 options={k: v for k, v in options.items() if v is not None}))
    code = f"exec(open({str(script)!r}).read())"
    cmd = [gdb, "-p", str(pid), "-batch", "-nx", *native.gdb_symbols(),
           "-ex", "set confirm off",
           "-ex", "call (int)PyGILState_Ensure()",
           "-ex", f"call (int)PyRun_SimpleString({json.dumps(code)})",
           "-ex", "call (void)PyGILState_Release($1)",
           "-ex", "detach", "-ex", "quit"]
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise AttachError(f"gdb did not finish within {timeout:g} s") from None
    return native.await_probe(pid, run, status, time.monotonic(), timeout, AttachError,
                              "run")
