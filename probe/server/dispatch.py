"""Turn one incoming WebSocket message into responses, and mirror each call as traffic.

A request's path: :meth:`Dispatcher.handle` decodes the message and bounds the answers;
:meth:`Dispatcher.call` finds the method's declaration in the registry, validates the
params (``MethodSpec.bind``), lets the approval gate hold it, builds the call's
:class:`~probe.server.context.Context` and runs the api function, on the GUI thread
through the executor (``spec.gui``) or on this thread (async methods); then the answer
is mirrored to the traffic subscribers.
"""

from __future__ import annotations

import logging
import time
import traceback
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, cast

from probe import protocol
from probe.protocol import RpcError
from probe.server.context import Context, Reach
from probe.server.executor import NestedLoop
from probe.server.hooks import Hooks
from probe.server.registry import Meta, MethodSpec
from probe.server.sessions import Session
from probe.server.targets import Described

log = logging.getLogger("qtmcp.probe")

#: A call's result or params larger than this (encoded) is mirrored as a preview.
MIRROR_LIMIT = 32 * 1024
#: Key of ``session.state``: a dict of meta fields the running call's core code noted
#: (e.g. a ref resolved through identity); added to the response's meta and cleared.
CALL_NOTES = "call.notes"
#: Seconds the GUI thread may take to describe the dialog a call waits in (it runs inside
#: that dialog's loop, so it is quick unless the app is busy).
MODAL_TIMEOUT = 0.5


async def _nothing() -> None:
    """Nothing to declare: every method was declared at start."""


class Dispatcher:
    """Validates, runs and answers requests; one per probe, shared by all sessions.

    It reaches the registry, executor, hub, gate, hooks and options of :class:`Reach`,
    and hands that to each call's context."""

    def __init__(self, reach: Reach,
                 ready: Callable[[], Awaitable[None]] | None = None) -> None:
        self.reach = reach
        #: Declares what the registry deferred (:meth:`Registry.defer`) before a call
        self._ready = ready or _nothing
        self.registry = reach.registry
        self.executor = reach.executor
        self.hub = reach.hub
        self.gate = reach.gate
        self.hooks = reach.hooks
        self.options = reach.options
        #: Set when the app begins to quit: calls answer SHUTTING_DOWN.
        self.stopping = False
        self._seq = 0
        #: Calls that ended and wait to be mirrored (:meth:`mirror_pending`).
        self._unmirrored: list[tuple[Session, protocol.Request, dict[str, Any], float,
                                     dict[str, Any] | None]] = []

    async def ready(self) -> None:
        """Every method declared (what the registry deferred runs now, once)."""
        if not self.registry.complete:
            await self._ready()

    def use_hooks(self, hooks: Hooks) -> None:
        """The app side's hooks from now on (they come with the deferred methods)."""
        self.hooks = hooks
        self.reach = replace(self.reach, hooks=hooks)

    async def handle(self, session: Session, raw: str | bytes) -> str | None:
        """Answer one message (single or batch); None when nothing is owed (notifications).

        Each answer is encoded as soon as its call ends and counted against the reply
        bound: an answer over it becomes REPLY_TOO_LARGE, and once a batch's answers
        reach it, its remaining calls are not run but answered so (a few bytes of
        request never make the probe build gigabytes).
        """
        limit = self.options.max_message
        if len(raw) > limit:
            error = protocol.error_object("MESSAGE_TOO_LARGE", limit=limit, size=len(raw))
            return protocol.encode(protocol.failure(protocol.sniff_id(raw), error))
        incoming = protocol.decode(raw)
        bound = self.options.max_reply
        if not incoming.batch and bound > 0:  # one call: no parts to gather and join
            item = incoming.items[0]
            if isinstance(item, protocol.Invalid):
                return protocol.encode(protocol.failure(item.id, item.error))
            reply = await self.call(session, item)
            if item.is_notification:
                return None
            text = protocol.encode(reply)
            return text if len(text) <= bound else _too_large(item.id, bound, len(text), False)
        parts: list[str] = []
        size = 0
        for item in incoming.items:
            if isinstance(item, protocol.Invalid):
                text = protocol.encode(protocol.failure(item.id, item.error))
            elif size >= bound:
                if item.is_notification:
                    continue
                text = _too_large(item.id, bound, size, incoming.batch)
            else:
                reply = await self.call(session, item)
                if item.is_notification:
                    continue
                text = protocol.encode(reply)
                if size + len(text) > bound:
                    text = _too_large(item.id, bound, size + len(text), incoming.batch)
            size += len(text)
            parts.append(text)
        if not parts:
            return None
        return f"[{','.join(parts)}]" if incoming.batch else parts[0]

    def refuse(self, raw: str | bytes, name: str, message: str, **data: Any) -> str | None:
        """Answer every request of a message with one error, running none of them (the
        connection has too many calls); None when it holds only notifications."""
        error = protocol.error_object(name, message, **data)
        if len(raw) > self.options.max_message:
            return protocol.encode(protocol.failure(protocol.sniff_id(raw), error))
        fast = protocol.refused_ids(raw)
        if fast is not None:
            batch, ids = fast
            if not ids:
                return None
            answers = [protocol.failure(rid, error) for rid in ids]
            return protocol.encode(answers if batch else answers[0])
        incoming = protocol.decode(raw)
        replies = [protocol.failure(item.id, item.error if isinstance(item, protocol.Invalid)
                                    else error)
                   for item in incoming.items
                   if isinstance(item, protocol.Invalid) or not item.is_notification]
        if not replies:
            return None
        return protocol.encode(replies if incoming.batch else replies[0])

    async def call(self, session: Session, req: protocol.Request) -> dict[str, Any]:
        """Run one request and return its response object (also mirrored as traffic)."""
        start = time.perf_counter()
        session.calls += 1
        meta: dict[str, Any] = {}
        described: Described | None = None
        end_tally = self.hooks.tally_faults()  # elements it could not read, counted
        try:
            if self.stopping:
                raise RpcError("SHUTTING_DOWN", f"the app is quitting; {req.method} was not run")
            if not self.registry.complete:
                await self._ready()  # the first call: declare the rest
            spec = self.registry.get(req.method)
            if spec is None:
                raise RpcError("METHOD_NOT_FOUND", f"No method named '{req.method}'",
                               similar=self._similar(req.method))
            kwargs = spec.bind(req.params)
            if spec.changes_app(req.params) and not session.inspector:  # the gate may hold it
                held = await self.gate.admit(session, req.method, req.params)
                if held is not None:
                    meta["gate"] = held
            if spec.wants_ctx:
                kwargs["ctx"] = Context(self.reach, self.call, session, req.method, req.id)
            named = self._element_of(session, req, spec)
            described = None if named is None else Described(named[0])

            def describe() -> dict[str, Any] | None:
                assert named is not None
                return self._target_of(session, named[1])

            if spec.is_async or not spec.gui:
                if described is not None:  # run ahead of the call's own first GUI job
                    self.executor.ahead(lambda: described.fill(describe))
                value = await spec.func(**kwargs) if spec.is_async else spec.func(**kwargs)
            else:
                def job() -> Any:
                    if described is not None:  # in the call's job, before it acts
                        described.fill(describe)
                    return spec.func(**kwargs)
                value = await self.executor.run(job, spec.timeout)
            if isinstance(value, Meta):
                answer = cast(Meta[Any], value)
                meta.update(answer.extra)
                value = answer.value
            noted = session.state.get(CALL_NOTES)
            if noted:  # what core code noted (refs)
                meta.update(noted)
            meta["durationMs"] = round((time.perf_counter() - start) * 1000, 3)
            reply = protocol.success(req.id, value, meta)
        except NestedLoop:  # its code waits in a dialog's own event loop: say what opened
            value = {"pending": True, "modal": await self._modal(session)}
            meta["durationMs"] = round((time.perf_counter() - start) * 1000, 3)
            reply = protocol.success(req.id, value, meta)
        except RpcError as exc:
            reply = protocol.failure(req.id, exc.to_error())
        except Exception as exc:  # noqa: BLE001 - answered: its table row or INTERNAL_ERROR
            reply = protocol.failure(req.id, self._error_of(req, exc))
        counted = end_tally()
        if counted and "result" in reply:  # read in part: the answer says how much
            meta["faults"] = counted
        notes = session.state.get(CALL_NOTES)
        if notes:  # a failed call's notes must not reach the next call's meta
            notes.clear()
        if self.hub.subscribers("traffic"):  # published once the answer is on its way
            target = described.settle() if described is not None else None
            self._unmirrored.append(
                (session, req, reply, time.perf_counter() - start, target))
        return reply

    def mirror_pending(self) -> None:
        """Publish the traffic of the calls that ended since the last time (the transport
        calls it once it has sent an answer).

        Not a ``call_soon`` per call: that cost every call an extra turn of the loop,
        whose GIL hand-over with the GUI thread is what made an agent's ``qt.ping`` 1.3x
        dearer in the app's CPU while an inspector was subscribed (the mirror itself
        takes ~5 us)."""
        if not self._unmirrored:  # nobody subscribes to traffic (the common case)
            return
        pending, self._unmirrored = self._unmirrored, []
        for args in pending:
            try:
                self.mirror(*args)
            except Exception:  # the answer went; the log loses one line, not the call
                log.exception("qtmcp probe: a call could not be mirrored")

    def _error_of(self, req: protocol.Request, exc: Exception) -> dict[str, Any]:
        """An app-side error as its error-table row; anything else as INTERNAL_ERROR."""
        known = exc if isinstance(exc, self.hooks.app_errors) else \
            self.hooks.known_failure(exc)
        if known is not None:
            e: Any = known
            return protocol.error_object(e.name, e.message, hint=e.hint, **e.data)
        tail = traceback.format_exception(exc)[-3:]
        log.debug("internal error in %s", req.method, exc_info=True)
        return protocol.error_object(
            "INTERNAL_ERROR", detail=f"{type(exc).__name__}: {exc}"[:500],
            traceback="".join(tail)[-2000:])

    def _element_of(self, session: Session, req: protocol.Request, spec: MethodSpec
                    ) -> tuple[str, str] | None:
        """``(param, value)`` naming the element of a call whose traffic record should carry
        its stable handles: someone records traffic, the caller is no inspector, and the
        call changes the app or is a reading a replay checks (its declaration says which
        params name its element). None otherwise (no cost)."""
        if not spec.records_target or session.inspector:
            return None
        if not self.hub.subscribers("traffic"):
            return None
        return spec.element_of(req.params)

    def _target_of(self, session: Session, ident: str) -> dict[str, Any] | None:
        """Stable handles of the element ``ident`` names in ``session`` (GUI thread); None
        when it names nothing (the call itself reports that)."""
        try:
            return self.hooks.describe_target(session.state, ident)
        except Exception:  # a description must never fail the call
            log.debug("no target for %r", ident, exc_info=True)
            return None

    async def _modal(self, session: Session) -> dict[str, Any] | None:
        """The dialog or popup a call's GUI job is waiting in (asked inside its loop)."""
        try:
            return await self.executor.run(
                lambda: self.hooks.describe_modal(session.state, True), MODAL_TIMEOUT)
        except Exception:  # the answer must not fail for want of a description
            log.debug("no modal description", exc_info=True)
            return None

    def _similar(self, name: str) -> list[str]:
        import difflib

        names = list(self.registry.methods)
        close = difflib.get_close_matches(name, names, n=5, cutoff=0.5)
        prefix = name.rsplit(".", 1)[0] + "."
        return close or [n for n in names if n.startswith(prefix)][:10]

    def mirror(self, session: Session, req: protocol.Request, reply: dict[str, Any],
               seconds: float, target: dict[str, Any] | None = None) -> None:
        """Publish the finished call on the ``traffic`` topic (with the stable handles of
        its ``target`` element, when they were taken)."""
        if not self.hub.subscribers("traffic"):
            return
        self._seq += 1
        record: dict[str, Any] = {
            "seq": self._seq,
            "ts": time.time(),
            "client": {"id": session.id, "name": session.name, "role": session.role},
            "id": req.id,
            "method": req.method,
            "params": _preview(req.params),
            "notification": req.is_notification,
            "durationMs": round(seconds * 1000, 3),
            "ok": "error" not in reply,
        }
        spec = self.registry.get(req.method)
        if spec is not None:  # what the declaration says a replay needs to know
            if spec.changes_app(req.params):
                record["changesApp"] = True
            if not spec.replay.is_default(spec.changes):
                record["replay"] = spec.replay.describe()
        if target is not None:
            record["target"] = target
        if req.via is not None:
            record["via"] = _preview(req.via)
        if "error" in reply:
            record["error"] = reply["error"]
        else:
            record["result"] = _preview(reply["result"])
        self.hub.publish("traffic", "probe.traffic", record)


def _too_large(rid: int | str | None, bound: int, size: int, batch: bool) -> str:
    what = "This batch's answers would reach" if batch else "The answer has"
    return protocol.encode(protocol.failure(rid, protocol.error_object(
        "REPLY_TOO_LARGE", f"{what} {size} bytes, over the reply bound of {bound}",
        limit=bound, size=size)))


def _preview(value: Any) -> Any:
    """``value`` itself when small, else a marked, truncated text preview."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = protocol.encode(value)
    if len(text) <= MIRROR_LIMIT:
        return value
    return {"truncated": True, "size": len(text), "preview": text[:2000]}
