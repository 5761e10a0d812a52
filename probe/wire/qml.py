"""Qt Quick (``qml.*``): item trees, one item, its context, its bindings."""

from typing import Any

from probe.wire._shared import ObjectSummary
from probe.wire._typing import NotRequired, TypedDict


class SourcePlace(TypedDict):
    """Where the item is declared: its .qml file, and the line (and column) when known."""

    file: str
    line: NotRequired[int]
    column: NotRequired[int]


class Item(ObjectSummary):
    """An item (or a window) of a Qt Quick scene: its QML type and id, where it was
    declared, and ``geometry`` ``[x, y, width, height]`` in its window (a window: on
    the screen, with its ``title``)."""

    type: str
    qmlId: str | None
    source: NotRequired[SourcePlace]
    opacity: NotRequired[float]
    z: NotRequired[float]
    title: NotRequired[str]
    geometry: list[float]
    children: NotRequired[list["Item"]]


class Tree(TypedDict):
    """``qml.tree``: the item trees (each window with its content), in stacking order."""

    nodes: list[Item]
    count: int
    truncated: bool


class Context(TypedDict):
    """``qml.contextProperties``: the item's QML context."""

    objectId: str
    baseUrl: str
    ids: dict[str, str]
    properties: dict[str, Any]
    missing: NotRequired[list[str]]


class Evaluated(TypedDict):
    """``qml.evaluate``."""

    value: Any


class Dependency(TypedDict):
    """A property a binding's expression reads: as written, and whose it is."""

    name: str
    #: None: a context property that is no object (``property`` is its name)
    objectId: str | None
    property: str
    value: Any


class Binding(TypedDict):
    """One property of an item: its value, and the binding or value the .qml gives it."""

    name: str
    value: Any
    bound: bool
    expression: str | None
    kind: str
    source: str
    file: str | None
    line: int | None
    #: a binding's (or alias's): the properties its expression reads
    dependencies: NotRequired[list[Dependency]]
    #: Qt reported a binding loop at this binding
    loop: NotRequired[bool]


class Bindings(TypedDict):
    """``qml.bindings``."""

    objectId: str
    type: str
    qmlId: str | None
    file: str | None
    properties: list[Binding]
