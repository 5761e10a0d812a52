"""The probe inside one app: options, server lifecycle, discovery file, clean exit."""

from __future__ import annotations

import atexit
import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, Qt, qVersion

from probe import discovery, protocol
from probe.server import auth, exitsignals, freeze, gate, http_routes
from probe.server.context import Outlet
from probe.server.dispatch import Dispatcher
from probe.server.executor import GuiExecutor
from probe.server.hooks import Hooks
from probe.server.registry import Registry
from probe.server.sessions import SERVER_TOPICS, Session
from probe.server.transport import Transport
from probe.wire.qt_system import Freeze

log = logging.getLogger("qtmcp.probe")


def _env_float(name: str, default: float) -> float:
    try:
        return float(os.environ.get(name, default))
    except ValueError:
        return default


@dataclass
class Options:
    """How a probe listens. Defaults are the safe ones; env vars fill what is not given."""

    host: str = "127.0.0.1"
    port: int = 0
    token: str | None = None
    no_auth: bool = False
    allow_remote: bool = False
    #: qml.evaluate runs arbitrary JavaScript in the app: off unless asked for.
    allow_eval: bool = False
    max_message: int = protocol.DEFAULT_MAX_MESSAGE
    max_reply: int = protocol.DEFAULT_MAX_REPLY
    max_queue_bytes: int = 8 * 1024 * 1024
    #: Answer bytes held for a client that has not read them, per connection and in all
    #: (server/outbox.py); past either, or stuck ``stall_seconds``, it is closed (1008).
    max_held_bytes: int = 64 * 1024 * 1024
    total_held_bytes: int = 128 * 1024 * 1024
    stall_seconds: float = 30.0
    call_timeout: float = 2.0
    #: A change report compares with what the agent was last told of a window, unless that
    #: is older than this: then with the window just before the action, the rest counted.
    baseline_seconds: float = 60.0
    discovery: bool = True
    quiet: bool = False
    #: False: the app's file, message, colour and font dialogs are Qt's own widgets (an
    #: agent reads and answers them) instead of the desktop's native ones it cannot see.
    native_dialogs: bool = True

    @classmethod
    def resolve(cls, **given: Any) -> Options:
        """Explicit arguments win, then QTMCP_* environment variables, then defaults."""
        env = os.environ
        values: dict[str, Any] = {
            "host": env.get("QTMCP_HOST", cls.host),
            "port": int(env.get("QTMCP_PORT", "0") or 0),
            "token": env.get("QTMCP_TOKEN") or None,
            "no_auth": env.get("QTMCP_NO_AUTH", "") == "1",
            "allow_remote": env.get("QTMCP_ALLOW_REMOTE", "") == "1",
            "allow_eval": env.get("QTMCP_ALLOW_EVAL", "").lower() in ("1", "true", "yes"),
            "call_timeout": _env_float("QTMCP_CALL_TIMEOUT", cls.call_timeout),
            "max_queue_bytes": int(env.get("QTMCP_MAX_QUEUE_BYTES", "0") or 0)
            or cls.max_queue_bytes,
            "max_reply": int(env.get("QTMCP_MAX_REPLY", "0") or 0) or cls.max_reply,
            "max_held_bytes": int(env.get("QTMCP_MAX_HELD_BYTES", "0") or 0)
            or cls.max_held_bytes,
            "total_held_bytes": int(env.get("QTMCP_TOTAL_HELD_BYTES", "0") or 0)
            or cls.total_held_bytes,
            "stall_seconds": _env_float("QTMCP_STALL_SECONDS", cls.stall_seconds),
            "baseline_seconds": _env_float("QTMCP_BASELINE_SECONDS", cls.baseline_seconds),
            "quiet": env.get("QTMCP_QUIET", "") == "1",
            "native_dialogs": env.get("QTMCP_NATIVE_DIALOGS", "").lower() not in ("0", "false",
                                                                               "no"),
        }
        values.update({k: v for k, v in given.items() if v is not None})
        return cls(**values)


class Probe:
    """One per app. Create and start it on the GUI thread (``probe.install`` does)."""

    def __init__(self, options: Options, registry: Registry, hooks: Hooks | None = None
                 ) -> None:
        if not auth.is_loopback(options.host) and not options.allow_remote:
            raise ValueError(
                f"qtmcp probe: refusing to listen on {options.host!r}; only loopback is "
                "allowed unless allow_remote=True (QTMCP_ALLOW_REMOTE=1)")
        self.options = options
        self.registry = registry
        self.hooks = hooks or Hooks()
        self.token: str | None = None if options.no_auth else (options.token or auth.new_token())
        #: Presented instead of ``token``, it gives a connection the inspector credential
        #: (the approval gate); always random, written only to the discovery file.
        self.inspector_token = auth.new_token()
        #: Set when the app begins to quit: calls answer SHUTTING_DOWN.
        self.stopping = False
        self.executor = GuiExecutor(options.call_timeout)
        self.transport = Transport(self)
        self.hub = self.transport.hub
        self._closed_hooks: list[Callable[[Session], object]] = []
        self.gate = gate.Gate(self.hub, self.on_session_closed)
        self.freeze = freeze.FreezeWatch(self.hub, self.executor)
        registry.topics.update({**SERVER_TOPICS, gate.TOPIC: gate.TOPIC_TEXT,
                                freeze.TOPIC: freeze.TOPIC_TEXT})
        registry.notification("probe.freeze", Freeze, freeze.TOPIC)
        #: App-wide state of the api families (one per probe, shared by its sessions).
        self.shared: dict[str, Any] = {}
        self.dispatcher = Dispatcher(self)
        http_routes.install(self)  # GET /health, /schema, /tree, /screenshot.png
        self.started = time.time()
        self.info: discovery.ProbeInfo | None = None
        self._stopped = False
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        host = self.options.host if self.options.host not in ("0.0.0.0", "::") else "127.0.0.1"
        return f"ws://{host}:{self.transport.port}"

    def start(self) -> Probe:
        if not self.options.native_dialogs:  # read when a dialog is made: any time will do
            QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs, True)
        self.transport.start()
        self._write_discovery()
        atexit.register(self.stop)
        if self.info is not None:
            exitsignals.install(self._remove_discovery)
        self.executor.post(self._on_event_loop)
        outlet = Outlet(self)
        for start in self.registry.starters:
            start(outlet)
        if self.options.no_auth:
            log.warning("qtmcp probe: token check is OFF (no_auth): any local process may "
                        "drive this app")
        if not auth.is_loopback(self.options.host):
            log.warning("qtmcp probe: listening on %s, reachable from other machines",
                        self.options.host)
        if not self.options.quiet:
            # The real stderr: this is the probe talking to the user, not app output
            # for the console capture.
            print(f"qtmcp: probe listening on {self.url} (pid {os.getpid()}); "
                  "connect with `qtmcp ls` / `qtmcp inspect`", file=sys.__stderr__, flush=True)
        return self

    def _app_name(self) -> str:
        app = QCoreApplication.instance()
        name = app.applicationName() if app is not None else ""
        return name or os.path.basename(sys.argv[0] if sys.argv else "") or "python"

    def _write_discovery(self) -> None:
        if not self.options.discovery:
            return
        self.info = discovery.ProbeInfo(
            pid=os.getpid(), app=self._app_name(), url=self.url, port=self.transport.port,
            token=self.token, inspector_token=self.inspector_token, argv=list(sys.argv),
            qt=qVersion(), pyside=pyside_version, python=sys.version.split()[0],
            started=self.started, host=self.options.host)
        discovery.list_probes()  # removes the files of crashed or killed apps (tokens)
        discovery.write(self.info)

    def _on_event_loop(self) -> None:
        """First job on the GUI thread: the app exists now; learn its name, watch its exit."""
        app = QCoreApplication.instance()
        if app is None:
            return
        if self.info is not None and self.info.app != self._app_name():
            self._write_discovery()
        app.aboutToQuit.connect(self.stop)
        exitsignals.watch()

    def on_session_closed(self, hook: Callable[[Session], object]) -> None:
        """Run ``hook(session)`` on the GUI thread whenever a client leaves (api modules
        drop its subscriptions); a hook given again is kept once."""
        if hook not in self._closed_hooks:
            self._closed_hooks.append(hook)

    def session_closed(self, session: Session) -> None:
        for hook in self._closed_hooks:
            self.executor.post(lambda hook=hook: hook(session))
        # then what the session held (ids, refs, its last read, change baselines) goes,
        # on the GUI thread where Qt wrappers may die, whoever still holds the session
        self.executor.post(session.state.clear)

    def _remove_discovery(self) -> None:
        if self.info is not None:
            discovery.remove(self.info.path)

    def stop(self) -> None:
        """Remove the discovery file, answer the calls still running SHUTTING_DOWN and
        close clients cleanly; safe to call twice."""
        with self._lock:
            if self._stopped:
                return
            self._stopped = True
        self.stopping = True
        self.executor.close()
        self._remove_discovery()
        self.transport.stop()
