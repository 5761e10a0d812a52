"""The method registry: each probe method is declared once, as a type-hinted function.

From that one declaration come parameter validation (INVALID_PARAMS with the expected
schema), the JSON Schema served by ``qt.schema`` and ``GET /schema``, the docs and the
MCP tool schemas. API modules write::

    @method("qt.properties.get")
    def get(ctx: Context, objectId: Annotated[str, P("path, #N or name")], name: str) -> Any:
        '''Read one property.'''

A parameter named ``ctx`` receives the call's :class:`Context` and is not part of the
schema. Plain functions run on the app's GUI thread; ``async def`` functions run on the
transport thread and reach Qt through ``ctx.gui(fn)``.
"""

from __future__ import annotations

import inspect
import threading
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Generic, Literal, TypeVar, cast

from probe.protocol import RpcError
from probe.wire import schema as wire_schema
from probe.wire._shared import Pending
from probe.wire.qt_system import (
    MethodDescription,
    NotificationDescription,
    ReplayFacts,
    Schema,
    ToolFacts,
)
from probe.wire.schema import SAFE_NUMBER, Doc, check

__all__ = ["SAFE_NUMBER", "Meta", "P", "Registry", "check", "method", "notification",
           "on_start", "schema_of", "topic"]

_MISSING = inspect.Parameter.empty
T = TypeVar("T")


class Meta(Generic[T]):
    """A result with extra ``meta`` fields: ``return Meta(value, truncated=True)``; a
    method returning one declares ``-> Meta[ItsResult]``."""

    __slots__ = ("extra", "value")

    def __init__(self, value: T, **extra: Any) -> None:
        self.value = value
        self.extra = extra


class P(Doc):
    """Parameter metadata inside ``Annotated``: a description and extra JSON Schema keys.

    ``aliases`` are older names the parameter is still accepted under (said in its
    description, not listed as properties of their own). ``element`` marks a parameter
    that names the element the call acts on or reads (an object id, a ref, a model): the
    traffic mirror records that element's stable handles and a replay fills it in.
    """

    def __init__(self, description: str, *, aliases: tuple[str, ...] = (),
                 element: bool = False, **schema: Any) -> None:
        super().__init__(description, **schema)
        self.aliases = aliases
        self.element = element

    def describe(self) -> str:
        if not self.aliases:
            return self.description
        return f"{self.description} (also accepted as " \
               f"{', '.join(repr(a) for a in self.aliases)})"


@dataclass
class Param:
    name: str
    schema: dict[str, Any]
    required: bool
    default: Any = None
    aliases: tuple[str, ...] = ()
    element: bool = False


@dataclass(frozen=True)
class Tool:
    """How the MCP server offers a method to agents.

    ``name`` is its tool in capability set ``caps`` (``qtmcp mcp --caps``); a method with
    no tool of its own may say how an agent reaches the same thing (``spoken``, e.g.
    ``"computer (left_click)"``), so a hint that names the method can name that instead.
    ``heavy`` results (pictures, long texts) may be written to a file (``save_to``).
    """

    name: str | None = None
    caps: str | None = None
    spoken: str | None = None
    heavy: bool = False

    def describe(self) -> ToolFacts:
        out: ToolFacts = {}
        if self.name:
            out["tool"] = self.name
        if self.caps:
            out["caps"] = self.caps
        if self.spoken:
            out["spoken"] = self.spoken
        if self.heavy:
            out["heavy"] = True
        return out


#: How a recorded call is replayed: ``run`` it again (comparing ``expect`` fields of its
#: answer), ``check`` what it read (:meth:`Replay.checks`), ``skip`` it
#: (``why``), or nothing at all (a reading a replay has no use for).
ReplayHow = Literal["run", "check", "skip", "none"]


@dataclass(frozen=True)
class Replay:
    """What a replay of a recorded session does with a call of this method."""

    how: ReplayHow
    check: str | None = None
    expect: tuple[str, ...] = ()
    why: str | None = None

    @classmethod
    def run(cls, *expect: str) -> Replay:
        """Run the call again; compare these fields of its answer with the recorded ones."""
        return cls("run", expect=expect)

    @classmethod
    def checks(cls, kind: Literal["property", "assert", "wait", "exists", "visible"]
               ) -> Replay:
        """A reading whose answer the replay waits for or asserts: a property's value, an
        assertion, a wait's condition, whether the element exists, whether it shows."""
        return cls("check", check=kind)

    @classmethod
    def skip(cls, why: str) -> Replay:
        """A call that changes the app but is no step of its own (``why``)."""
        return cls("skip", why=why)

    def is_default(self, changes: bool) -> bool:
        """Whether this is what a method gets without saying (run it when it changes the
        app, else nothing): the traffic mirror only records the others."""
        return self == Replay("run" if changes else "none")

    def describe(self) -> ReplayFacts:
        out: ReplayFacts = {"how": self.how}
        if self.check:
            out["check"] = self.check
        if self.expect:
            out["expect"] = list(self.expect)
        if self.why:
            out["why"] = self.why
        return out


@dataclass
class MethodSpec:
    """Everything known about one method, derived from its declaration."""

    name: str
    func: Callable[..., Any]
    params: list[Param]
    summary: str
    doc: str
    changes: bool
    gui: bool
    is_async: bool
    timeout: float | None
    wants_ctx: bool
    result_schema: dict[str, Any] = field(default_factory=dict)
    #: ``params -> True`` for the calls of a method that changes the app which only read
    #: (the computer tool's screenshot): the approval gate lets them pass.
    reads_if: Callable[[Any], bool] | None = None
    #: ``(ctx, params) -> undo`` run before a call of it inside qt.transaction, on the GUI
    #: thread: saves what the call will change; ``undo()`` sets it back. None: the
    #: transaction saves the writable properties of the call's element.
    saves: Callable[[Any, Any], Callable[[], Any]] | None = None
    #: The live view marks where a call of it acted (inspector).
    marks: bool = False
    replay: Replay = field(default_factory=lambda: Replay("none"))
    tool: Tool = field(default_factory=Tool)

    def changes_app(self, params: Any) -> bool:
        """Whether this call (with these params) changes the app."""
        return self.changes and not (self.reads_if is not None and self.reads_if(params))

    @property
    def element_params(self) -> tuple[str, ...]:
        """Parameters that name the element the call acts on or reads, in order."""
        return tuple(p.name for p in self.params if p.element)

    def element_of(self, params: Any) -> tuple[str, str] | None:
        """``(key, value)`` of the first element parameter given in ``params`` (under its
        name or an older alias); None when the call names no element."""
        if not isinstance(params, dict):
            return None
        given = cast(dict[str, Any], params)
        for p in self.params:
            if p.element:
                for key in (p.name, *p.aliases):
                    value = given.get(key)
                    if isinstance(value, str) and value:
                        return key, value
        return None

    @property
    def records_target(self) -> bool:
        """Whether a recorded call of it keeps its target's stable handles: it changes
        the app or is a reading that a replay checks."""
        return self.changes or self.replay.how == "check"

    @property
    def params_schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {p.name: p.schema for p in self.params},
            "required": [p.name for p in self.params if p.required],
            "additionalProperties": False,
        }

    def describe(self) -> MethodDescription:
        return {
            "name": self.name,
            "summary": self.summary,
            "description": self.doc,
            "changesApp": self.changes,
            "params": self.params_schema,
            "result": self.result_schema,
            "element": list(self.element_params),
            "marks": self.marks,
            "replay": self.replay.describe(),
            "mcp": self.tool.describe(),
        }

    def bind(self, params: dict[str, Any] | list[Any] | None) -> dict[str, Any]:
        """Validate ``params`` against the declaration; return keyword arguments."""
        if not params and not self.params:  # nothing declared, nothing given (qt.ping)
            return {}
        if params is None:
            params = {}
        if isinstance(params, list):
            if len(params) > len(self.params):
                raise self._invalid(params, [f"takes at most {len(self.params)} positional "
                                             f"params, got {len(params)}"])
            params = {p.name: v for p, v in zip(self.params, params)}
        problems: list[str] = []
        params = self._unalias(params, problems)
        known = {p.name for p in self.params}
        for key in params:
            if key not in known:
                names = ", ".join(sorted(known)) or "none"
                problems.append(f"unknown param '{key}' (known: {names})")
        kwargs: dict[str, Any] = {}
        for p in self.params:
            if p.name in params:
                problems.extend(check(params[p.name], p.schema, p.name))
                kwargs[p.name] = params[p.name]
            elif p.required:
                problems.append(f"missing required param '{p.name}'")
            else:
                kwargs[p.name] = p.default
        if problems:
            raise self._invalid(params, problems)
        return kwargs

    def _unalias(self, params: dict[str, Any], problems: list[str]) -> dict[str, Any]:
        """``params`` with each alias renamed to its parameter's name."""
        if not any(a in params for p in self.params for a in p.aliases):
            return params
        out = dict(params)
        for p in self.params:
            for alias in p.aliases:
                if alias not in out:
                    continue
                if p.name in out:
                    problems.append(f"'{alias}' is another name of '{p.name}': give one")
                out[p.name] = out.pop(alias)
        return out

    def _invalid(self, received: Any, problems: list[str]) -> RpcError:
        return RpcError(
            "INVALID_PARAMS", f"Invalid params for {self.name}: {'; '.join(problems[:5])}",
            expected=self.params_schema, received=received, problems=problems,
        )


# ------------------------------------------------------------------ type hints -> schema


def schema_of(hint: Any) -> dict[str, Any]:
    """JSON Schema of a parameter's type hint (with its ``P``: description, aliases)."""
    return wire_schema.schema_of(hint)


def aliases_of(hint: Any) -> tuple[str, ...]:
    """The older names a parameter's ``P`` accepts."""
    if typing.get_origin(hint) is not Annotated:
        return ()
    return tuple(a for m in typing.get_args(hint)[1:] if isinstance(m, P) for a in m.aliases)


def names_element(hint: Any) -> bool:
    """Whether a parameter's ``P`` marks it as naming the call's element."""
    if typing.get_origin(hint) is not Annotated:
        return False
    return any(m.element for m in typing.get_args(hint)[1:] if isinstance(m, P))


# ------------------------------------------------------------------------- registry


@dataclass(frozen=True)
class NotificationSpec:
    """A notification the probe sends: its method, the type of its params (a
    ``probe.wire`` type) and the topic a client subscribes to for it (None: it goes to
    the client that asked, e.g. its frame stream)."""

    method: str
    params: Any
    topic: str | None = None

    def describe(self) -> NotificationDescription:
        out: NotificationDescription = {"method": self.method,
                                        "params": wire_schema.schema_of(self.params)}
        if self.topic:
            out["topic"] = self.topic
        return out


class Registry:
    """Name -> MethodSpec, the notifications and their topics; the API modules fill it at
    import time, the probe adds the transport's own topics when it starts."""

    def __init__(self) -> None:
        self.methods: dict[str, MethodSpec] = {}
        #: notification method -> its declaration (``qt.schema`` lists them)
        self.notifications: dict[str, NotificationSpec] = {}
        #: topic -> what its notifications say (``probe.subscribe`` takes these).
        self.topics: dict[str, str] = {}
        #: Called once with the probe's :class:`~probe.server.context.Outlet` when it
        #: starts: api code that publishes without a call (the console) connects here.
        self.starters: list[Callable[[Any], None]] = []
        self._deferred: Callable[[], None] | None = None
        self._lock = threading.Lock()

    def defer(self, declare: Callable[[], None]) -> None:
        """Declare the remaining methods by ``declare()`` when a call first needs them, not
        at start: an app nobody connects to never imports them (a light start, #41).
        The probe runs it on the GUI thread (:meth:`~probe.server.probe.Probe.api_ready`)."""
        self._deferred = declare

    @property
    def complete(self) -> bool:
        """Every method is declared (nothing deferred is left to run)."""
        return self._deferred is None

    def complete_now(self) -> None:
        """Run the deferred declarations, once, whichever thread asks first."""
        with self._lock:
            declare = self._deferred
            if declare is not None:
                declare()  # raising, it stays deferred: the next call tries again
                self._deferred = None  # complete only now: calls meanwhile wait for it

    def topic(self, name: str, description: str) -> None:
        """Declare a topic clients may subscribe to (``probe.subscribe``)."""
        self.topics[name] = description

    def notification(self, method: str, params: Any, topic: str | None = None) -> None:
        """Declare a notification: ``params`` is its ``probe.wire`` type (the same
        declaration again, as each probe of a process makes its own, is kept once)."""
        spec = NotificationSpec(method, params, topic)
        if self.notifications.setdefault(method, spec) != spec:
            raise ValueError(f"notification {method} declared twice")

    def on_start(self, fn: Callable[[Any], None]) -> Callable[[Any], None]:
        """Run ``fn(outlet)`` when a probe starts with this registry (decorator)."""
        self.starters.append(fn)
        return fn

    def method(
        self, name: str, *, changes: bool = False, gui: bool = True,
        timeout: float | None = None, marks: bool = False, replay: Replay | None = None,
        tool: Tool | None = None, reads_if: Callable[[Any], bool] | None = None,
        saves: Callable[[Any, Any], Callable[[], Any]] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare a method; every fact about it is said here, once.

        ``changes``: calls change the app (the approval gate holds them, MCP hosts ask
        first, a replay runs them). ``gui``: a plain function runs on the GUI thread
        (``False``: on the transport thread). ``timeout``: seconds its GUI job may wait.
        ``marks``: the inspector's live view marks where it acted. ``replay``: what a
        replay does with a recorded call (default: run it when it changes the app, else
        nothing). ``tool``: how the MCP server offers it.
        """

        def register(func: Callable[..., Any]) -> Callable[..., Any]:
            if name in self.methods:
                raise ValueError(f"method {name} declared twice")
            how = replay or (Replay("run") if changes else Replay("none"))
            spec = spec_of(name, func, changes=changes, gui=gui, timeout=timeout, marks=marks,
                           replay=how, tool=tool or Tool())
            spec.reads_if, spec.saves = reads_if, saves
            self.methods[name] = spec
            return func

        return register

    def get(self, name: str) -> MethodSpec | None:
        return self.methods.get(name)

    def schema(self) -> Schema:
        """Every method's description, sorted by name (``qt.schema``, ``GET /schema``)."""
        return {
            "protocol": "JSON-RPC 2.0",
            "envelope": {"result": "method result", "meta": "timing and context"},
            "methods": [self.methods[n].describe() for n in sorted(self.methods)],
            "notifications": [self.notifications[n].describe()
                              for n in sorted(self.notifications)],
        }


def spec_of(name: str, func: Callable[..., Any], *, changes: bool, gui: bool,
            timeout: float | None, marks: bool = False, replay: Replay | None = None,
            tool: Tool | None = None) -> MethodSpec:
    hints = typing.get_type_hints(func, include_extras=True)
    sig = inspect.signature(func)
    params: list[Param] = []
    wants_ctx = False
    for pname, p in sig.parameters.items():
        if pname == "ctx":
            wants_ctx = True
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise TypeError(f"{name}: *args/**kwargs cannot be declared as params")
        schema = schema_of(hints.get(pname, Any))
        required = p.default is _MISSING
        if not required and p.default is not None:
            schema = {**schema, "default": p.default}
        params.append(Param(pname, schema, required, None if required else p.default,
                            aliases_of(hints.get(pname)), names_element(hints.get(pname))))
    doc = inspect.cleandoc(func.__doc__ or "")
    if not doc:
        raise TypeError(f"{name}: a method needs a docstring (it is the API's documentation)")
    result_hint = hints.get("return", Any)
    is_async = inspect.iscoroutinefunction(func)
    return MethodSpec(
        name=name, func=func, params=params, summary=doc.splitlines()[0], doc=doc,
        changes=changes, gui=gui and not is_async, is_async=is_async, timeout=timeout,
        wants_ctx=wants_ctx, result_schema=_result_schema(result_hint, gui and not is_async),
        marks=marks,
        replay=replay or Replay("run" if changes else "none"), tool=tool or Tool(),
    )


def result_type(hint: Any) -> Any:
    """The type a method's answer has: its return annotation, unwrapped from ``Meta[X]``."""
    if typing.get_origin(hint) is Meta:
        return typing.get_args(hint)[0]
    return Any if hint is Meta else hint


def _result_schema(hint: Any, gui: bool) -> dict[str, Any]:
    """The answer's schema, from the return annotation (a ``probe.wire`` type); a method
    run on the GUI thread may instead answer :class:`~probe.wire._shared.Pending` (its
    code waits in a dialog it opened)."""
    declared = wire_schema.schema_of(result_type(hint))
    if not gui:
        return declared
    pending = wire_schema.schema_of(Pending)
    defs = {**declared.pop("$defs", {}), **pending.pop("$defs", {})}
    out: dict[str, Any] = {"anyOf": [declared, pending]}
    if defs:
        out["$defs"] = defs
    return out


#: The registry the API modules declare on.
REGISTRY = Registry()
method = REGISTRY.method
topic = REGISTRY.topic
notification = REGISTRY.notification
on_start = REGISTRY.on_start
