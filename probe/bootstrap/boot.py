"""The first Python a C++ Qt app runs: set up ``sys.path``, then arm the probe.

The shim (``shim/qtmcp_shim.c``) starts the interpreter on the app's GUI thread, either
inside the QCoreApplication constructor (launch) or wherever gdb stopped the main thread
(attach), and runs the boot file :mod:`probe.launcher.native` wrote, which calls
:func:`start`. Neither moment is a good one to touch the app, so ``start`` only imports
PySide6 (of exactly the app's Qt, from the prepared runtime) and arms a 0 ms timer:
``probe.install()`` runs in the app's event loop. The outcome goes to a status file, as
the Python attach does.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import site
import sys
from collections.abc import Callable
from typing import Any


def _reporter(path: str | None) -> Callable[[bool | None, str], None]:
    def done(ok: bool | None, text: str) -> None:
        if ok is False:
            print(f"qtmcp: the probe did not start: {text}", file=sys.stderr, flush=True)
        if path:
            # the attach that waits on it may have given up and removed its folder
            with contextlib.suppress(OSError), open(path, "w", encoding="utf-8") as fh:
                json.dump({"ok": ok, "text": text}, fh)
    return done


def _command_line() -> list[str]:
    try:
        with open("/proc/self/cmdline", "rb") as fh:
            return [a.decode(errors="replace") for a in fh.read().split(b"\0") if a]
    except OSError:
        return ["app"]


def _import_qtcore() -> Any:
    """``PySide6.QtCore``, with numpy hidden while shiboken starts: the app has no numpy
    of its own, and PySide6 6.4's shiboken, built for numpy 1, warns at numpy 2."""
    hidden = "numpy" not in sys.modules
    if hidden:
        sys.modules["numpy"] = None  # pyright: ignore[reportArgumentType]  # None there blocks the import, by design
    try:
        return importlib.import_module("PySide6.QtCore")
    finally:
        if hidden:
            sys.modules.pop("numpy", None)


def wake(qtcore: Any) -> None:
    """Wake the GUI thread's event loop, so the timer just armed fires now: gdb stopped the
    thread inside its poll, which otherwise sleeps on until the app's next event (an idle
    app: 20-30 s, most of what an attach took)."""
    dispatcher = qtcore.QAbstractEventDispatcher.instance()
    if dispatcher is not None:
        dispatcher.wakeUp()


def start(config: dict[str, Any]) -> None:
    """``config``: ``front`` (folders put first on sys.path: the runtime's PySide6 and
    qtmcp), ``site`` (qtmcp's site-packages, for websockets and orjson), ``options``
    (probe.install's), ``status`` (file for the outcome)."""
    done = _reporter(config.get("status"))
    try:
        os.environ.pop("PYTHONHOME", None)  # the shim's, for this interpreter only
        if not getattr(sys, "argv", None):
            sys.argv = _command_line()
        sys.path[:0] = [p for p in config["front"] if p not in sys.path]
        for folder in config.get("site", []):
            site.addsitedir(folder)
        qtcore = _import_qtcore()

        def install() -> None:
            try:
                import probe  # only now: sys.path above says which probe

                installed = probe.install(**config.get("options", {}))
                if installed is None:
                    done(False, probe.refusal() or "probe.install() refused")
                else:
                    done(True, installed.url)
            except BaseException as exc:  # noqa: BLE001 - said in the status, app lives
                done(False, f"probe.install() failed: {type(exc).__name__}: {exc}")

        qtcore.QTimer.singleShot(0, install)
        wake(qtcore)
        done(None, "scheduled")
    except BaseException as exc:  # noqa: BLE001 - the app must live on
        done(False, f"{type(exc).__name__}: {exc}")
