"""What a method receives as ``ctx``: its session and the few verbs of the probe it may use.

An api function never holds the probe (its executor, hub, dispatcher, gate): it gets a
:class:`Context` with the verbs it needs — run code on the GUI thread (``gui``, ``post``),
call another method as this client (``call``), read other methods' declarations, notify
clients, look at the connected sessions — and the session's own state, where its id and
ref tables live. Errors of these verbs reach the api as the app side's one error class
(``Hooks.app_error``), so api code raises and catches one class only.

The parts a context reaches are one :class:`Reach`, built once by the probe and handed
to the dispatcher, which makes a context per call.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from probe import protocol
from probe.protocol import RpcError
from probe.server.auth import INSPECTOR_ROLE, INSPECTOR_TOPICS
from probe.server.executor import GuiExecutor
from probe.server.freeze import FreezeWatch
from probe.server.gate import Gate
from probe.server.hooks import Hooks
from probe.server.options import Options
from probe.server.registry import Meta, MethodSpec, Registry
from probe.server.sessions import Farewells, Hub, Session
from probe.wire.qt_system import FreezeReport, Schema

__all__ = ["INSPECTOR_ROLE", "INSPECTOR_TOPICS", "Context", "Meta", "Outlet", "Reach"]

#: Runs one request as a session and returns its response object (the dispatcher's call).
CallRunner = Callable[[Session, protocol.Request], Awaitable[dict[str, Any]]]


@dataclass(frozen=True)
class Reach:
    """The parts of the probe a call's context may use, and nothing else."""

    registry: Registry
    executor: GuiExecutor
    hub: Hub
    gate: Gate
    freeze: FreezeWatch
    hooks: Hooks
    options: Options
    farewells: Farewells
    #: App-wide state of the api families (one per probe, shared by its sessions).
    shared: dict[str, Any]


class Outlet:
    """Publishing without a call (any thread): what api code started with the probe
    (``registry.on_start``) may do, such as the console's batches."""

    def __init__(self, hub: Hub) -> None:
        self._hub = hub

    def publish(self, topic: str, method: str, params: Mapping[str, Any]) -> None:
        """Send a notification to every subscriber of ``topic`` (any thread)."""
        self._hub.publish(topic, method, params)

    def has_subscribers(self, topic: str) -> bool:
        return bool(self._hub.subscribers(topic))

    def call_later(self, delay: float, fn: Callable[[], None]) -> bool:
        """Run ``fn`` on the transport thread after ``delay`` s (any thread); False when
        the probe has stopped."""
        loop = self._hub.loop
        try:
            loop.call_soon_threadsafe(loop.call_later, delay, fn)
        except RuntimeError:  # the loop is closed: the probe stopped
            return False
        return True


class Context:
    """The call's context. Safe to read on any thread; ``gui`` is for async methods."""

    def __init__(self, reach: Reach, run: CallRunner, session: Session, method: str,
                 request_id: int | str | None) -> None:
        self._reach = reach
        self._run = run
        self.session = session
        self.method = method
        self.request_id = request_id

    # ------------------------------------------------------------------ the session

    @property
    def state(self) -> dict[str, Any]:
        """Per-session storage (ids, refs, subscriptions of this client)."""
        return self.session.state

    @property
    def shared(self) -> dict[str, Any]:
        """App-wide storage of the api families (one per probe: the human's selection)."""
        return self._reach.shared

    def on_close(self, hook: Callable[[Session], object]) -> None:
        """Run ``hook(session)`` on the GUI thread whenever a client leaves; a hook given
        again is kept once (give a module-level function, not a new lambda each call)."""
        self._reach.farewells.add(hook)

    # ------------------------------------------------------------------ the GUI thread

    async def gui(self, fn: Callable[..., Any], *args: Any, timeout: float | None = None,
                  **kwargs: Any) -> Any:
        """Run ``fn(*args, **kwargs)`` on the GUI thread and return its result (APP_BUSY
        when the thread does not take it within ``timeout``, default the call timeout)."""
        try:
            return await self._reach.executor.run(lambda: fn(*args, **kwargs), timeout)
        except RpcError as exc:
            raise self._app_error(exc) from None

    def post(self, fn: Callable[[], Any], on_nested: Callable[[], object] | None = None,
             on_done: Callable[[bool, Any], None] | None = None) -> None:
        """Queue ``fn`` as a GUI job without waiting; ``on_nested`` runs (GUI thread) if it
        enters a dialog's or menu's own event loop, ``on_done(ok, result or exception)``
        when it ends (GUI thread; the exception without its frames' locals)."""
        self._reach.executor.post(fn, on_nested, on_done)

    @property
    def call_timeout(self) -> float:
        """Seconds a call may wait for the GUI thread (the probe's ``call_timeout``)."""
        return self._reach.executor.default_timeout

    def freeze_report(self) -> FreezeReport:
        """How long the GUI thread has been blocked and what it runs (any thread)."""
        return self._reach.executor.freeze_report()

    # ------------------------------------------------------------------ other methods

    async def call(self, name: str, params: dict[str, Any]) -> Meta[Any]:
        """Run another method as this client, as if it had called it (validated, held by
        the gate, mirrored in the traffic log); its error is raised as the app's error."""
        req = protocol.Request(name, params, f"{self.request_id}:{name}")
        reply = await self._run(self.session, req)
        if "error" in reply:
            err = reply["error"]
            data = dict(err.get("data") or {})
            ename, hint = data.pop("name", "INTERNAL_ERROR"), data.pop("hint", None)
            if ename not in protocol.ERRORS:
                ename = "INTERNAL_ERROR"
            raise self._app_error(RpcError(ename, err.get("message"), hint=hint, **data))
        envelope = reply["result"]
        extra = {k: v for k, v in envelope.get("meta", {}).items() if k != "durationMs"}
        return Meta(envelope["result"], **extra)

    def bind(self, name: str, params: dict[str, Any]) -> dict[str, Any]:
        """``params`` checked against method ``name``'s declaration, defaults filled in
        (INVALID_PARAMS as the app's error, naming what is wrong)."""
        spec = self._reach.registry.get(name)
        if spec is None:
            raise self._app_error(RpcError("METHOD_NOT_FOUND", f"No method named '{name}'"))
        try:
            return spec.bind(params)
        except RpcError as exc:
            raise self._app_error(exc) from None

    def spec(self, name: str) -> MethodSpec | None:
        """The declaration of method ``name`` (None: this probe has no such method)."""
        return self._reach.registry.get(name)

    def method_names(self) -> list[str]:
        """Every method this probe has."""
        return list(self._reach.registry.methods)

    def schema(self) -> Schema:
        """Every method's description (``qt.schema``)."""
        return self._reach.registry.schema()

    @property
    def topics(self) -> dict[str, str]:
        """Every notification topic and what it carries."""
        return self._reach.registry.topics

    @property
    def baseline_seconds(self) -> float:
        """The probe's ``baseline_seconds`` option: the age past which a change report
        no longer lists against what the agent was last told (core.a11y.changes)."""
        return self._reach.options.baseline_seconds

    @property
    def allow_eval(self) -> bool:
        """The probe's ``allow_eval`` option (qml.evaluate)."""
        return self._reach.options.allow_eval

    # ------------------------------------------------------------------ clients

    def notify(self, method: str, params: Mapping[str, Any], session_id: int | None = None
               ) -> None:
        """Send a notification to the calling client, or to ``session_id`` (any thread)."""
        self._reach.hub.notify(self.session.id if session_id is None else session_id,
                               method, params)

    def publish(self, topic: str, method: str, params: Mapping[str, Any]) -> None:
        """Send a notification to every subscriber of ``topic`` (any thread)."""
        self._reach.hub.publish(topic, method, params)

    def subscribers(self, topic: str) -> list[Session]:
        """The sessions subscribed to ``topic`` now."""
        for _ in range(3):  # the loop thread may add a session while the GUI thread looks
            try:
                return self._reach.hub.subscribers(topic)
            except RuntimeError:
                continue
        return []

    def sessions(self) -> list[Session]:
        """Every connected client's session."""
        return list(self._reach.hub.sessions.values())

    def session_by_id(self, session_id: int) -> Session | None:
        return self._reach.hub.sessions.get(session_id)

    @property
    def gate(self) -> Gate:
        """The approval gate (set, describe, decide, approve_client)."""
        return self._reach.gate

    def watch_freezes(self) -> None:
        """Start the freeze watch if someone subscribes to its topic."""
        self._reach.freeze.wake()

    # ------------------------------------------------------------------ errors

    @staticmethod
    def error_object(exc: Any) -> dict[str, Any]:
        """The JSON-RPC ``error`` member of an app error (as its caller would get it)."""
        return protocol.error_object(exc.name, exc.message, hint=exc.hint, **exc.data)

    def _app_error(self, exc: RpcError) -> Exception:
        return self._reach.hooks.app_error(exc.name, exc.message, exc.hint, exc.data)
