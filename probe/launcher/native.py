"""C++ Qt 6 apps: ``qtmcp launch ./app`` and ``qtmcp attach PID`` without Python in them.

Both find the app's Qt release (the ``libQt6Core`` it links or has loaded), take the
PySide6 of exactly that release from the prepared runtimes (``qtmcp runtime X``), write
a boot file (:mod:`probe.bootstrap.boot` with the paths and the probe's options), and let
the shim start Python on the app's GUI thread: preloaded for launch, loaded by gdb for
attach. The app's own Python is this one's (its libpython, its site-packages), so the
probe imports websockets and orjson from where qtmcp is installed.
"""

from __future__ import annotations

import json
import os
import shutil
import site
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from probe import discovery
from probe.bootstrap import qtrelease, runtime
from probe.launcher import shim

ROOT = str(Path(__file__).resolve().parent.parent.parent)
_ELF = b"\x7fELF"


class NativeError(RuntimeError):
    """A C++ app cannot get the probe; the message says what to run instead."""


def is_native(path: str | Path) -> bool:
    """An executable ELF file that is not a Python interpreter."""
    file = Path(path)
    try:
        with file.open("rb") as fh:
            magic = fh.read(4)
    except OSError:
        return False
    return magic == _ELF and "python" not in file.name


def _runtime_for(what: str, core: Path) -> Path:
    release = qtrelease.library_release(core)
    folder = runtime.find(release)
    if folder is None:
        raise NativeError(
            f"{what} runs Qt {release} ({core}); the probe joins it with PySide6 of exactly "
            f"that release, which is not prepared yet. Prepare it once (pip downloads "
            f"about 100 MB): {runtime.command(release)}")
    return folder


def write_boot(folder: Path, options: dict[str, Any], status: Path | None,
               where: Path | None = None) -> Path:
    """The boot file the shim runs in the app: paths first, then boot.start(config).

    It lives in ``where``, which the caller removes, or in a folder of its own (0700: the
    options may hold a token) that the boot removes as it starts, when the shim has read
    it: a launch leaves nothing behind (every launch of a C++ app left one)."""
    config = {"front": [str(folder), ROOT],
              "site": [p for p in site.getsitepackages() if Path(p).is_dir()],
              "options": {k: v for k, v in options.items() if v is not None},
              "status": str(status) if status else None}
    own = where is None
    where = where or Path(tempfile.mkdtemp(prefix="qtmcp-boot-"))
    boot = where / "boot.py"
    fd = os.open(boot, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        if own:
            fh.write(f"import shutil\nshutil.rmtree({str(where)!r}, ignore_errors=True)\n")
        fh.write(f"import sys\nsys.path.insert(0, {ROOT!r})\n"
                 "from probe.bootstrap import boot\n"
                 f"boot.start({config!r})\n")
    return boot


def launch_env(binary: str, options: dict[str, Any],
               env: dict[str, str] | None = None) -> dict[str, str]:
    """The environment that makes ``binary`` start with the probe (LD_PRELOAD the shim)."""
    core = qtrelease.linked_core(binary)
    if core is None:
        raise NativeError(f"{binary} is not a Qt 6 app: it links no libQt6Core (ldd)")
    folder = _runtime_for(binary, core)
    preload = str(shim.build())
    base = dict(os.environ if env is None else env)
    given = base.get("LD_PRELOAD", "")
    return {**base,
            "LD_PRELOAD": f"{preload}:{given}" if given else preload,
            "QTMCP_SHIM_BOOT": str(write_boot(folder, options, None)),
            "QTMCP_SHIM_PYTHON": str(shim.libpython()),
            "QTMCP_SHIM_HOME": sys.base_prefix}


def exec_app(binary: str, args: list[str], options: dict[str, Any]) -> None:
    """Become the app (``qtmcp launch ./app``): same pid, argv, exit code."""
    env = launch_env(binary, options)
    path = binary if os.sep in binary else (shutil.which(binary) or binary)
    os.execve(path, [binary, *args], env)


def _status(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def gdb_symbols() -> list[str]:
    """gdb options that read the symbols of only the libraries an attach calls into
    (dlopen/dlsym in libc, or libdl before glibc 2.34; Python's C API in libpython, else
    in the executable, whose symbols gdb always reads). Reading every library's symbols
    took most of gdb's time: 5.3 s against 2.5 s on the C++ Quick test app under load."""
    return ["-iex", "set auto-solib-add off",
            "-ex", r"sharedlibrary /libc\.so\|/libdl\.so\|/libpython"]  # gdb's regex: \|


def await_probe(pid: int, run: subprocess.CompletedProcess[str], status: Path, since: float,
                timeout: float, error: type[Exception], verb: str) -> discovery.ProbeInfo:
    """After gdb made process ``pid`` ``verb`` Python (its boot writes ``status``): the
    probe's discovery info once it serves, else ``error`` saying why (gdb's own words, a
    ptrace refusal with the way around it, the app's refusal, or a probe that did not come
    up within ``timeout`` seconds of ``since``)."""
    state = _status(status)
    if state is None:
        why = " / ".join((run.stderr or run.stdout).strip().splitlines()[-3:]) or \
            f"gdb exited with {run.returncode}"
        if "ptrace" in why.lower() or "not permitted" in why.lower():
            why += (" (ptrace is not allowed: run as the same user with "
                    "/proc/sys/kernel/yama/ptrace_scope at 0, or use `qtmcp launch`)")
        raise error(f"could not {verb} Python in process {pid}: {why}")
    while time.monotonic() - since < timeout:
        state = _status(status) or state
        if state["ok"] is False:
            raise error(f"process {pid}: {state['text']}")
        found = discovery.find(pid=pid)
        if found:
            return found[0]
        if not discovery.running(pid):
            raise error(f"process {pid} exited before its probe started (the probe was "
                        "scheduled on its event loop)")
        time.sleep(0.05)
    raise error(f"process {pid}: the probe was scheduled but did not start within "
                f"{timeout:g} s (is its event loop running, or is the app frozen?)")


def attach(pid: int, *, timeout: float, gdb: str, **options: Any) -> discovery.ProbeInfo:
    """Load the shim into running C++ app ``pid`` with gdb and start the probe there."""
    core = qtrelease.core_library(pid)
    if core is None:
        raise NativeError(f"process {pid} runs {os.path.realpath(f'/proc/{pid}/exe')}, "
                          "which has not loaded Qt 6 (no libQt6Core in its memory map)")
    folder = _runtime_for(f"process {pid}", core)
    library = shim.build()
    work = Path(tempfile.mkdtemp(prefix="qtmcp-attach-"))  # 0700: options may hold a token
    try:
        return _attach(pid, folder, library, work, timeout=timeout, gdb=gdb, **options)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _attach(pid: int, folder: Path, library: Path, work: Path, *, timeout: float, gdb: str,
            **options: Any) -> discovery.ProbeInfo:
    status = work / "status.json"
    boot = write_boot(folder, options, status, work)
    args = ", ".join(json.dumps(str(p)) for p in (shim.libpython(), sys.base_prefix, boot,
                                                  status))
    cmd = [gdb, "-p", str(pid), "-batch", "-nx", *gdb_symbols(), "-ex", "set confirm off",
           "-ex", f"call (void*)dlopen({json.dumps(str(library))}, 2)",
           "-ex", "call ((int(*)(const char*, const char*, const char*, const char*))"
                  f"dlsym($1, \"qtmcp_shim_attach\"))({args})",
           "-ex", "detach", "-ex", "quit"]
    started = time.monotonic()
    try:
        run = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise NativeError(f"gdb did not finish within {timeout:g} s") from None
    return await_probe(pid, run, status, started, timeout, NativeError, "start")
