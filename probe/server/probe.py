"""The probe inside one app: it builds the server from its parts, starts and stops it,
writes the discovery file and leaves cleanly.

Who gets what (each part is handed only what it uses)::

    executor (GUI thread)   hub (server thread's loop)   farewells (executor.post)
    gate(hub, farewells)    freeze(hub, executor)
    dispatcher(Reach: registry, executor, hub, gate, freeze, hooks, options, farewells)
    transport(options, tokens, hub, dispatcher, gate, farewells.session_closed)
    http routes(transport, dispatcher, executor, the app's name, start time)
    outlet(hub) for the api code started with the probe

The probe lasts as long as the process: an event loop that ends (an app may run another)
does not stop it, nor an application shut down and made anew (:mod:`probe.lifetime`);
it stops when the process exits (``atexit``) or a signal ends it.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import sys
import threading
import time
from collections.abc import Callable

from PySide6 import __version__ as pyside_version
from PySide6.QtCore import QCoreApplication, Qt, qVersion

from probe import discovery, protocol
from probe.server import auth, exitsignals, freeze, gate, http_routes, transport
from probe.server.context import Outlet, Reach
from probe.server.dispatch import Dispatcher
from probe.server.executor import GuiExecutor
from probe.server.hooks import Hooks
from probe.server.options import Options
from probe.server.registry import Registry
from probe.server.sessions import SERVER_TOPICS, Farewells, Hub
from probe.server.transport import Transport
from probe.wire.probe_gate import Changed, Held, Resolved
from probe.wire.probe_session import Dropped, SessionEvent, Traffic
from probe.wire.qt_system import Freeze

log = logging.getLogger("qtmcp.probe")
#: How long the first client's handshake waits for the GUI thread to import the transport's
#: library (s): long enough for an app's start-up code before its event loop runs, short
#: enough that a frozen app still lets a client in (clients give a handshake 10 s).
LIBRARY_WAIT = 5.0


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
        #: The client token (None with no_auth) and the inspector token, which gives a
        #: connection the inspector credential (the approval gate).
        self.tokens = auth.Tokens.new(options.token, options.no_auth)
        self.started = time.time()
        self.executor = GuiExecutor(options.call_timeout)
        self.hub = Hub(asyncio.new_event_loop())  # the server thread's loop
        self.farewells = Farewells(self.executor.post)
        self.gate = gate.Gate(self.hub, self.farewells.add)
        self.freeze = freeze.FreezeWatch(self.hub, self.executor)
        registry.topics.update({**SERVER_TOPICS, gate.TOPIC: gate.TOPIC_TEXT,
                                freeze.TOPIC: freeze.TOPIC_TEXT})
        registry.notification("probe.freeze", Freeze, freeze.TOPIC)
        registry.notification("probe.session", SessionEvent, "sessions")
        registry.notification("probe.traffic", Traffic, "traffic")
        registry.notification("probe.dropped", Dropped)
        registry.notification("probe.gate.pending", Held, gate.TOPIC)
        registry.notification("probe.gate.resolved", Resolved, gate.TOPIC)
        registry.notification("probe.gate.changed", Changed, gate.TOPIC)
        self.dispatcher = Dispatcher(Reach(
            registry=registry, executor=self.executor, hub=self.hub, gate=self.gate,
            freeze=self.freeze, hooks=self.hooks, options=options, farewells=self.farewells,
            shared={}), ready=self.api_ready)
        self.transport = Transport(options, self.tokens, self.hub, self.dispatcher, self.gate,
                                   self.farewells.session_closed, self._load_library)
        # GET /health, /schema, /tree, /screenshot.png
        http_routes.install(self.transport, self.dispatcher, self.executor,
                            lambda: self.info.app if self.info else None, self.started)
        self.info: discovery.ProbeInfo | None = None
        self._stopped = False
        self._lock = threading.Lock()
        #: How many of the registry's starters have started.
        self._started = 0

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
        self.executor.follower.on_application(self._on_application)
        self.executor.post(_first_job)  # meets the application as soon as a loop runs
        self._run_starters()
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

    async def api_ready(self) -> None:
        """Every method declared: the deferred declarations (:meth:`Registry.defer`) run
        at the first call that needs them, and the starters they added start then.

        They run as a GUI job: importing the families imports PySide6 modules and defines
        Qt classes, and beside the GUI thread's own PySide6 calls that is not known to be
        safe (a demo died with SIGSEGV in the suite, in its first call, while a worker
        thread imported them; not reproduced on demand). A GUI thread that does not take
        the job within the executor's time (an app building its windows, a frozen one)
        must not cost a client its connection (``probe.hello`` is among them): they run on
        a worker thread then, as before."""
        if self.registry.complete:
            return
        await self._on_gui_thread(self.registry.complete_now)
        self._run_starters()

    async def _load_library(self) -> None:
        """The transport's library, imported as a GUI job when the first client knocks
        (:func:`~probe.server.transport.load_library` says why). A GUI thread that has not
        taken it within :data:`LIBRARY_WAIT` (an app still starting, a frozen one) must not
        keep the client out: it is imported on a worker thread then."""
        await self._on_gui_thread(transport.load_library, LIBRARY_WAIT)

    async def _on_gui_thread(self, fn: Callable[[], object], wait: float | None = None
                             ) -> None:
        """``fn()`` as a GUI job, or on a worker thread if the GUI thread does not take
        it within ``wait`` (the executor's time by default)."""
        try:
            await self.executor.run(fn, wait)
        except protocol.RpcError as exc:
            if exc.name != "APP_BUSY":
                raise
            await asyncio.to_thread(fn)

    def use_hooks(self, hooks: Hooks) -> None:
        """The app side's hooks, once the methods are declared (they come with them)."""
        self.hooks = hooks
        self.dispatcher.use_hooks(hooks)
        # Every application met from now on: the first was met before any of the watchers
        # these hooks follow could be on.
        self.executor.follower.on_application(hooks.follow_application)

    def _run_starters(self) -> None:
        """Start the starters not started yet (each once, however many calls come first)."""
        outlet = Outlet(self.hub)
        while self._started < len(self.registry.starters):
            start = self.registry.starters[self._started]
            self._started += 1
            start(outlet)

    def _app_name(self) -> str:
        app = QCoreApplication.instance()
        name = app.applicationName() if app is not None else ""
        return name or os.path.basename(sys.argv[0] if sys.argv else "") or "python"

    def _write_discovery(self) -> None:
        if not self.options.discovery:
            return
        self.info = discovery.ProbeInfo(
            pid=os.getpid(), app=self._app_name(), url=self.url, port=self.transport.port,
            token=self.tokens.client, inspector_token=self.tokens.inspector,
            argv=list(sys.argv),
            qt=qVersion(), pyside=pyside_version, python=sys.version.split()[0],
            started=self.started, host=self.options.host)
        try:
            discovery.list_probes()  # removes the files of crashed or killed apps (tokens)
            discovery.write(self.info)
        except OSError as exc:  # a folder another user owns, a full disk: the app goes on
            self.info = None
            print(f"qtmcp: no discovery file, so `qtmcp ls` will not list this app: {exc}",
                  file=sys.__stderr__, flush=True)

    def _on_application(self, _app: QCoreApplication) -> None:
        """An application runs (the first, or a new one): the discovery file names it."""
        if self.info is not None and self.info.app != self._app_name():
            self._write_discovery()

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
        self.dispatcher.stopping = True
        self.executor.close()
        self._remove_discovery()
        self.transport.stop()


def _first_job() -> None:
    """Nothing: running it attaches the probe to the application (the executor's follower
    runs before every job)."""
