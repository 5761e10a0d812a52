"""The probe's answers and notifications about the app, as small dataclasses.

Every field name of the wire that a pane shows is read here, once, by a ``from_json``;
panes and models only see attributes. Values the probe sends in its own value shapes
(a property's value, a model cell, a method's return) stay JSON: the value editors and
formatters speak those shapes (see :mod:`inspector.models.values`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from inspector.link.page import Rect, rect_of


def _dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def _float(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else None


def _int(value: Any, default: int = 0) -> int:
    return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else default


def _strings(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


# ------------------------------------------------------------------ the app


# ------------------------------------------------------------------ objects


@dataclass(slots=True)
class ObjectInfo:
    """One QObject as the probe describes it (``qt.objects.tree``, lifecycle)."""

    id: str
    class_name: str = ""
    object_name: str = ""
    path: str = ""
    child_count: int = 0
    is_widget: bool = False
    visible: bool | None = None
    qml_id: str = ""
    qml_type: str = ""
    #: the children the answer carried; None when it did not go that deep
    children: list[ObjectInfo] | None = None
    #: the parent's id; "" for a top-level object; None when not said (go by path)
    parent_id: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ObjectInfo:
        kids = data.get("children")
        children = [cls.from_json(k) for k in kids if isinstance(k, dict)] \
            if isinstance(kids, list) else None
        parent_id: str | None = None
        if "parentId" in data:
            parent_id = str(data["parentId"] or "")
        visible = data.get("visible")
        return cls(str(data.get("id", "")), str(data.get("className") or ""),
                   str(data.get("objectName") or ""), str(data.get("path") or ""),
                   _int(data.get("childCount")), bool(data.get("isWidget")),
                   visible if isinstance(visible, bool) else None,
                   str(data.get("qmlId") or ""), str(data.get("qmlType") or ""),
                   children, parent_id)


@dataclass(frozen=True, slots=True)
class ObjectTree:
    """Objects under the one asked for (or the app's roots), possibly cut short."""

    nodes: list[ObjectInfo]
    truncated: bool


@dataclass(frozen=True, slots=True)
class Lifecycle:
    """Objects created and destroyed in the app (``qt.objects.lifecycle``)."""

    created: list[ObjectInfo]
    destroyed: list[str]
    dropped: int

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> Lifecycle:
        return cls([ObjectInfo.from_json(c) for c in params.get("created") or []
                    if isinstance(c, dict)], _strings(params.get("destroyed")),
                   _int(params.get("dropped")))


# ------------------------------------------------------------------ properties, methods


@dataclass(frozen=True, slots=True)
class MethodInfo:
    """A slot, invokable or signal of an object (``qt.methods.list``)."""

    name: str
    signature: str
    kind: str
    return_type: str = ""
    parameter_types: tuple[str, ...] = ()
    parameter_names: tuple[str, ...] = ()
    declared_in: str = ""

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> MethodInfo:
        return cls(str(data.get("name") or ""), str(data.get("signature") or ""),
                   str(data.get("kind") or ""), str(data.get("returnType") or ""),
                   tuple(_strings(data.get("parameterTypes"))),
                   tuple(_strings(data.get("parameterNames"))),
                   str(data.get("declaredIn") or ""))

    @property
    def void(self) -> bool:
        return self.return_type in ("", "void")


@dataclass(frozen=True, slots=True)
class Emission:
    """A subscribed signal fired (``qt.signals.emitted``)."""

    subscription_id: str
    object_id: str
    signal: str
    args: Any
    ts: float

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> Emission:
        return cls(str(params.get("subscriptionId")), str(params.get("objectId") or ""),
                   str(params.get("signal") or ""), params.get("args"),
                   _float(params.get("ts")) or 0.0)


# ------------------------------------------------------------------ console


@dataclass(frozen=True, slots=True)
class ConsoleMessage:
    """One line the app printed or logged."""

    seq: int | None
    ts: float | None
    level: str
    source: str
    text: str

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ConsoleMessage:
        seq = data.get("seq")
        return cls(seq if isinstance(seq, int) else None, _float(data.get("ts")),
                   str(data.get("level") or "info").lower(), str(data.get("source") or ""),
                   str(data.get("text") or ""))


@dataclass(frozen=True, slots=True)
class ConsoleBatch:
    """Console messages (the buffer, or a push) and how many the probe dropped so far."""

    messages: list[ConsoleMessage]
    dropped: int | None

    @classmethod
    def from_json(cls, data: Any) -> ConsoleBatch:
        data = _dict(data)
        dropped = data.get("dropped")
        return cls([ConsoleMessage.from_json(m) for m in data.get("messages") or []
                    if isinstance(m, dict)], dropped if isinstance(dropped, int) else None)


# ------------------------------------------------------------------ live view


@dataclass(frozen=True, slots=True)
class Hit:
    """What is under a point of the window (``qt.ui.hitTest``)."""

    id: str
    object_name: str
    class_name: str
    bounds: Rect | None

    @classmethod
    def from_json(cls, data: Any) -> Hit:
        data = _dict(data)
        return cls(str(data.get("id")), str(data.get("objectName") or ""),
                   str(data.get("className") or ""), rect_of(data.get("bounds")))

    @property
    def label(self) -> str:
        return f"{self.object_name or self.class_name} ({self.class_name} {self.id})"


@dataclass(frozen=True, slots=True)
class Placement:
    """Where an object is: its window and its rectangle in it (``qt.ui.geometry``)."""

    window_name: str | None
    rect: Rect | None

    @classmethod
    def from_json(cls, data: Any) -> Placement:
        data = _dict(data)
        name = data.get("windowName")
        return cls(str(name) if name else None, rect_of(data.get("window")))


@dataclass(frozen=True, slots=True)
class Picture:
    """A picture of the app (``qt.ui.screenshot``), its data still base64."""

    format: str
    width: int
    height: int
    data: str

    @classmethod
    def from_json(cls, data: Any) -> Picture:
        data = _dict(data)
        return cls(str(data.get("format") or "jpeg"), _int(data.get("width")),
                   _int(data.get("height")), str(data.get("data") or ""))


# ------------------------------------------------------------------ Qt Quick


@dataclass(frozen=True, slots=True)
class QuickItem:
    """One item of a Qt Quick scene (``qml.tree``), in stacking order."""

    id: str
    qml_id: str
    type: str
    class_name: str
    geometry: tuple[float, ...]
    visible: bool | None
    z: float | None
    source_file: str
    source_line: int | None
    children: list[QuickItem] = field(default_factory=list)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> QuickItem:
        source = _dict(data.get("source"))
        geometry = data.get("geometry")
        visible = data.get("visible")
        line = source.get("line")
        return cls(str(data.get("id") or ""), str(data.get("qmlId") or ""),
                   str(data.get("type") or ""), str(data.get("className") or ""),
                   tuple(geometry) if isinstance(geometry, list) and len(geometry) == 4
                   else (), visible if isinstance(visible, bool) else None,
                   _float(data.get("z")), str(source.get("file") or ""),
                   line if isinstance(line, int) else None,
                   [cls.from_json(c) for c in data.get("children") or []
                    if isinstance(c, dict)])


@dataclass(frozen=True, slots=True)
class QuickTree:
    items: list[QuickItem]
    count: int
    truncated: bool

    @classmethod
    def from_json(cls, data: Any) -> QuickTree:
        data = _dict(data)
        return cls([QuickItem.from_json(n) for n in data.get("nodes") or []
                    if isinstance(n, dict)], _int(data.get("count")),
                   bool(data.get("truncated")))


# ------------------------------------------------------------------ item models


@dataclass(frozen=True, slots=True)
class ModelRef:
    """A model or view named by its id and objectName."""

    id: str
    object_name: str

    @classmethod
    def from_json(cls, data: Any) -> ModelRef:
        if isinstance(data, str):
            return cls(data, "")
        data = _dict(data)
        return cls(str(data.get("id") or ""), str(data.get("objectName") or ""))

    @property
    def label(self) -> str:
        return self.object_name or self.id


@dataclass(frozen=True, slots=True)
class ModelEntry:
    """One item model of the app (``qt.models.list``), with the views showing it."""

    id: str
    object_name: str
    path: str
    class_name: str
    row_count: int
    column_count: int
    views: list[str]

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModelEntry:
        return cls(str(data.get("id") or ""), str(data.get("objectName") or ""),
                   str(data.get("path") or ""), str(data.get("className") or ""),
                   _int(data.get("rowCount")), _int(data.get("columnCount")),
                   _strings(data.get("views")))


@dataclass(frozen=True, slots=True)
class ModelInfo:
    """An item model's shape (``qt.models.info``): size, headers, roles, sources, views."""

    id: str
    object_name: str
    class_name: str
    row_count: int
    column_count: int
    headers: list[Any]
    generation: int | None
    #: user and standard role names the model's roleNames() gives, with their numbers
    role_names: dict[str, int]
    source_chain: list[ModelRef]
    views: list[ModelRef]

    @classmethod
    def from_json(cls, data: Any) -> ModelInfo:
        data = _dict(data)
        generation = data.get("generation")
        roles = _dict(data.get("roleNames"))
        return cls(str(data.get("id") or ""), str(data.get("objectName") or ""),
                   str(data.get("className") or ""), _int(data.get("rowCount")),
                   _int(data.get("columnCount")), list(data.get("headers") or []),
                   generation if isinstance(generation, int) else None,
                   {str(k): _int(v) for k, v in roles.items()},
                   [ModelRef.from_json(m) for m in data.get("sourceChain") or []],
                   [ModelRef.from_json(v) for v in data.get("views") or []])


@dataclass(frozen=True, slots=True)
class ModelRow:
    """One row of a page: its cells (one value each, or ``{role: value}`` for several
    roles) and whether it has children."""

    row: int
    cells: list[Any]
    has_children: bool


@dataclass(frozen=True, slots=True)
class RowsPage:
    """Rows of an item model from ``offset`` (``qt.models.rows``)."""

    offset: int
    rows: list[ModelRow]

    @classmethod
    def from_json(cls, data: Any) -> RowsPage:
        data = _dict(data)
        return cls(_int(data.get("offset")), [
            ModelRow(_int(r.get("row")), list(r.get("cells") or []),
                     bool(r.get("hasChildren")))
            for r in data.get("rows") or [] if isinstance(r, dict)])


@dataclass(frozen=True, slots=True)
class CellEdit:
    """An edited cell: the value the app kept, and the one before."""

    value: Any
    previous: Any

    @classmethod
    def from_json(cls, data: Any) -> CellEdit:
        data = _dict(data)
        return cls(data.get("value"), data.get("previous"))


# ------------------------------------------------------------------ events, timers


@dataclass(frozen=True, slots=True)
class QtEvent:
    """One QEvent the event monitor saw (``qt.events``)."""

    ts: float
    type: str
    receiver: str
    class_name: str
    object_name: str
    key: str = ""
    text: str = ""
    button: str = ""
    pos: tuple[float, float] | None = None
    wheel: Any = None
    modifiers: tuple[str, ...] = ()
    spontaneous: bool = False

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> QtEvent:
        pos = _dict(data.get("pos"))
        angle = data.get("angleDelta")
        return cls(_float(data.get("ts")) or 0.0, str(data.get("type") or ""),
                   str(data.get("receiver") or ""), str(data.get("className") or ""),
                   str(data.get("objectName") or ""), str(data.get("key") or ""),
                   str(data.get("text") or ""), str(data.get("button") or ""),
                   (float(pos.get("x") or 0), float(pos.get("y") or 0)) if pos else None,
                   angle.get("y") if isinstance(angle, dict) else None,
                   tuple(_strings(data.get("modifiers"))), bool(data.get("spontaneous")))


@dataclass(frozen=True, slots=True)
class EventBatch:
    events: list[QtEvent]
    #: events the monitor's rate limit dropped since the last batch
    dropped: int

    @classmethod
    def from_json(cls, params: dict[str, Any]) -> EventBatch:
        return cls([QtEvent.from_json(e) for e in params.get("events") or []
                    if isinstance(e, dict)], _int(params.get("dropped")))


@dataclass(frozen=True, slots=True)
class ObjectRef:
    """An object named by its id, objectName and class (a timer's owner)."""

    id: str
    object_name: str
    class_name: str

    @classmethod
    def from_json(cls, data: Any) -> ObjectRef | None:
        if not isinstance(data, dict):
            return None
        return cls(str(data.get("id") or ""), str(data.get("objectName") or ""),
                   str(data.get("className") or ""))


#: A timer started with QObject.startTimer (no QTimer object of its own).
START_TIMER = "QObject.startTimer"


@dataclass(frozen=True, slots=True)
class TimerInfo:
    """A timer of the app (``qt.timers.list``): a QTimer, or an object's startTimer."""

    id: str
    kind: str
    timer_id: int | None
    object_name: str
    class_name: str
    interval: int | None
    active: bool
    owner: ObjectRef | None

    @classmethod
    def from_json(cls, data: dict[str, Any], id_key: str = "id") -> TimerInfo:
        timer_id, interval = data.get("timerId"), data.get("interval")
        return cls(str(data.get(id_key) or ""), str(data.get("kind") or "QTimer"),
                   timer_id if isinstance(timer_id, int) else None,
                   str(data.get("objectName") or ""), str(data.get("className") or ""),
                   interval if isinstance(interval, int) else None,
                   bool(data.get("active")), ObjectRef.from_json(data.get("owner")))

    @property
    def key(self) -> Any:
        """Where its measurement is kept: a QTimer by its id, a startTimer timer by its
        object's id and timer id (one object may run several)."""
        return (self.id, self.timer_id) if self.kind == START_TIMER else self.id


@dataclass(frozen=True, slots=True)
class TimerCount:
    """How often one timer woke the app while measured."""

    timer: TimerInfo
    wakeups: int
    per_second: float

    @classmethod
    def from_json(cls, data: dict[str, Any], id_key: str = "id") -> TimerCount:
        return cls(TimerInfo.from_json(data, id_key), _int(data.get("wakeups")),
                   _float(data.get("perSecond")) or 0.0)


@dataclass(frozen=True, slots=True)
class TimerMeasurement:
    """Wake-ups counted over ``seconds`` (``qt.timers.measure``): QTimers, and timer
    events of other objects (``others``, by their receiver)."""

    seconds: float
    timers: list[TimerCount]
    others: list[TimerCount]
    total_wakeups: int
    total_per_second: float

    @classmethod
    def from_json(cls, data: Any) -> TimerMeasurement:
        data = _dict(data)
        return cls(_float(data.get("seconds")) or 0.0,
                   [TimerCount.from_json(t) for t in data.get("timers") or []
                    if isinstance(t, dict)],
                   [TimerCount.from_json(o, "receiver") for o in data.get("otherTimers") or []
                    if isinstance(o, dict)],
                   _int(data.get("totalWakeups")), _float(data.get("totalPerSecond")) or 0.0)


# ------------------------------------------------------------------ sources and problems


@dataclass(frozen=True, slots=True)
class Source:
    """Where an object was made (``source`` of qt.objects.info): a Python line with its
    function and stack, a .qml declaration, or unknown (``why``, and ``near``: the
    nearest parent's source)."""

    kind: str = ""
    file: str = ""
    line: int = 0
    column: int = 0
    function: str = ""
    stack: tuple[str, ...] = ()
    why: str = ""
    near: Source | None = None
    near_via: str = ""

    @classmethod
    def from_json(cls, data: Any) -> Source:
        data = _dict(data)
        stack = tuple(f"{s.get('file')}:{s.get('line')} {s.get('function') or ''}".strip()
                      for s in data.get("stack") or [] if isinstance(s, dict))
        near = data.get("near")
        return cls(str(data.get("kind") or ""), str(data.get("file") or ""),
                   _int(data.get("line")), _int(data.get("column")),
                   str(data.get("function") or ""), stack, str(data.get("unknown") or ""),
                   Source.from_json(near) if isinstance(near, dict) else None,
                   str(_dict(near).get("via") or ""))

    @property
    def known(self) -> bool:
        return bool(self.file)

    @property
    def where(self) -> str:
        """``file:line`` (``:column`` for QML), '' when unknown."""
        if not self.file:
            return ""
        out = f"{self.file}:{self.line}" if self.line else self.file
        return f"{out}:{self.column}" if self.column and self.kind == "qml" else out


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding of qt.problems: its kind, element, what is wrong and how to fix it."""

    kind: str
    message: str
    hint: str
    object_id: str
    path: str
    class_name: str
    ref: str
    source: Source

    @classmethod
    def from_json(cls, data: Any) -> Problem:
        data = _dict(data)
        return cls(str(data.get("kind") or ""), str(data.get("message") or ""),
                   str(data.get("hint") or ""), str(data.get("objectId") or ""),
                   str(data.get("path") or ""), str(data.get("className") or ""),
                   str(data.get("ref") or ""), Source.from_json(data.get("source")))


@dataclass(frozen=True, slots=True)
class ProblemReport:
    """qt.problems: the findings, how many of each kind, and whether the list was cut."""

    problems: tuple[Problem, ...]
    counts: dict[str, int]
    total: int
    truncated: bool

    @classmethod
    def from_json(cls, data: Any) -> ProblemReport:
        data = _dict(data)
        problems = tuple(Problem.from_json(p) for p in data.get("problems") or []
                         if isinstance(p, dict))
        counts = {str(k): _int(v) for k, v in _dict(data.get("counts")).items()}
        return cls(problems, counts, _int(data.get("total"), len(problems)),
                   bool(data.get("truncated")))
