"""qtmcp's probe: lets agents, scripts and the inspector see and drive a PySide6 app.

The two-line integration::

    import probe
    probe.install()

works before or after the QApplication exists. ``qtmcp launch app.py`` does the same
for an app you do not want to change.
"""

from __future__ import annotations

import sys
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from probe.server.probe import Probe

__all__ = ["install", "installed", "refusal", "uninstall"]
__version__ = "0.1.0"

_probe: Probe | None = None
_refusal: str | None = None
_lock = threading.Lock()


def install(app: Any = None, **options: Any) -> Probe | None:
    """Start the probe in this app and return it; a second call returns the same probe.

    In an app whose Qt is not PySide6's own (a PyQt6 or C++ app), the probe imports a
    PySide6 of exactly that Qt release: the one this Python imports, else a prepared one
    (``qtmcp runtime``). When there is none it does not start: it returns None, prints
    why and what to install (also :func:`refusal`), and the app goes on unharmed.

    Options (each also read from the environment): ``host`` (QTMCP_HOST, loopback only
    unless ``allow_remote``), ``port`` (QTMCP_PORT, 0 = any free port), ``token``
    (QTMCP_TOKEN, random by default), ``no_auth`` (QTMCP_NO_AUTH=1, loudly insecure),
    ``call_timeout`` (seconds a call may wait for the GUI thread), ``max_message``
    (bytes), ``max_queue_bytes`` (QTMCP_MAX_QUEUE_BYTES: notifications queued for one
    client that does not read, beyond which they are dropped and counted; 8 MiB),
    ``discovery`` (write the discovery file), ``quiet``, ``allow_eval``
    (QTMCP_ALLOW_EVAL=1: let clients run JavaScript with qml.evaluate; off by default),
    ``native_dialogs`` (QTMCP_NATIVE_DIALOGS=0: False makes file and message dialogs Qt's
    own, which an agent can read and answer; ``qtmcp launch`` / ``attach`` do so unless
    ``--native-dialogs``; True, the default here, leaves the app's choice),
    ``names_dir`` (QTMCP_NAMES_DIR: the one folder qt.names.load/save use; default
    ``qtmcp-names`` in the app's config folder), ``max_reply`` (QTMCP_MAX_REPLY: bytes of
    one answer, a batch's included; 32 MiB), ``connections`` (QTMCP_CONNECTIONS=0: do not
    watch the app's connects; qt.signals.connections then counts them without names).
    Call it on the GUI (main) thread. ``app`` is accepted for symmetry; the probe
    finds the QApplication itself, even one created later.
    """
    global _probe
    with _lock:
        if _probe is not None:
            return _probe
        if threading.current_thread() is not threading.main_thread():
            raise RuntimeError("probe.install() must be called on the GUI (main) thread")
        if "PySide6.QtCore" not in sys.modules:  # a PyQt6 or C++ app: match its Qt first
            # imported only here: a PySide6 app is spared ctypes and subprocess (2.5 MiB)
            from probe.bootstrap.qtrelease import prepare_import

            mismatch = prepare_import()  # before anything of ours imports PySide6
            if mismatch is not None:
                return _refuse(mismatch.message())
        from probe.core.import_check import answer_without_sources

        answer_without_sources()  # before the probe's own imports: PySide6 reads no source
        from probe.core.objects.spellings import keep_qt_names

        keep_qt_names()  # before the probe's own imports: a snake_case app's choice is not ours
        from probe.core.nowidgets import install_if_absent

        install_if_absent()  # a QGuiApplication C++ app: no Qt Widgets, before any import
        from probe.core.emitcheck import emit_loses_references

        unsafe = emit_loses_references()
        if unsafe is not None:
            return _refuse(unsafe)
        # Qt and the server load here, not when a client imports probe.client. The
        # methods load at the first call (_declare): most of the start-up cost (#41).
        from probe import api
        from probe.core import collector
        from probe.core.data import connect_watch
        from probe.core.errors import QtError
        from probe.core.objects import origin, spellings
        from probe.core.objects.foreign import hold_windows
        from probe.server.hooks import Hooks
        from probe.server.options import Options
        from probe.server.probe import Probe
        from probe.server.registry import REGISTRY

        names_dir = options.pop("names_dir", None)
        origins = options.pop("origins", None)
        if origins if origins is not None else origin.enabled_by_env():
            origin.start()  # before the app builds its windows: from here on, noted
        watch = options.pop("connections", None)
        if watch if watch is not None else connect_watch.enabled_by_env():
            connect_watch.start()  # the app's connects from here on are named
        api.declare_from_start()  # the console is captured from the start
        running = Probe(Options.from_env(**options), REGISTRY, Hooks(app_errors=(QtError,)))
        REGISTRY.defer(lambda: _declare(running, names_dir))
        _probe = running.start()
        holding = [True]

        def prelude() -> bool:
            """Before every GUI job: Python's collector kept on this thread while the
            probe serves (``probe.core.collector``: the server thread's allocations
            collected an app's window there, a segfault), and a C++ app's windows held
            (their wrappers kept) for as long as that is needed, and the app's
            snake_case overrides of Qt's methods named as the probe calls them
            (``probe.core.objects.spellings``)."""
            collector.keep_on_gui_thread()
            spellings.adopt()
            holding[0] = holding[0] and hold_windows()
            return True

        _probe.executor.prelude = prelude
        return _probe


def _declare(running: Probe, names_dir: str | None) -> None:
    """Every method, and what the server is handed with them, at the first call (a worker
    thread: importing runs no Qt code; the name files load as a GUI job queued before the
    call's own): the families and the core they use cost the demo ~300 ms of CPU and
    ~12 MiB when imported at start, paid by every app whether a client comes or not
    (#41)."""
    # imported here for that cost, not to dodge a circle: probe.api is imported above
    from probe import api
    from probe.api import _hooks
    from probe.api.qt_names import setup_names
    from probe.server.hooks import Hooks

    api.declare_all()
    running.use_hooks(Hooks(describe_target=_hooks.describe_target,
                            app_errors=running.hooks.app_errors,
                            describe_modal=_hooks.describe_modal,
                            known_failure=_hooks.known_failure, app_error=_hooks.app_error,
                            tally_faults=_hooks.tally_faults,
                            follow_application=_hooks.follow_application))
    running.executor.post(lambda: setup_names(names_dir))


def _refuse(why: str) -> None:
    """Say why the probe does not start (stderr and :func:`refusal`); the app goes on."""
    global _refusal
    _refusal = why
    print(f"qtmcp: not starting the probe: {why}", file=sys.stderr, flush=True)


def refusal() -> str | None:
    """Why :func:`install` did not start the probe (the Qt release, a PySide6 that would
    crash the app), or None."""
    return _refusal


def installed() -> Probe | None:
    """The running probe of this process, if any."""
    return _probe


def uninstall() -> None:
    """Stop the probe (clients get a clean close, the discovery file is removed)."""
    global _probe
    with _lock:
        if _probe is not None:
            _probe.stop()
            _probe = None
