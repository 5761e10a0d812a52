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
import math
import threading
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, Union

from probe.protocol import RpcError

_MISSING = inspect.Parameter.empty


class P:
    """Parameter metadata inside ``Annotated``: a description and extra JSON Schema keys.

    ``aliases`` are older names the parameter is still accepted under (said in its
    description, not listed as properties of their own). ``element`` marks a parameter
    that names the element the call acts on or reads (an object id, a ref, a model): the
    traffic mirror records that element's stable handles and a replay fills it in.
    """

    def __init__(self, description: str, *, aliases: tuple[str, ...] = (),
                 element: bool = False, **schema: Any) -> None:
        self.description = description
        self.aliases = aliases
        self.element = element
        self.schema = schema


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

    def describe(self) -> dict[str, Any]:
        return {k: v for k, v in (("tool", self.name), ("caps", self.caps),
                                  ("spoken", self.spoken), ("heavy", self.heavy)) if v}


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

    def describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"how": self.how}
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
        for p in self.params:
            if p.element:
                for key in (p.name, *p.aliases):
                    value = params.get(key)
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

    def describe(self) -> dict[str, Any]:
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
    """JSON Schema of a type hint (the subset the probe's declarations use)."""
    meta: list[P] = []
    if typing.get_origin(hint) is Annotated:
        hint, *extras = typing.get_args(hint)
        meta = [m for m in extras if isinstance(m, P)]
    schema = _plain_schema(hint)
    for m in meta:
        text = m.description
        if m.aliases:
            text += f" (also accepted as {', '.join(repr(a) for a in m.aliases)})"
        schema = {**schema, "description": text, **m.schema}
    return schema


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


def _plain_schema(hint: Any) -> dict[str, Any]:
    if hint is Any or hint is object or hint is _MISSING:
        return {}
    if hint is None or hint is type(None):
        return {"type": "null"}
    if hint is bool:
        return {"type": "boolean"}
    if hint is int:
        return {"type": "integer"}
    if hint is float:
        return {"type": "number"}
    if hint is str:
        return {"type": "string"}
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if hint is list or origin is list:
        return {"type": "array", **({"items": schema_of(args[0])} if args else {})}
    if hint is dict or origin is dict:
        extra = {"additionalProperties": schema_of(args[1])} if len(args) == 2 else {}
        return {"type": "object", **extra}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is Union or origin is types.UnionType:
        options = [schema_of(a) for a in args]
        simple = [o.get("type") for o in options]
        if all(isinstance(t, str) and len(o) == 1 for t, o in zip(simple, options)):
            return {"type": simple}
        return {"anyOf": options}
    if isinstance(hint, type) and typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint, include_extras=True)
        return {"type": "object", "properties": {k: schema_of(v) for k, v in hints.items()},
                "required": sorted(hint.__required_keys__), "additionalProperties": False}
    raise TypeError(f"cannot express {hint!r} as JSON Schema")


#: Magnitude of numbers a parameter without its own minimum/maximum accepts: integers
#: every JSON peer holds exactly; beyond, a number means nothing to a GUI and overflows
#: the C++ types it reaches.
SAFE_NUMBER = 2**53

_JSON_TYPES: dict[str, Callable[[Any], bool]] = {
    "null": lambda v: v is None,
    "boolean": lambda v: isinstance(v, bool),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "string": lambda v: isinstance(v, str),
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
}


def check(value: Any, schema: dict[str, Any], where: str) -> list[str]:
    """Problems of ``value`` against ``schema`` (the subset ``schema_of`` produces)."""
    if "anyOf" in schema and all(check(value, s, where) for s in schema["anyOf"]):
        return [f"'{where}' matches none of the allowed forms"]
    if "enum" in schema and value not in schema["enum"]:
        return [f"'{where}' must be one of {schema['enum']}, got {value!r:.60}"]
    wanted = schema.get("type")
    if wanted is not None:
        names = wanted if isinstance(wanted, list) else [wanted]
        if not any(_JSON_TYPES[n](value) for n in names):
            return [f"'{where}' must be {' or '.join(names)}, got {_json_type(value)}"]
    problems: list[str] = []
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if isinstance(value, float) and not math.isfinite(value):
            return [f"'{where}' must be a finite number, got {value}"]
        if "minimum" not in schema and "maximum" not in schema and abs(value) > SAFE_NUMBER \
                and wanted is not None:  # a typed number (an 'any' value is the method's)
            problems.append(f"'{where}' must be within +-2^53 (the numbers JSON peers "
                            "hold exactly)")
        if "minimum" in schema and value < schema["minimum"]:
            problems.append(f"'{where}' must be >= {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            problems.append(f"'{where}' must be <= {schema['maximum']}")
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            problems.append(f"'{where}' must have at least {schema['minLength']} characters")
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            problems.append(f"'{where}' must have at most {schema['maxLength']} characters")
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            problems.append(f"'{where}' needs at least {schema['minItems']} items")
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            problems.append(f"'{where}' takes at most {schema['maxItems']} items")
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problems.extend(check(item, schema["items"], f"{where}[{i}]"))
            if len(problems) > 5:
                break
    if isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                problems.append(f"'{where}' needs '{key}'")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                problems.extend(check(value[key], sub, f"{where}.{key}"))
        extra = schema.get("additionalProperties")
        if extra is False:
            known = schema.get("properties", {})
            problems.extend(f"'{where}' has no '{key}' (it takes {', '.join(known)})"
                            for key in value if key not in known)
        if isinstance(extra, dict):
            for key, item in value.items():
                if key not in schema.get("properties", {}):
                    problems.extend(check(item, extra, f"{where}.{key}"))
    return problems


def _json_type(value: Any) -> str:
    for name, test in _JSON_TYPES.items():
        if name != "number" and test(value):
            return name
    return "number" if _JSON_TYPES["number"](value) else type(value).__name__


# ------------------------------------------------------------------------- registry


class Registry:
    """Name -> MethodSpec, and the notification topics; the API modules fill it at import
    time, the probe adds the transport's own topics when it starts."""

    def __init__(self) -> None:
        self.methods: dict[str, MethodSpec] = {}
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

    def schema(self) -> dict[str, Any]:
        """Every method's description, sorted by name (``qt.schema``, ``GET /schema``)."""
        return {
            "protocol": "JSON-RPC 2.0",
            "envelope": {"result": "method result", "meta": "timing and context"},
            "methods": [self.methods[n].describe() for n in sorted(self.methods)],
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
        wants_ctx=wants_ctx, result_schema=_result_schema(result_hint), marks=marks,
        replay=replay or Replay("run" if changes else "none"), tool=tool or Tool(),
    )


def _result_schema(hint: Any) -> dict[str, Any]:
    """Results are documented, not validated: a hint JSON Schema cannot express is 'any'."""
    try:
        return schema_of(hint)
    except TypeError:
        return {}


#: The registry the API modules declare on.
REGISTRY = Registry()
method = REGISTRY.method
topic = REGISTRY.topic
on_start = REGISTRY.on_start
