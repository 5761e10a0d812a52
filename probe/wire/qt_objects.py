"""Objects family (``qt.objects.*``): find objects, the tree, one object in full, and the
lifecycle notification."""

from typing import Any

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


#: The columns of a compact tree's rows (``qt.objects.tree`` with ``compact``).
COLUMNS = ("id", "parent", "segment", "className", "objectName", "flags", "childCount")
#: Bits of a compact row's ``flags``: a widget, visible, enabled, and "the class has no
#: visible (enabled) flag" (``null`` in the node form).
WIDGET, VISIBLE, ENABLED, NO_VISIBLE, NO_ENABLED = 1, 2, 4, 8, 16


class ObjectTree(TypedDict):
    """``qt.objects.tree``: the start objects with their children (``nodes``), how many
    objects, and whether ``maxNodes`` cut the walk short. With ``compact``, ``rows`` in
    walk order instead of ``nodes``: each a list in ``columns`` order (:data:`COLUMNS`;
    ``parent``: the parent's row, -1 for a start object; ``segment``: the path segment
    under the parent), with ``qmlType`` and ``qmlId`` appended for a Qt Quick item; a start
    object's path is ``prefix`` + its segment (:func:`nodes_of` reads either form)."""

    nodes: NotRequired[list[ObjectNode]]
    columns: NotRequired[list[str]]
    prefix: NotRequired[str]
    rows: NotRequired[list[list[Any]]]
    count: int
    truncated: bool


class ObjectNodes(TypedDict):
    """A ``qt.objects.tree`` answer read in the node form, whichever form came
    (:func:`nodes_of`)."""

    nodes: list[ObjectNode]
    count: int
    truncated: bool


def nodes_of(tree: ObjectTree) -> list[ObjectNode]:
    """The start objects with their children, from a tree in either form (compact rows
    become nodes: paths rebuilt from the segments, flags as the node form's fields)."""
    rows = tree.get("rows")
    if rows is None:
        return tree.get("nodes", [])
    prefix = tree.get("prefix", "")
    made: list[ObjectNode] = []
    starts: list[ObjectNode] = []
    for row in rows:
        ident, parent, segment, class_name, name, flags, count = row[:7]
        up = made[parent] if isinstance(parent, int) and 0 <= parent < len(made) else None
        node: ObjectNode = {
            "id": str(ident), "className": str(class_name), "objectName": str(name),
            "path": (up["path"] + "/" if up is not None else prefix) + str(segment),
            "isWidget": bool(flags & WIDGET), "childCount": int(count),
            "visible": None if flags & NO_VISIBLE else bool(flags & VISIBLE),
            "enabled": None if flags & NO_ENABLED else bool(flags & ENABLED)}
        if len(row) > 7 and row[7]:
            node["qmlType"] = str(row[7])
        if len(row) > 8 and row[8]:
            node["qmlId"] = str(row[8])
        made.append(node)
        if up is None:
            starts.append(node)
        else:
            up.setdefault("children", []).append(node)
    return starts


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
