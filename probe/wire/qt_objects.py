"""Objects family (``qt.objects.*``): find objects, the tree, one object in full, and the
lifecycle notification."""

from probe.wire._shared import ObjectSummary, Point, Rect, Source
from probe.wire._typing import NotRequired, TypedDict
from probe.wire.qt_methods import MethodInfo
from probe.wire.qt_properties import PropertyInfo


class Found(TypedDict):
    """``qt.objects.find``, ``findByClass``, ``query``: the objects found (at most the
    limit), how many there were, and for none: ``similar`` names or classes."""

    objects: list[ObjectSummary]
    count: int
    truncated: bool
    similar: NotRequired[list[str]]


class ObjectNode(ObjectSummary):
    """One object of the tree: Qt Quick items add their QML type and id, and ``children``
    come while within the depth asked for."""

    qmlType: NotRequired[str]
    qmlId: NotRequired[str]
    children: NotRequired[list["ObjectNode"]]


class ObjectTree(TypedDict):
    """``qt.objects.tree``: the start objects with their children, how many nodes, and
    whether ``maxNodes`` cut the walk short."""

    nodes: list[ObjectNode]
    count: int
    truncated: bool


class ObjectInfo(ObjectSummary):
    """One object in more detail: its parent, base classes, and for widgets where it is."""

    parentId: str | None
    superClasses: list[str]
    geometry: NotRequired[Rect]
    globalPos: NotRequired[Point]
    isWindow: NotRequired[bool]
    windowTitle: NotRequired[str]


class ObjectInfoWithSource(ObjectInfo):
    """``qt.objects.info``: the object and where it was made."""

    source: Source


class Inspection(TypedDict):
    """``qt.objects.inspect``: everything about one object in one answer."""

    object: ObjectInfo
    properties: list[PropertyInfo]
    methods: list[MethodInfo]
    signals: list[MethodInfo]
    children: list[ObjectSummary]
    source: Source


class Lifecycle(TypedDict):
    """``qt.objects.lifecycle`` (after ``qt.signals.setLifecycle``): objects made and
    gone since the last one, and how many were left out (a burst past the cap)."""

    created: list[ObjectSummary]
    destroyed: list[str]
    dropped: int
    droppedTotal: int
    ts: float
